import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DeviceSummary, DeviceSummarySchema, MAX_PAGE_SIZE, PagedSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { HEARTBEAT_REFRESH_MS, liveRefetchInterval } from '../../../lib/live.ts';

/** GET device/search/filtered?siteId=: all of one site's devices in one request, in id order (the site's order). */
export async function getSiteDevices(siteId: string, signal?: AbortSignal): Promise<DeviceSummary[]> {
  const page = await apiRequest('device/search/filtered', {
    schema: import.meta.env.DEV ? PagedSchema(DeviceSummarySchema) : undefined,
    query: { siteId, pageSize: MAX_PAGE_SIZE },
    signal,
  });
  return [...page.content].sort((a, b) => a.id.localeCompare(b.id));
}

export function getSiteDevicesQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: ['sites', siteId, 'devices'] as const,
    queryFn: ({ signal }) => getSiteDevices(siteId, signal),
    refetchInterval: () => liveRefetchInterval(HEARTBEAT_REFRESH_MS),
  });
}

export function useSiteDevices(siteId: string) {
  return useQuery(getSiteDevicesQueryOptions(siteId));
}
