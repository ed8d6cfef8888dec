import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type RequestOptions } from './api-client.ts';

/**
 * One page of a server list: GET `path` with the list's query (its page, sorting and filters), cached under
 * `queryKey`. The page shown stays while the next one loads, so a new sort, filter or page does not blank the
 * table; `refetchInterval` keeps a live list fresh.
 */
export function pageQueryOptions<S extends z.ZodType, K extends readonly unknown[]>(
  queryKey: K,
  path: string,
  request: Pick<RequestOptions<S>, 'query' | 'schema'>,
  refetchInterval?: () => number | false,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<z.infer<S>> => apiRequest(path, { ...request, signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}
