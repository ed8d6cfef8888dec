import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AnalyticsDuration,
  type CellularHealthTrend,
  CellularHealthTrendSchema,
  type FailoversTrend,
  FailoversTrendSchema,
  TopUsageSchema,
  TroubledSitesSchema,
  VanListSchema,
  type WanLatencyTrend,
  WanLatencyTrendSchema,
} from '@vnoc/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../../../lib/live.ts';

/** Rows a table widget shows; the widget says how many there are in all. */
export const WIDGET_ROWS = 8;

/** Sites the TopUsage widget lists. */
export const TOP_USAGE_ROWS = 8;

/**
 * An analytics widget's call: GET `path` for the dashboard (the server scopes it to the dashboard's groups) over
 * the window, with `query` besides. Computed from the status periods and samples (no live event carries it),
 * it refreshes at the live pace, under ['analytics', name, dashboard, window].
 */
export function analyticsQuery<S extends z.ZodType>(
  name: string,
  path: string,
  schema: S | undefined,
  dashboardId: string,
  duration: AnalyticsDuration,
  query: Record<string, number> = {},
) {
  return queryOptions({
    queryKey: ['analytics', name, dashboardId, duration] as const,
    queryFn: ({ signal }): Promise<z.infer<S>> =>
      apiRequest(path, { schema, query: { duration, dashboardId, ...query }, signal }),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** GET analytics/widget/vanList/{id}: the devices ("vans") of the dashboard's scope, their type and status. */
export function useVanList(dashboardId: string, duration: AnalyticsDuration) {
  const path = `analytics/widget/vanList/${encodeURIComponent(dashboardId)}`;
  const page = { page: 0, pageSize: WIDGET_ROWS };
  return useQuery(
    analyticsQuery(
      'vanList',
      path,
      import.meta.env.DEV ? VanListSchema : undefined,
      dashboardId,
      duration,
      page,
    ),
  );
}

/** GET analytics/sites/usage/top/usage: the sites with the most WAN bytes. */
export function useTopUsage(dashboardId: string, duration: AnalyticsDuration) {
  const path = 'analytics/sites/usage/top/usage';
  return useQuery(
    analyticsQuery(
      'topUsage',
      path,
      import.meta.env.DEV ? TopUsageSchema : undefined,
      dashboardId,
      duration,
      { limit: TOP_USAGE_ROWS },
    ),
  );
}

/** GET analytics/widget/vanTroubledSites/{id}: the sites with most time offline or on backup, worst first. */
export function useTroubledSites(dashboardId: string, duration: AnalyticsDuration) {
  const path = `analytics/widget/vanTroubledSites/${encodeURIComponent(dashboardId)}`;
  const limit = { limit: WIDGET_ROWS };
  return useQuery(
    analyticsQuery(
      'troubledSites',
      path,
      import.meta.env.DEV ? TroubledSitesSchema : undefined,
      dashboardId,
      duration,
      limit,
    ),
  );
}

type TrendAnswers = {
  wanLatency: WanLatencyTrend;
  cellularHealth: CellularHealthTrend;
  failovers: FailoversTrend;
};
export type Trend = keyof TrendAnswers;

/**
 * The trends' answers by name (checked in development only): GET analytics/trend/{name} is the average and 95th
 * percentile WAN ping per bucket (wanLatency), RSRP and SINR of the scope's modems, today's reading and history
 * when recorded (cellularHealth), and failovers, on-backup periods that started, per bucket (failovers).
 */
const TREND_SCHEMAS: { [T in Trend]: z.ZodType<TrendAnswers[T]> | undefined } = {
  wanLatency: import.meta.env.DEV ? WanLatencyTrendSchema : undefined,
  cellularHealth: import.meta.env.DEV ? CellularHealthTrendSchema : undefined,
  failovers: import.meta.env.DEV ? FailoversTrendSchema : undefined,
};

/** GET analytics/trend/{trend} for the dashboard over the window. */
export function useTrend<T extends Trend>(trend: T, dashboardId: string, duration: AnalyticsDuration) {
  return useQuery(
    analyticsQuery<z.ZodType<TrendAnswers[T]>>(
      trend,
      `analytics/trend/${trend}`,
      TREND_SCHEMAS[trend],
      dashboardId,
      duration,
    ),
  );
}
