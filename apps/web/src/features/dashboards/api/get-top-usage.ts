import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalyticsDuration, type TopUsage, TopUsageSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../../../lib/live.ts';

/** Sites the TopUsage widget lists. */
export const TOP_USAGE_ROWS = 8;

/** GET analytics/sites/usage/top/usage (duration, dashboardId): the sites with the most WAN bytes. */
export function getTopUsage(
  dashboardId: string,
  duration: AnalyticsDuration,
  signal?: AbortSignal,
): Promise<TopUsage> {
  return apiRequest('analytics/sites/usage/top/usage', {
    schema: TopUsageSchema,
    query: { duration, dashboardId, limit: TOP_USAGE_ROWS },
    signal,
  });
}

export function useTopUsage(dashboardId: string, duration: AnalyticsDuration) {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', 'topUsage', dashboardId, duration] as const,
      queryFn: ({ signal }) => getTopUsage(dashboardId, duration, signal),
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}
