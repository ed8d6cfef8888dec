import { useQueries } from '@tanstack/react-query';
import { SiteSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET site/{id} of each chosen site, for its name (a profile stores ids only). */
export function useSiteNames(ids: readonly string[]): Map<string, string> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['site', id, 'name'] as const,
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await apiRequest(`site/${encodeURIComponent(id)}`, { schema: SiteSchema, signal })).name,
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map<string, string>();
  ids.forEach((id, i) => {
    const name = results[i]?.data;
    if (name) names.set(id, name);
  });
  return names;
}
