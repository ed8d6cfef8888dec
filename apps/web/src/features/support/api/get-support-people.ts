import { useQuery } from '@tanstack/react-query';
import { SupportPeoplePageSchema } from '@vnoc/contracts';
import { pageQueryOptions } from '../../../lib/page-query.ts';

export interface SupportPeopleParams {
  q?: string;
  page: number;
  pageSize: number;
}

/** GET support/people: customers' people across organizations (SUPPORT staff only). */
export function useSupportPeople(params: SupportPeopleParams) {
  return useQuery(
    pageQueryOptions(['support', 'people', params], 'support/people', {
      query: { q: params.q || undefined, page: params.page, pageSize: params.pageSize },
      schema: SupportPeoplePageSchema,
    }),
  );
}
