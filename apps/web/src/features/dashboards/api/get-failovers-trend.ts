import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalyticsDuration, type FailoversTrend, FailoversTrendSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../../../lib/live.ts';

/** GET analytics/trend/failovers (duration, dashboardId): failovers (on-backup periods that started) per bucket. */
export function getFailoversTrend(
  dashboardId: string,
  duration: AnalyticsDuration,
  signal?: AbortSignal,
): Promise<FailoversTrend> {
  return apiRequest('analytics/trend/failovers', {
    schema: FailoversTrendSchema,
    query: { duration, dashboardId },
    signal,
  });
}

export function useFailoversTrend(dashboardId: string, duration: AnalyticsDuration) {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', 'failovers', dashboardId, duration] as const,
      queryFn: ({ signal }) => getFailoversTrend(dashboardId, duration, signal),
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}
