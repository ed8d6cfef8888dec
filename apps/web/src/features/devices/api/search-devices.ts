import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DeviceSummary, DeviceSummarySchema, MAX_PAGE_SIZE, PagedSchema } from '@vnoc/contracts';
import { type FleetSearchParams, fleetSearchQuery } from '../../../components/fleet-search.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { HEARTBEAT_REFRESH_MS, liveRefetchInterval } from '../../../lib/live.ts';
import { useFilteredSearchTracking } from '../../../lib/product-analytics.ts';

/** Every device list's queries start with this key. */
export const deviceListKey = ['devices'] as const;

/** GET device/search/filtered: the fleet search, and models. */
export interface DeviceSearchParams extends FleetSearchParams {
  model?: readonly string[];
}

export function searchDevices(params: DeviceSearchParams, signal?: AbortSignal) {
  return apiRequest('device/search/filtered', {
    query: fleetSearchQuery(params, { model: params.model }),
    schema: import.meta.env.DEV ? PagedSchema(DeviceSummarySchema) : undefined,
    signal,
  });
}

/** Every device matching the search, across pages, up to `max` (the first `max` in the search's order). */
export async function searchAllDevices(params: DeviceSearchParams, max: number): Promise<DeviceSummary[]> {
  const found: DeviceSummary[] = [];
  for (let page = 0; found.length < max; page += 1) {
    const { content, totalElements } = await searchDevices({ ...params, page, pageSize: MAX_PAGE_SIZE });
    found.push(...content);
    if (content.length < MAX_PAGE_SIZE || found.length >= totalElements) break;
  }
  return found.slice(0, max);
}

export function searchDevicesQueryOptions(params: DeviceSearchParams) {
  return queryOptions({
    queryKey: [...deviceListKey, 'search', params],
    queryFn: ({ signal }) => searchDevices(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: () => liveRefetchInterval(HEARTBEAT_REFRESH_MS),
  });
}

export function useSearchDevices(params: DeviceSearchParams) {
  useFilteredSearchTracking('devices', params);
  return useQuery(searchDevicesQueryOptions(params));
}
