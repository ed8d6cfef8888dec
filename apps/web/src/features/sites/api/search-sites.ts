import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PagedSchema, SiteSummarySchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const SiteSearchPageSchema = PagedSchema(SiteSummarySchema);

/** GET site/search/filtered: lists are sent comma-separated, empty filters left out. */
export interface SiteSearchParams {
  page: number;
  pageSize: number;
  sorting?: string;
  status?: readonly string[];
  kind?: readonly string[];
  groupId?: readonly string[];
  q?: string;
}

function list(values: readonly string[] | undefined): string | undefined {
  return values && values.length > 0 ? values.join(',') : undefined;
}

export function searchSites(params: SiteSearchParams, signal?: AbortSignal) {
  return apiRequest('site/search/filtered', {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      sorting: params.sorting,
      status: list(params.status),
      kind: list(params.kind),
      groupId: list(params.groupId),
      q: params.q?.trim() || undefined,
    },
    schema: SiteSearchPageSchema,
    signal,
  });
}

export function searchSitesQueryOptions(params: SiteSearchParams) {
  return queryOptions({
    queryKey: ['sites', 'search', params],
    queryFn: ({ signal }) => searchSites(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSearchSites(params: SiteSearchParams, enabled = true) {
  return useQuery({ ...searchSitesQueryOptions(params), enabled });
}
