import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalyticsDuration, type TroubledSites, TroubledSitesSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../../../lib/live.ts';
import { WIDGET_ROWS } from './dashboard-data.ts';

/** GET analytics/widget/vanTroubledSites/{id}: the sites with most time offline or on backup, worst first. */
export function getTroubledSites(
  dashboardId: string,
  duration: AnalyticsDuration,
  signal?: AbortSignal,
): Promise<TroubledSites> {
  return apiRequest(`analytics/widget/vanTroubledSites/${encodeURIComponent(dashboardId)}`, {
    schema: TroubledSitesSchema,
    query: { duration, dashboardId, limit: WIDGET_ROWS },
    signal,
  });
}

export function useTroubledSites(dashboardId: string, duration: AnalyticsDuration) {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', 'troubledSites', dashboardId, duration] as const,
      queryFn: ({ signal }) => getTroubledSites(dashboardId, duration, signal),
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}
