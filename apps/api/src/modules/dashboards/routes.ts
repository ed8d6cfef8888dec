import {
  DashboardDeletedSchema,
  DashboardDeleteSchema,
  DashboardListSchema,
  DashboardSavedSchema,
  DashboardSaveSchema,
} from '@vnoc/contracts';
import { customers, customerWriters } from '../../http/auth-rules.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as dashboards from './service.ts';

/** Every customer role reads dashboards; READ_ONLY may not save or delete (SUPPORT acts as a user). */
export const dashboardRoutes = moduleRoutes(['dashboard'], (r, route, ctx) => {
  r.get(
    '/api/dashboard/all',
    route(customers, {
      summary: "The base dashboard, then the caller's and the organization's shared dashboards by id",
      operationId: 'listDashboards',
      answer: DashboardListSchema,
    }),
    async (request) => dashboards.listDashboards(ctx, authOf(request).user),
  );

  r.post(
    '/api/dashboard/save',
    route(customerWriters, {
      summary: 'Create (no id) or update a dashboard; returns its id',
      operationId: 'saveDashboard',
      body: DashboardSaveSchema,
      answer: DashboardSavedSchema,
    }),
    async (request) => dashboards.saveDashboard(ctx, authOf(request).user, request.body),
  );

  r.post(
    '/api/dashboard/delete',
    route(customerWriters, {
      summary: 'Delete a dashboard',
      operationId: 'deleteDashboard',
      body: DashboardDeleteSchema,
      answer: DashboardDeletedSchema,
    }),
    async (request) => dashboards.deleteDashboard(ctx, authOf(request).user, request.body),
  );
});
