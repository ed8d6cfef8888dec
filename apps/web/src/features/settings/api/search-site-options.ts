import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { PagedSchema, SiteSchema, SiteSummarySchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** How many sites the search offers at once. */
export const SITE_OPTIONS = 20;

const PageOfSites = PagedSchema(SiteSummarySchema);

/** GET site/search/filtered?q=: sites whose name, alias, account or address match, as {id, name}. */
export async function searchSiteOptions(q: string, signal?: AbortSignal) {
  const page = await apiRequest('site/search/filtered', {
    query: { page: 0, pageSize: SITE_OPTIONS, sorting: 'name-asc', q: q.trim() || undefined },
    schema: PageOfSites,
    signal,
  });
  return { sites: page.content.map((site) => ({ id: site.id, name: site.name })), total: page.totalElements };
}

export function useSiteOptions(q: string) {
  return useQuery(
    queryOptions({
      queryKey: ['sites', 'options', q.trim()] as const,
      queryFn: ({ signal }) => searchSiteOptions(q, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

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
