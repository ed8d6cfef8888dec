import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PagedSchema, SiteSummarySchema } from '@vnoc/contracts';
import { type FleetSearchParams, fleetSearchQuery } from '../../../components/fleet-search.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { useFilteredSearchTracking } from '../../../lib/product-analytics.ts';

/** GET site/search/filtered: the fleet search as it is. */
export type SiteSearchParams = FleetSearchParams;

export function searchSites(params: SiteSearchParams, signal?: AbortSignal) {
  return apiRequest('site/search/filtered', {
    query: fleetSearchQuery(params),
    schema: import.meta.env.DEV ? PagedSchema(SiteSummarySchema) : undefined,
    signal,
  });
}

export function searchSitesQueryOptions(params: SiteSearchParams) {
  return queryOptions({
    queryKey: ['sites', 'search', params],
    queryFn: ({ signal }) => searchSites(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useSearchSites(params: SiteSearchParams, enabled = true) {
  useFilteredSearchTracking('sites', params, enabled);
  return useQuery({ ...searchSitesQueryOptions(params), enabled });
}
