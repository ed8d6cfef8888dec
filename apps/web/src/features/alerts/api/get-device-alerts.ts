import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Alert, AlertSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { deviceAlertsQueryKey } from './keys.ts';

/** GET device/{id}/alerts?active=true: the device's active alerts. */
export function getDeviceAlerts(id: string, signal?: AbortSignal): Promise<Alert[]> {
  return apiRequest(`device/${encodeURIComponent(id)}/alerts`, {
    schema: z.array(AlertSchema),
    query: { active: true },
    signal,
  });
}

export function useDeviceAlerts(id: string) {
  return useQuery(
    queryOptions({
      queryKey: deviceAlertsQueryKey(id),
      queryFn: ({ signal }) => getDeviceAlerts(id, signal),
      refetchInterval: () => liveRefetchInterval(),
    }),
  );
}
