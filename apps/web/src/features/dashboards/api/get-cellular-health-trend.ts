import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalyticsDuration, type CellularHealthTrend, CellularHealthTrendSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../../../lib/live.ts';

/** GET analytics/trend/cellularHealth (duration, dashboardId): RSRP and SINR of the scope's modems (today's reading; history when recorded). */
export function getCellularHealthTrend(
  dashboardId: string,
  duration: AnalyticsDuration,
  signal?: AbortSignal,
): Promise<CellularHealthTrend> {
  return apiRequest('analytics/trend/cellularHealth', {
    schema: CellularHealthTrendSchema,
    query: { duration, dashboardId },
    signal,
  });
}

export function useCellularHealthTrend(dashboardId: string, duration: AnalyticsDuration) {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', 'cellularHealth', dashboardId, duration] as const,
      queryFn: ({ signal }) => getCellularHealthTrend(dashboardId, duration, signal),
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}
