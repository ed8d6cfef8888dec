import { useQuery } from '@tanstack/react-query';
import { DeviceSchema } from '@vnoc/contracts';
import { itemQueryOptions } from '../../../lib/item-query.ts';
import { HEARTBEAT_REFRESH_MS, liveRefetchInterval } from '../../../lib/live.ts';
import { deviceQueryKey } from './keys.ts';

/** GET device/{id}: status, last update and signal move while the page is open, so it is asked again. */
export const getDeviceQueryOptions = (id: string) =>
  itemQueryOptions(id, {
    path: 'device',
    schema: import.meta.env.DEV ? DeviceSchema : undefined,
    queryKey: deviceQueryKey(id),
    refetchInterval: () => liveRefetchInterval(HEARTBEAT_REFRESH_MS),
  });

/** The device, live; `refetchInterval` asks more often for a while (e.g. while it reboots). */
export function useDevice(id: string, options: { refetchInterval?: number } = {}) {
  const query = getDeviceQueryOptions(id);
  return useQuery({ ...query, refetchInterval: options.refetchInterval ?? query.refetchInterval });
}
