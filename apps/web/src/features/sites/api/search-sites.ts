import { useQuery } from '@tanstack/react-query';
import { PagedSchema, SiteSummarySchema } from '@vnoc/contracts';
import { type FleetSearchParams, fleetSearchQuery } from '../../../components/fleet-search.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useFilteredSearchTracking } from '../../../lib/product-analytics.ts';

/** GET site/search/filtered: the fleet search as it is. */
export type SiteSearchParams = FleetSearchParams;

export function searchSitesQueryOptions(params: SiteSearchParams) {
  const request = {
    query: fleetSearchQuery(params),
    schema: import.meta.env.DEV ? PagedSchema(SiteSummarySchema) : undefined,
  };
  return pageQueryOptions(['sites', 'search', params], 'site/search/filtered', request, () =>
    liveRefetchInterval(),
  );
}

export function useSearchSites(params: SiteSearchParams, enabled = true) {
  useFilteredSearchTracking('sites', params, enabled);
  return useQuery({ ...searchSitesQueryOptions(params), enabled });
}
