import {
  REPORT_CATALOGUE,
  ReportInfoSchema,
  ReportPageSchema,
  ReportParamsSchema,
  type ReportQuery,
  ReportQuerySchema,
  ReportSubscriptionRequestSchema,
  ReportSubscriptionSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { sendDownload } from '../../http/csv-export.ts';
import { errorResponses, IdParamsSchema, OK, okResponses } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import * as files from './files.ts';
import * as reports from './service.ts';
import * as subscriptions from './subscriptions.ts';

const reader: AuthRule = { steps: ['full'], roles: reports.REPORT_READERS };
/** A person's own scheduled reports, emailed to them: never with an API key (issue 38). */
const subscriber: AuthRule = { ...reader, notApiKey: true };
/** What each report file holds, for the route's summary. */
const FILE_SUMMARIES: Record<files.ReportFile, (title: string) => string> = {
  csv: (title) => `${title}: every filtered row as CSV (UTF-8 with BOM)`,
  pdf: (title) => `${title} as PDF: totals, chart and the first rows`,
};

export const reportRoutes = moduleRoutes(['reports'], (r, route, ctx, app) => {
  r.get(
    '/api/reports',
    route(reader, { summary: 'The reports the caller may open', answer: z.array(ReportInfoSchema) }),
    async (request) => reports.listReports(authOf(request).user),
  );

  // Static paths first: `subscriptions` is not a report id.
  r.get(
    '/api/reports/subscriptions',
    route(subscriber, {
      summary: "The caller's scheduled reports",
      answer: z.array(ReportSubscriptionSchema),
    }),
    async (request) => subscriptions.listSubscriptions(ctx, authOf(request).user),
  );

  r.post(
    '/api/reports/subscriptions',
    route(subscriber, {
      summary:
        'Subscribes the caller to a report by email (weekly: the 7 days before Monday; monthly: the previous month)',
      body: ReportSubscriptionRequestSchema,
      answer: ReportSubscriptionSchema,
    }),
    async (request) => subscriptions.createSubscription(ctx, authOf(request).user, request.body),
  );

  r.delete(
    '/api/reports/subscriptions/:id',
    route(subscriber, { params: IdParamsSchema, response: okResponses }),
    async (request) => {
      await subscriptions.deleteSubscription(ctx, authOf(request).user, request.params.id);
      return OK;
    },
  );

  // One set of routes per report, so the route rule carries its entitlement (cellular-billing).
  for (const info of REPORT_CATALOGUE) {
    const rule: AuthRule = info.entitlement ? { ...reader, entitlements: [info.entitlement] } : reader;
    const base = `/api/reports/${info.id}`;
    r.get(
      base,
      route(rule, {
        summary: `${info.title.en}: a page, totals and the per-day summary`,
        querystring: ReportQuerySchema,
        answer: ReportPageSchema,
      }),
      async (request) => reports.reportPage(ctx, authOf(request).user, info.id, request.query),
    );
    // Without the zod type provider: the answers are file streams.
    for (const file of ['csv', 'pdf'] as const)
      app.get<{ Querystring: ReportQuery }>(
        `${base}/export.${file}`,
        route(rule, {
          summary: FILE_SUMMARIES[file](info.title.en),
          querystring: ReportQuerySchema,
          response: errorResponses,
        }),
        async (request, reply) => {
          const { stream, filename, contentType } = await files.exportFile(
            ctx,
            authOf(request).user,
            info.id,
            request.query,
            file,
          );
          return sendDownload(reply, stream, contentType, filename, ctx.config.downloadStallMs);
        },
      );
  }

  // Any other id: 404 with a message (after the caller is known to be signed in).
  for (const suffix of ['', '/export.csv', '/export.pdf']) {
    r.get(
      `/api/reports/:id${suffix}`,
      route(reader, { params: ReportParamsSchema, response: errorResponses }),
      async (request) => reports.reportInfo(request.params.id) as never,
    );
  }
});
