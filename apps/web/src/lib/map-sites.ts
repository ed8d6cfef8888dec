import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, PagedSchema, type SiteSummary, SiteSummarySchema } from '@vnoc/contracts';
import { apiRequest } from './api-client.ts';
import { liveRefetchInterval } from './live.ts';

const PageOfSites = PagedSchema(SiteSummarySchema);
/** A safety stop: 50 pages of 200 is 10 000 sites. */
const MAX_PAGES = 50;

/** Every site of the organization for the map: GET site/search/filtered page by page, 200 at a time. */
export async function getMapSites(
  signal?: AbortSignal,
  groupIds: readonly string[] = [],
): Promise<SiteSummary[]> {
  const sites: SiteSummary[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await apiRequest('site/search/filtered', {
      schema: PageOfSites,
      query: {
        page,
        pageSize: MAX_PAGE_SIZE,
        sorting: 'name-asc',
        groupId: groupIds.length > 0 ? groupIds.join(',') : undefined,
      },
      signal,
    });
    sites.push(...result.content);
    if (page + 1 >= result.totalPages || result.content.length === 0) break;
  }
  return sites;
}

/** `groupIds`: only the sites of these groups (a dashboard's scope); none → every site. */
export function getMapSitesQueryOptions(groupIds: readonly string[] = []) {
  return queryOptions({
    queryKey: ['sites', 'map', ...(groupIds.length > 0 ? [{ groupIds: [...groupIds] }] : [])] as const,
    queryFn: ({ signal }) => getMapSites(signal, groupIds),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useMapSites(groupIds: readonly string[] = []) {
  return useQuery(getMapSitesQueryOptions(groupIds));
}
