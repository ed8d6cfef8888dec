import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalyticsDuration, type WanLatencyTrend, WanLatencyTrendSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../../../lib/live.ts';

/** GET analytics/trend/wanLatency (duration, dashboardId): the average and 95th percentile WAN ping per bucket. */
export function getWanLatencyTrend(
  dashboardId: string,
  duration: AnalyticsDuration,
  signal?: AbortSignal,
): Promise<WanLatencyTrend> {
  return apiRequest('analytics/trend/wanLatency', {
    schema: WanLatencyTrendSchema,
    query: { duration, dashboardId },
    signal,
  });
}

export function useWanLatencyTrend(dashboardId: string, duration: AnalyticsDuration) {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', 'wanLatency', dashboardId, duration] as const,
      queryFn: ({ signal }) => getWanLatencyTrend(dashboardId, duration, signal),
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}
