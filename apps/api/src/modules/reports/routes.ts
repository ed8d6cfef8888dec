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
import { errorResponses, fileAnswer, IdParamsSchema, OK, okResponses } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import * as files from './files.ts';
import * as reports from './service.ts';
import * as subscriptions from './subscriptions.ts';

const reader: AuthRule = { steps: ['full'], roles: reports.REPORT_READERS };
/** A person's own scheduled reports, emailed to them: never with an API key (issue 38). */
const subscriber: AuthRule = { ...reader, notApiKey: true };
/** What each report file holds, for the route's summary, and its answer. */
const FILES: Record<
  files.ReportFile,
  { summary: (title: string) => string; answer: ReturnType<typeof fileAnswer> }
> = {
  csv: {
    summary: (title) => `${title}: every filtered row as CSV (UTF-8 with BOM)`,
    answer: fileAnswer('text/csv', 'The rows as CSV, downloaded as an attachment.'),
  },
  pdf: {
    summary: (title) => `${title} as PDF: totals, chart and the first rows`,
    answer: fileAnswer('application/pdf', 'The report as a PDF file, downloaded as an attachment.'),
  },
};

export const reportRoutes = moduleRoutes(['reports'], (r, route, ctx, app) => {
  r.get(
    '/api/reports',
    route(reader, {
      summary: 'The reports the caller may open',
      operationId: 'listReports',
      answer: z.array(ReportInfoSchema),
    }),
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
    route(subscriber, { summary: 'Stop a scheduled report', params: IdParamsSchema, response: okResponses }),
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
        operationId: `getReport${info.id.replace(/(^|-)(\w)/g, (_, _dash, c: string) => c.toUpperCase())}`,
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
          summary: FILES[file].summary(info.title.en),
          querystring: ReportQuerySchema,
          response: { 200: FILES[file].answer, ...errorResponses },
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

  // Any other id: 404 with a message (after the caller is known to be signed in). Not an operation of its own:
  // left out of the OpenAPI document, where the reports above are.
  for (const suffix of ['', '/export.csv', '/export.pdf']) {
    r.get(
      `/api/reports/:id${suffix}`,
      route(reader, {
        summary: 'Any other report: not found',
        hide: true,
        params: ReportParamsSchema,
        response: errorResponses,
      }),
      async (request) => reports.reportInfo(request.params.id) as never,
    );
  }
});
