import {
  MaintenanceListQuerySchema,
  MaintenanceRequestSchema,
  MaintenanceWindowSchema,
} from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { answers, IdParamsSchema } from '../../http/route-schemas.ts';
import { type AuthRule, authOf, metaOf } from '../../plugins/auth.ts';
import * as maintenance from './service.ts';

const tags = ['maintenance'];
const reader: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR', 'USER', 'READ_ONLY'] };
/**
 * A window silences alert notifications about its sites for everyone in the organization, administrators
 * included: an organization-wide setting, so an ADMINISTRATOR's (issue 34). A USER silences only themselves,
 * with their own notification profile (quiet hours, sites, severities).
 */
const writer: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR'] };

export function maintenanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/maintenance',
    {
      schema: {
        tags,
        querystring: MaintenanceListQuerySchema,
        response: answers(z.array(MaintenanceWindowSchema)),
      },
      config: { auth: reader },
    },
    async (request) => maintenance.listWindows(ctx, authOf(request).user, request.query),
  );

  r.post(
    '/api/maintenance',
    {
      schema: {
        tags,
        summary: 'Schedule a maintenance window (ADMINISTRATOR)',
        body: MaintenanceRequestSchema,
        response: answers(MaintenanceWindowSchema),
      },
      config: { auth: writer },
    },
    async (request) => maintenance.createWindow(ctx, authOf(request), request.body, metaOf(request)),
  );

  r.post(
    '/api/maintenance/:id/end',
    {
      schema: {
        tags,
        summary: 'End a maintenance window now (ADMINISTRATOR)',
        params: IdParamsSchema,
        response: answers(MaintenanceWindowSchema),
      },
      config: { auth: writer },
    },
    async (request) => maintenance.endWindow(ctx, authOf(request), request.params.id, metaOf(request)),
  );
}
