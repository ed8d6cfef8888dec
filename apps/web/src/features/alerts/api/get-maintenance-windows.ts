import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MaintenanceWindow, MaintenanceWindowSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';

/** A window starts and ends with time, not with an event: asked again this often even while the stream is open. */
const MAINTENANCE_REFRESH_MS = 60_000;

import { maintenanceListQueryKey } from './keys.ts';

export type MaintenanceState = 'current' | 'ended';

/** GET maintenance?state=current|ended: scheduled and active windows, or ended ones. */
export function getMaintenanceWindows(
  state: MaintenanceState,
  signal?: AbortSignal,
): Promise<MaintenanceWindow[]> {
  return apiRequest('maintenance', {
    query: { state },
    schema: import.meta.env.DEV ? z.array(MaintenanceWindowSchema) : undefined,
    signal,
  });
}

export function useMaintenanceWindows(state: MaintenanceState) {
  return useQuery(
    queryOptions({
      queryKey: maintenanceListQueryKey(state),
      queryFn: ({ signal }) => getMaintenanceWindows(state, signal),
      refetchInterval: () => liveRefetchInterval(MAINTENANCE_REFRESH_MS),
    }),
  );
}
