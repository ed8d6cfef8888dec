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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { answers } from '../../http/route-schemas.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import * as analytics from './service.ts';

const tags = ['analytics'];
/** Every analytics call needs the organization's `analytics` entitlement (checked on each request). */
const entitled: AuthRule = { steps: ['full'], entitlements: ['analytics'] };

export function analyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/analytics/network/uptime',
    {
      schema: {
        tags,
        summary: 'Uptime and downtime (4 decimals) of the dashboard scope over the duration',
        querystring: UptimeQuerySchema,
        response: answers(UptimeSchema),
      },
      config: { auth: entitled },
    },
    async (request) => analytics.networkUptime(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/analytics/widget/vanList/:id',
    {
      schema: {
        tags,
        summary: "The devices (vans) of the dashboard's scope with type and status, paged",
        params: VanListParamsSchema,
        querystring: VanListQuerySchema,
        response: answers(VanListSchema),
      },
      config: { auth: entitled },
    },
    async (request) => analytics.vanList(ctx, authOf(request).user, request.params.id, request.query),
  );

  r.get(
    '/api/analytics/sites/usage/top/usage',
    {
      schema: {
        tags,
        summary: 'Top sites by WAN bytes (received + transmitted) over the UTC days of the duration',
        querystring: TopUsageQuerySchema,
        response: answers(TopUsageSchema),
      },
      config: { auth: entitled },
    },
    async (request) => analytics.topUsage(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/analytics/widget/vanTroubledSites/:id',
    {
      schema: {
        tags,
        summary:
          "The dashboard's sites with the most offline / on-backup time over the duration, worst first",
        params: VanListParamsSchema,
        querystring: TroubledSitesQuerySchema,
        response: answers(TroubledSitesSchema),
      },
      config: { auth: entitled },
    },
    async (request) => analytics.troubledSites(ctx, authOf(request).user, request.params.id, request.query),
  );

  r.get(
    '/api/analytics/trend/wanLatency',
    {
      schema: {
        tags,
        summary: 'Average and p95 WAN latency per time bucket',
        querystring: AnalyticsQuerySchema,
        response: answers(WanLatencyTrendSchema),
      },
      config: { auth: entitled },
    },
    async (request) => analytics.wanLatencyTrend(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/analytics/trend/failovers',
    {
      schema: {
        tags,
        summary: 'Failovers (on-backup periods starting) per time bucket',
        querystring: AnalyticsQuerySchema,
        response: answers(FailoversTrendSchema),
      },
      config: { auth: entitled },
    },
    async (request) => analytics.failoversTrend(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/analytics/trend/cellularHealth',
    {
      schema: {
        tags,
        summary: 'Cellular health (RSRP / SINR): the present readings; no history is stored yet',
        querystring: AnalyticsQuerySchema,
        response: answers(CellularHealthTrendSchema),
      },
      config: { auth: entitled },
    },
    async (request) => analytics.cellularHealthTrend(ctx, authOf(request).user, request.query),
  );
}
