import { useQuery } from '@tanstack/react-query';
import { PagedSchema, SiteSummarySchema } from '@vnoc/contracts';
import { pageQueryOptions } from '../../../lib/page-query.ts';

export const unassociatedSitesQueryKey = ['site', 'unassociated'] as const;

/** GET site/unassociated: the organization's sites in no site group (administrators), by name. */
export function useUnassociatedSites(page: number, pageSize: number) {
  return useQuery(
    pageQueryOptions([...unassociatedSitesQueryKey, page, pageSize], 'site/unassociated', {
      query: { page, pageSize },
      schema: PagedSchema(SiteSummarySchema),
    }),
  );
}
