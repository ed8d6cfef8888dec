import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PagedSchema, RecentSiteSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { keepVisited, recentSitesQuery } from '../utils/recent-sites-query.ts';

/** GET site/recent (spec part 5 defaults: page 0, pageSize 50, lastVisited-desc); only visited entries kept. */
export async function getRecentSites(
  input: { page?: number; pageSize?: number; sorting?: string },
  signal?: AbortSignal,
) {
  const query = recentSitesQuery(input);
  const answer = await apiRequest('site/recent', {
    query: { ...query },
    schema: import.meta.env.DEV ? PagedSchema(RecentSiteSchema) : undefined,
    signal,
  });
  return { ...answer, content: keepVisited(answer.content) };
}

export function getRecentSitesQueryOptions(input: { page?: number; pageSize?: number; sorting?: string }) {
  return queryOptions({
    queryKey: ['sites', 'recent', recentSitesQuery(input)],
    queryFn: ({ signal }) => getRecentSites(input, signal),
    placeholderData: keepPreviousData,
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useRecentSites(
  input: { page?: number; pageSize?: number; sorting?: string },
  enabled = true,
) {
  return useQuery({ ...getRecentSitesQueryOptions(input), enabled });
}

/** The most recently visited site, for the menu's Last Visited Site. */
export function useLastVisitedSite(enabled = true) {
  const query = useQuery({ ...getRecentSitesQueryOptions({ page: 0, pageSize: 1 }), enabled });
  return { ...query, site: query.data?.content[0] ?? null };
}
