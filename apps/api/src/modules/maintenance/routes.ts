import {
  MaintenanceListQuerySchema,
  MaintenanceRequestSchema,
  MaintenanceWindowSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { administrators, customers } from '../../http/auth-rules.ts';
import { IdParamsSchema } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import * as maintenance from './service.ts';

/**
 * Every customer role reads the windows. A window silences alert notifications about its sites for everyone in
 * the organization, administrators included: an organization-wide setting, so an ADMINISTRATOR's (issue 34). A
 * USER silences only themselves, with their own notification profile (quiet hours, sites, severities).
 */
export const maintenanceRoutes = moduleRoutes(['maintenance'], (r, route, ctx) => {
  r.get(
    '/api/maintenance',
    route(customers, {
      summary: 'The current (or ended) maintenance windows, optionally of one site',
      operationId: 'listMaintenanceWindows',
      querystring: MaintenanceListQuerySchema,
      answer: z.array(MaintenanceWindowSchema),
    }),
    async (request) => maintenance.listWindows(ctx, authOf(request).user, request.query),
  );

  r.post(
    '/api/maintenance',
    route(administrators, {
      summary: 'Schedule a maintenance window (ADMINISTRATOR)',
      operationId: 'createMaintenanceWindow',
      body: MaintenanceRequestSchema,
      answer: MaintenanceWindowSchema,
    }),
    async (request) => maintenance.createWindow(ctx, authOf(request), request.body, metaOf(request)),
  );

  r.post(
    '/api/maintenance/:id/end',
    route(administrators, {
      summary: 'End a maintenance window now (ADMINISTRATOR)',
      operationId: 'endMaintenanceWindow',
      params: IdParamsSchema,
      answer: MaintenanceWindowSchema,
    }),
    async (request) => maintenance.endWindow(ctx, authOf(request), request.params.id, metaOf(request)),
  );
});
