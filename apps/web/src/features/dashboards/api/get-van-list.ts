import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalyticsDuration, type VanList, VanListSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../../../lib/live.ts';
import { WIDGET_ROWS } from './dashboard-data.ts';

/** GET analytics/widget/vanList/{id}: the devices ("vans") of the dashboard's scope, their type and status. */
export function getVanList(
  dashboardId: string,
  duration: AnalyticsDuration,
  signal?: AbortSignal,
): Promise<VanList> {
  return apiRequest(`analytics/widget/vanList/${encodeURIComponent(dashboardId)}`, {
    schema: VanListSchema,
    query: { duration, dashboardId, page: 0, pageSize: WIDGET_ROWS },
    signal,
  });
}

export function useVanList(dashboardId: string, duration: AnalyticsDuration) {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', 'vanList', dashboardId, duration] as const,
      queryFn: ({ signal }) => getVanList(dashboardId, duration, signal),
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}
