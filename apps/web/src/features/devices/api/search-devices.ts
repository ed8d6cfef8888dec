import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DeviceSummarySchema, PagedSchema } from '@vnoc/contracts';
import { type FleetSearchParams, fleetSearchQuery } from '../../../components/fleet-search.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { HEARTBEAT_REFRESH_MS, liveRefetchInterval } from '../../../lib/live.ts';
import { useFilteredSearchTracking } from '../../../lib/product-analytics.ts';

const DevicePageSchema = PagedSchema(DeviceSummarySchema);

/** Every device list's queries start with this key. */
export const deviceListKey = ['devices'] as const;

/** GET device/search/filtered: the fleet search, and models. */
export interface DeviceSearchParams extends FleetSearchParams {
  model?: readonly string[];
}

export function searchDevices(params: DeviceSearchParams, signal?: AbortSignal) {
  return apiRequest('device/search/filtered', {
    query: fleetSearchQuery(params, { model: params.model }),
    schema: DevicePageSchema,
    signal,
  });
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
