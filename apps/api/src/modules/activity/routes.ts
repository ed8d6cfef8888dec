import { ActivityEntrySchema, type ActivityQuery, ActivityQuerySchema, PagedSchema } from '@vnoc/contracts';
import { administrators } from '../../http/auth-rules.ts';
import { sendCsv } from '../../http/csv-export.ts';
import { errorResponses, fileAnswer, IdParamsSchema } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as activity from './service.ts';

/** The activity log is the organization administrators' (ARCHITECTURE.md, "Activity log"). */
export const activityRoutes = moduleRoutes(['organization'], (r, route, ctx, app) => {
  r.get(
    '/api/organization/:id/activity',
    route(administrators, {
      summary: "The organization's activity log (audit entries), newest first",
      params: IdParamsSchema,
      querystring: ActivityQuerySchema,
      answer: PagedSchema(ActivityEntrySchema),
    }),
    async (request) => activity.listActivity(ctx, authOf(request), request.params.id, request.query),
  );

  // Registered without the zod type provider: the answer is a CSV stream, which its typed reply refuses.
  app.get<{ Params: { id: string }; Querystring: ActivityQuery }>(
    '/api/organization/:id/activity/export.csv',
    route(administrators, {
      summary: `The filtered activity log as CSV (at most ${activity.ACTIVITY_EXPORT_LIMIT} rows)`,
      params: IdParamsSchema,
      querystring: ActivityQuerySchema,
      response: {
        200: fileAnswer('text/csv', 'The entries as CSV, downloaded as an attachment.'),
        ...errorResponses,
      },
    }),
    async (request, reply) => {
      const csv = await activity.exportActivity(ctx, authOf(request), request.params.id, request.query);
      return sendCsv(
        reply,
        csv,
        `activity-${new Date().toISOString().slice(0, 10)}.csv`,
        ctx.config.downloadStallMs,
      );
    },
  );
});
