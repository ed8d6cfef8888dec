import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client.ts';

interface ItemQuery<S extends z.ZodType, K extends readonly unknown[]> {
  /** The API resource: the request is GET `{path}/{id}`. */
  path: string;
  /** Checked in development and tests only (docs/decisions/web.md). */
  schema: S | undefined;
  /** Where the answer is cached (a live event or a change refreshes it by this key). */
  queryKey: K;
  /** How often to ask again while it is shown; never by default (the item does not change by itself). */
  refetchInterval?: () => number | false;
}

/** The query of one item by its id (a device, a site, a ticket, an alert, an organization), read through its schema. */
export function itemQueryOptions<S extends z.ZodType, K extends readonly unknown[]>(
  id: string,
  { path, schema, queryKey, refetchInterval }: ItemQuery<S, K>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiRequest(`${path}/${encodeURIComponent(id)}`, { schema, signal }),
    refetchInterval,
  });
}

/**
 * One kind of item read by its id, cached under `[path, id]`: its query key (to write or refresh it after a
 * change) and its query.
 */
export function itemQuery<P extends string, S extends z.ZodType>(
  path: P,
  schema: S | undefined,
  refetchInterval?: () => number | false,
) {
  const queryKey = (id: string) => [path, id] as const;
  return {
    queryKey,
    options: (id: string) => itemQueryOptions(id, { path, schema, queryKey: queryKey(id), refetchInterval }),
  };
}
