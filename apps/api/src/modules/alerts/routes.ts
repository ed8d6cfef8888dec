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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sendCsv } from '../../http/csv-export.ts';
import { answers, errorResponses, IdParamsSchema } from '../../http/route-schemas.ts';
import { type AuthRule, authOf, metaOf } from '../../plugins/auth.ts';
import * as alerts from './service.ts';

const tags = ['alert'];
/** Every customer role reads the organization's alerts; administrators and users act on them. */
const reader: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR', 'USER', 'READ_ONLY'] };
const writer: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR', 'USER'] };

export function alertRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/alert/codes',
    {
      schema: {
        tags,
        summary: 'The alert codes with severity, name and description',
        response: answers(z.array(AlertCodeInfoSchema)),
      },
      config: { auth: reader },
    },
    async () => alerts.alertCodes(),
  );

  r.get(
    '/api/alert/counts',
    {
      schema: {
        tags,
        summary: 'Root alerts by state and severity, and the unseen count',
        response: answers(AlertCountsSchema),
      },
      config: { auth: reader },
    },
    async (request) => alerts.alertCounts(ctx, authOf(request).user),
  );

  r.get(
    '/api/alert',
    {
      schema: { tags, querystring: AlertListQuerySchema, response: answers(PagedSchema(AlertSchema)) },
      config: { auth: reader },
    },
    async (request) => alerts.listAlerts(ctx, authOf(request).user, request.query),
  );

  // Registered without the zod type provider: the answer is a CSV stream, which its typed reply refuses.
  app.get<{ Querystring: AlertListQuery }>(
    '/api/alert/export.csv',
    {
      schema: {
        tags,
        summary: `The filtered alerts as CSV (at most ${alerts.EXPORT_LIMIT} rows)`,
        querystring: AlertListQuerySchema,
        // 200 is a text/csv stream, not JSON.
        response: errorResponses,
      },
      config: { auth: reader },
    },
    async (request, reply) => {
      const csv = await alerts.exportAlerts(ctx, authOf(request).user, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, csv, `alerts-${request.query.status}-${day}.csv`, ctx.config.downloadStallMs);
    },
  );

  r.get(
    '/api/alert/site-severities',
    {
      schema: {
        tags,
        summary: 'The worst active severity per site (map markers)',
        response: answers(
          z.array(z.object({ siteId: z.string(), severity: AlertSeveritySchema, count: z.number().int() })),
        ),
      },
      config: { auth: reader },
    },
    async (request) => alerts.siteSeverities(ctx, authOf(request).user),
  );

  r.get(
    '/api/alert/assignees',
    {
      schema: {
        tags,
        summary: 'People an alert may be assigned to',
        response: answers(z.array(AssignableUserSchema)),
      },
      config: { auth: reader },
    },
    async (request) => alerts.alertAssignees(ctx, authOf(request).user),
  );

  r.get(
    '/api/alert/:id',
    {
      schema: { tags, params: IdParamsSchema, response: answers(AlertDetailSchema) },
      config: { auth: reader },
    },
    async (request) => alerts.alertDetail(ctx, authOf(request).user, request.params.id),
  );

  r.post(
    '/api/alert/:id/acknowledge',
    {
      schema: { tags, params: IdParamsSchema, response: answers(AlertSchema) },
      config: { auth: writer },
    },
    async (request) => alerts.acknowledgeAlert(ctx, authOf(request), request.params.id, metaOf(request)),
  );

  r.post(
    '/api/alert/:id/assign',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: AlertAssignRequestSchema,
        response: answers(AlertSchema),
      },
      config: { auth: writer },
    },
    async (request) =>
      alerts.assignAlert(ctx, authOf(request), request.params.id, request.body.userId, metaOf(request)),
  );

  r.post(
    '/api/alert/:id/notes',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: AlertNoteRequestSchema,
        response: answers(AlertDetailSchema),
      },
      config: { auth: writer },
    },
    async (request) =>
      alerts.addAlertNote(ctx, authOf(request), request.params.id, request.body.text, metaOf(request)),
  );

  r.post(
    '/api/userProfile/updateLastSeenAlert',
    {
      schema: {
        tags,
        summary: 'Marks alerts up to this one seen (the menu badge)',
        body: LastSeenAlertRequestSchema,
        response: answers(AlertCountsSchema),
      },
      config: { auth: reader },
    },
    async (request) => alerts.updateLastSeenAlert(ctx, authOf(request).user, request.body.lastSeenId),
  );
}
