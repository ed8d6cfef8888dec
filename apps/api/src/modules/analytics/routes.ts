import {
  AnalyticsQuerySchema,
  CellularHealthTrendSchema,
  FailoversTrendSchema,
  TopUsageQuerySchema,
  TopUsageSchema,
  TroubledSitesQuerySchema,
  TroubledSitesSchema,
  UptimeQuerySchema,
  UptimeSchema,
  VanListParamsSchema,
  VanListQuerySchema,
  VanListSchema,
  WanLatencyTrendSchema,
} from '@vnoc/contracts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import * as analytics from './service.ts';

/** Every analytics call needs the organization's `analytics` entitlement (checked on each request). */
const entitled: AuthRule = { steps: ['full'], entitlements: ['analytics'] };

export const analyticsRoutes = moduleRoutes(['analytics'], (r, route, ctx) => {
  r.get(
    '/api/analytics/network/uptime',
    route(entitled, {
      summary: 'Uptime and downtime (4 decimals) of the dashboard scope over the duration',
      querystring: UptimeQuerySchema,
      answer: UptimeSchema,
    }),
    async (request) => analytics.networkUptime(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/analytics/widget/vanList/:id',
    route(entitled, {
      summary: "The devices (vans) of the dashboard's scope with type and status, paged",
      params: VanListParamsSchema,
      querystring: VanListQuerySchema,
      answer: VanListSchema,
    }),
    async (request) => analytics.vanList(ctx, authOf(request).user, request.params.id, request.query),
  );

  r.get(
    '/api/analytics/sites/usage/top/usage',
    route(entitled, {
      summary: 'Top sites by WAN bytes (received + transmitted) over the UTC days of the duration',
      querystring: TopUsageQuerySchema,
      answer: TopUsageSchema,
    }),
    async (request) => analytics.topUsage(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/analytics/widget/vanTroubledSites/:id',
    route(entitled, {
      summary: "The dashboard's sites with the most offline / on-backup time over the duration, worst first",
      params: VanListParamsSchema,
      querystring: TroubledSitesQuerySchema,
      answer: TroubledSitesSchema,
    }),
    async (request) => analytics.troubledSites(ctx, authOf(request).user, request.params.id, request.query),
  );

  r.get(
    '/api/analytics/trend/wanLatency',
    route(entitled, {
      summary: 'Average and p95 WAN latency per time bucket',
      querystring: AnalyticsQuerySchema,
      answer: WanLatencyTrendSchema,
    }),
    async (request) => analytics.wanLatencyTrend(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/analytics/trend/failovers',
    route(entitled, {
      summary: 'Failovers (on-backup periods starting) per time bucket',
      querystring: AnalyticsQuerySchema,
      answer: FailoversTrendSchema,
    }),
    async (request) => analytics.failoversTrend(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/analytics/trend/cellularHealth',
    route(entitled, {
      summary: 'Cellular health (RSRP / SINR): the present readings; no history is stored yet',
      querystring: AnalyticsQuerySchema,
      answer: CellularHealthTrendSchema,
    }),
    async (request) => analytics.cellularHealthTrend(ctx, authOf(request).user, request.query),
  );
});
