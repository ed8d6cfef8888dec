import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GlobalSearchResultSchema, QueryVocabularySchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET search: the sites, devices, active alerts and tickets a fleet query finds, grouped. */
export function globalSearch(q: string, signal?: AbortSignal) {
  return apiRequest('search', {
    query: { q },
    schema: import.meta.env.DEV ? GlobalSearchResultSchema : undefined,
    signal,
  });
}

/** The results of a query that reads (the caller checks it first); nothing is asked for an empty one. */
export function useGlobalSearch(q: string) {
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => globalSearch(q, signal),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET search/vocabulary: the models, groups and states the suggestions offer, once the search opens. */
export function useQueryVocabulary(enabled: boolean) {
  return useQuery({
    queryKey: ['search', 'vocabulary'],
    queryFn: ({ signal }) =>
      apiRequest('search/vocabulary', {
        schema: import.meta.env.DEV ? QueryVocabularySchema : undefined,
        signal,
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
