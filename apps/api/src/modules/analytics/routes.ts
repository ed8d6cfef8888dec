import { UptimeQuerySchema, UptimeSchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import { errorResponses } from '../route-schemas.ts';
import * as analytics from './service.ts';

const tags = ['analytics'];
const full: AuthRule = { steps: ['full'] };

export function analyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/analytics/network/uptime',
    {
      schema: { tags, querystring: UptimeQuerySchema, response: { 200: UptimeSchema, ...errorResponses } },
      config: { auth: full },
    },
    async (request) => analytics.networkUptime(ctx, authOf(request).user, request.query),
  );
}
