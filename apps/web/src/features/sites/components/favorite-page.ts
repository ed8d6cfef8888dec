import type { SiteSummary } from '@vnoc/contracts';
import type { TableParams } from '../../../components/data-table/table-params.ts';

type Key = (site: SiteSummary) => string | number;

const keys: Record<string, Key> = {
  name: (s) => s.name.toLowerCase(),
  alias: (s) => (s.alias ?? '').toLowerCase(),
  backOfficeAccountId: (s) => s.backOfficeAccountId ?? '',
  city: (s) => `${s.address.city ?? ''}, ${s.address.state ?? ''}`.toLowerCase(),
  state: (s) => (s.address.state ?? '').toLowerCase(),
  zip: (s) => s.address.zip ?? '',
  status: (s) => s.status,
  deviceCount: (s) => s.deviceCount,
};

/**
 * Favorite Sites come from GET site (every visible site with the user's flag), so the favourites are sorted
 * and paged here, with the same sorts as the server's list (default: by name).
 */
export function favoritePage(
  sites: readonly SiteSummary[],
  table: TableParams,
): { rows: SiteSummary[]; total: number } {
  const key = keys[table.sort?.id ?? 'name'] ?? (keys.name as Key);
  const direction = table.sort?.desc ? -1 : 1;
  const favorites = sites
    .filter((s) => s.favorite)
    .sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return (x < y ? -1 : x > y ? 1 : 0) * direction || a.id.localeCompare(b.id);
    });
  const start = table.page * table.pageSize;
  return { rows: favorites.slice(start, start + table.pageSize), total: favorites.length };
}
