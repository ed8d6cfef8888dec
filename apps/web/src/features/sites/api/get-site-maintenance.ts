import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MaintenanceWindow, MaintenanceWindowSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';

/** A window starts and ends with time, not with an event: asked again this often even while the stream is open. */
const MAINTENANCE_REFRESH_MS = 60_000;

/** GET maintenance?state=current&siteId=: the site's scheduled and active maintenance windows. */
export function getSiteMaintenance(siteId: string, signal?: AbortSignal): Promise<MaintenanceWindow[]> {
  return apiRequest('maintenance', {
    query: { state: 'current', siteId },
    schema: import.meta.env.DEV ? z.array(MaintenanceWindowSchema) : undefined,
    signal,
  });
}

export function useSiteMaintenance(siteId: string) {
  return useQuery(
    queryOptions({
      // Under ['maintenance'], so scheduling or ending a window (and live alert events) refresh it.
      queryKey: ['maintenance', 'current', siteId] as const,
      queryFn: ({ signal }) => getSiteMaintenance(siteId, signal),
      refetchInterval: () => liveRefetchInterval(MAINTENANCE_REFRESH_MS),
    }),
  );
}
