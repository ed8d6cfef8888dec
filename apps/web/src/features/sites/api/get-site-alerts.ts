import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Alert, AlertSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';

/** GET site/{id}/alerts?active=true: the site's active alerts. */
export function getSiteAlerts(id: string, signal?: AbortSignal): Promise<Alert[]> {
  return apiRequest(`site/${encodeURIComponent(id)}/alerts`, {
    schema: z.array(AlertSchema),
    query: { active: true },
    signal,
  });
}

export function getSiteAlertsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['site', id, 'alerts'] as const,
    queryFn: ({ signal }) => getSiteAlerts(id, signal),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useSiteAlerts(id: string) {
  return useQuery(getSiteAlertsQueryOptions(id));
}
