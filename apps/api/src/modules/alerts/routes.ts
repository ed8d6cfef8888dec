import {
  AlertAssignRequestSchema,
  AlertCodeInfoSchema,
  AlertCountsSchema,
  AlertDetailSchema,
  type AlertListQuery,
  AlertListQuerySchema,
  AlertNoteRequestSchema,
  AlertSchema,
  AlertSeveritySchema,
  AssignableUserSchema,
  LastSeenAlertRequestSchema,
  PagedSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { customers, customersPersonal, customerWriters } from '../../http/auth-rules.ts';
import { sendCsv } from '../../http/csv-export.ts';
import { errorResponses, fileAnswer, IdParamsSchema } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import * as alerts from './service.ts';

/**
 * Every customer role reads the organization's alerts; administrators and users act on them. The person's own
 * menu badge is `customersPersonal`: never with an API key (issue 38).
 */
export const alertRoutes = moduleRoutes(['alert'], (r, route, ctx, app) => {
  r.get(
    '/api/alert/codes',
    route(customers, {
      summary: 'The alert codes with severity, name and description',
      answer: z.array(AlertCodeInfoSchema),
    }),
    async () => alerts.alertCodes(),
  );

  r.get(
    '/api/alert/counts',
    route(customers, {
      summary: 'Root alerts by state and severity, and the unseen count',
      answer: AlertCountsSchema,
    }),
    async (request) => alerts.alertCounts(ctx, authOf(request).user),
  );

  r.get(
    '/api/alert',
    route(customers, {
      summary: 'List the alerts: a filtered, sorted page',
      description:
        "A page of the alerts in the caller's scope: `status=active` (the default) or `cleared`; filter by " +
        'severity, code, site, device, group, dates or text, and sort by any column. The total count comes with the page.',
      operationId: 'listAlerts',
      querystring: AlertListQuerySchema,
      answer: PagedSchema(AlertSchema),
    }),
    async (request) => alerts.listAlerts(ctx, authOf(request).user, request.query),
  );

  // Registered without the zod type provider: the answer is a CSV stream, which its typed reply refuses.
  app.get<{ Querystring: AlertListQuery }>(
    '/api/alert/export.csv',
    route(customers, {
      summary: `The filtered alerts as CSV (at most ${alerts.EXPORT_LIMIT} rows)`,
      querystring: AlertListQuerySchema,
      response: {
        200: fileAnswer('text/csv', 'The alerts as CSV, downloaded as an attachment.'),
        ...errorResponses,
      },
    }),
    async (request, reply) => {
      const csv = await alerts.exportAlerts(ctx, authOf(request).user, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, csv, `alerts-${request.query.status}-${day}.csv`, ctx.config.downloadStallMs);
    },
  );

  r.get(
    '/api/alert/site-severities',
    route(customers, {
      summary: 'The worst active severity per site (map markers)',
      answer: z.array(
        z.object({ siteId: z.string(), severity: AlertSeveritySchema, count: z.number().int() }),
      ),
    }),
    async (request) => alerts.siteSeverities(ctx, authOf(request).user),
  );

  r.get(
    '/api/alert/assignees',
    route(customers, {
      summary: 'People an alert may be assigned to',
      answer: z.array(AssignableUserSchema),
    }),
    async (request) => alerts.alertAssignees(ctx, authOf(request).user),
  );

  r.get(
    '/api/alert/:id',
    route(customers, {
      summary: 'An alert with its notes, history and the alerts it caused',
      operationId: 'getAlert',
      params: IdParamsSchema,
      answer: AlertDetailSchema,
    }),
    async (request) => alerts.alertDetail(ctx, authOf(request).user, request.params.id),
  );

  r.post(
    '/api/alert/:id/acknowledge',
    route(customerWriters, {
      summary: 'Acknowledge an alert (ADMINISTRATOR, USER)',
      description:
        'Records that the caller acknowledged the alert, and when; acknowledging it again keeps the first. The ' +
        'alert stays active until its cause clears. Answers the alert.',
      operationId: 'acknowledgeAlert',
      params: IdParamsSchema,
      answer: AlertSchema,
    }),
    async (request) => alerts.acknowledgeAlert(ctx, authOf(request), request.params.id, metaOf(request)),
  );

  r.post(
    '/api/alert/:id/assign',
    route(customerWriters, {
      summary: 'Assign an alert to a person, or unassign it (ADMINISTRATOR, USER)',
      operationId: 'assignAlert',
      params: IdParamsSchema,
      body: AlertAssignRequestSchema,
      answer: AlertSchema,
    }),
    async (request) =>
      alerts.assignAlert(ctx, authOf(request), request.params.id, request.body.userId, metaOf(request)),
  );

  r.post(
    '/api/alert/:id/notes',
    route(customerWriters, {
      summary: 'Add a note to an alert (ADMINISTRATOR, USER)',
      operationId: 'addAlertNote',
      params: IdParamsSchema,
      body: AlertNoteRequestSchema,
      answer: AlertDetailSchema,
    }),
    async (request) =>
      alerts.addAlertNote(ctx, authOf(request), request.params.id, request.body.text, metaOf(request)),
  );

  r.post(
    '/api/userProfile/updateLastSeenAlert',
    route(customersPersonal, {
      summary: 'Marks alerts up to this one seen (the menu badge)',
      body: LastSeenAlertRequestSchema,
      answer: AlertCountsSchema,
    }),
    async (request) => alerts.updateLastSeenAlert(ctx, authOf(request).user, request.body.lastSeenId),
  );
});
