import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Site, SiteSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';

export const siteQueryKey = (id: string) => ['site', id] as const;

/** GET site/{id}: one site with its contacts and devices. */
export function getSite(id: string, signal?: AbortSignal): Promise<Site> {
  return apiRequest(`site/${encodeURIComponent(id)}`, { schema: SiteSchema, signal });
}

export function getSiteQueryOptions(id: string) {
  return queryOptions({
    queryKey: siteQueryKey(id),
    queryFn: ({ signal }) => getSite(id, signal),
    // Device statuses change while the overview is open.
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useSite(id: string) {
  return useQuery(getSiteQueryOptions(id));
}
