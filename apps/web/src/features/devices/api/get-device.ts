import { useQuery } from '@tanstack/react-query';
import { DeviceSchema } from '@vnoc/contracts';
import { itemQuery } from '../../../lib/item-query.ts';
import { HEARTBEAT_REFRESH_MS, liveRefetchInterval } from '../../../lib/live.ts';

/** GET device/{id}: status, last update and signal move while the page is open, so it is asked again. */
const device = itemQuery('device', import.meta.env.DEV ? DeviceSchema : undefined, () =>
  liveRefetchInterval(HEARTBEAT_REFRESH_MS),
);
export const deviceQueryKey = device.queryKey;
export const getDeviceQueryOptions = device.options;

/** The device, live; `refetchInterval` asks more often for a while (e.g. while it reboots). */
export function useDevice(id: string, options: { refetchInterval?: number } = {}) {
  const query = getDeviceQueryOptions(id);
  return useQuery({ ...query, refetchInterval: options.refetchInterval ?? query.refetchInterval });
}
