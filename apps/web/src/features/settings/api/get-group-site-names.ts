import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, PagedSchema, SiteSummarySchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const PageOfSites = PagedSchema(SiteSummarySchema);
/** A safety stop: 50 pages of 200 is 10 000 sites in one group. */
const MAX_PAGES = 50;

/** The names of a group's sites (GET site/search/filtered?groupId=, 200 at a time), by site id. */
export async function getGroupSiteNames(groupId: string, signal?: AbortSignal): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await apiRequest('site/search/filtered', {
      schema: PageOfSites,
      query: { page, pageSize: MAX_PAGE_SIZE, sorting: 'name-asc', groupId },
      signal,
    });
    for (const site of result.content)
      names.set(site.id, site.alias ? `${site.name} (${site.alias})` : site.name);
    if (page + 1 >= result.totalPages || result.content.length === 0) break;
  }
  return names;
}

/** The names of a group's sites, so the sites it holds show by name in the picker; nothing without a group. */
export function useGroupSiteNames(groupId: string | null) {
  return useQuery({
    queryKey: ['sites', 'group-names', groupId] as const,
    queryFn: ({ signal }) => getGroupSiteNames(groupId ?? '', signal),
    enabled: groupId !== null,
  });
}
