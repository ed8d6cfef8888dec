import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Device, DeviceSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { HEARTBEAT_REFRESH_MS, liveRefetchInterval } from '../../../lib/live.ts';

export const deviceQueryKey = (id: string) => ['device', id] as const;

/** GET device/{id}. */
export function getDevice(id: string, signal?: AbortSignal): Promise<Device> {
  return apiRequest(`device/${encodeURIComponent(id)}`, { schema: DeviceSchema, signal });
}

export function getDeviceQueryOptions(id: string) {
  return queryOptions({
    queryKey: deviceQueryKey(id),
    queryFn: ({ signal }) => getDevice(id, signal),
    // Status, last update and signal move while the page is open.
    refetchInterval: () => liveRefetchInterval(HEARTBEAT_REFRESH_MS),
  });
}

/** The device, live; `refetchInterval` asks more often for a while (e.g. while it reboots). */
export function useDevice(id: string, options: { refetchInterval?: number } = {}) {
  const query = getDeviceQueryOptions(id);
  return useQuery({ ...query, refetchInterval: options.refetchInterval ?? query.refetchInterval });
}
