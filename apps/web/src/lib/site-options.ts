import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PagedSchema, type SiteSummary, SiteSummarySchema } from '@vnoc/contracts';
import { apiRequest } from './api-client.ts';

/** How many sites a site picker offers for a search text (maintenance windows, notification profiles). */
export const SITE_OPTIONS = 20;

/** "City, State" of a site in a list (either may be missing). */
export function cityState(site: Pick<SiteSummary, 'address'>): string {
  return [site.address.city, site.address.state].filter(Boolean).join(', ');
}

/** GET site/search/filtered?q=: sites whose name, alias, account or address match, as {id, name} choices. */
export async function searchSiteOptions(q: string, signal?: AbortSignal) {
  const page = await apiRequest('site/search/filtered', {
    query: { page: 0, pageSize: SITE_OPTIONS, sorting: 'name-asc', q: q.trim() || undefined },
    schema: import.meta.env.DEV ? PagedSchema(SiteSummarySchema) : undefined,
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
