import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SupportPeoplePageSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface SupportPeopleParams {
  q?: string;
  page: number;
  pageSize: number;
}

/** GET support/people: customers' people across organizations (SUPPORT staff only). */
export function getSupportPeople(params: SupportPeopleParams, signal?: AbortSignal) {
  return apiRequest('support/people', {
    query: { q: params.q || undefined, page: params.page, pageSize: params.pageSize },
    schema: SupportPeoplePageSchema,
    signal,
  });
}

export function useSupportPeople(params: SupportPeopleParams) {
  return useQuery(
    queryOptions({
      queryKey: ['support', 'people', params],
      queryFn: ({ signal }) => getSupportPeople(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
