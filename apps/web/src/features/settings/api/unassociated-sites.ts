import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PagedSchema, SiteSummarySchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const unassociatedSitesQueryKey = ['site', 'unassociated'] as const;

/** GET site/unassociated: the organization's sites in no site group (administrators), by name. */
export function getUnassociatedSites(page: number, pageSize: number, signal?: AbortSignal) {
  return apiRequest('site/unassociated', {
    query: { page, pageSize },
    schema: PagedSchema(SiteSummarySchema),
    signal,
  });
}

export function useUnassociatedSites(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...unassociatedSitesQueryKey, page, pageSize],
    queryFn: ({ signal }) => getUnassociatedSites(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
