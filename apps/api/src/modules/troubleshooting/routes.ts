import {
  ACTION_CALL_SCHEMAS,
  BatchSchema,
  DIAGNOSTIC_ACTIONS,
  type DiagnosticAction,
  type Entitlement,
  JobSchema,
  PORT_ACTIONS,
  RecentBatchSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { customers, customerWriters } from '../../http/auth-rules.ts';
import { IdParamsSchema } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf, metaOf } from '../../plugins/auth.ts';
import * as troubleshooting from './service.ts';

const base = '/api/device/troubleshooting';

/** The organization needs `diagnostics`, and `port-control` for port actions. */
const entitlementsFor = (action: DiagnosticAction): Entitlement[] =>
  PORT_ACTIONS.includes(action) ? ['diagnostics', 'port-control'] : ['diagnostics'];
/** Running and cancelling: not READ_ONLY (nor SUPPORT, who has no customer data of their own). */
const runner = (entitlements: Entitlement[]): AuthRule => ({ ...customerWriters, entitlements });
/** Reading results and history: every customer role. */
const reader: AuthRule = { ...customers, entitlements: ['diagnostics'] };
const BatchParamsSchema = z.object({ uuid: z.string().max(100) });

export const troubleshootingRoutes = moduleRoutes(['troubleshooting'], (r, route, ctx) => {
  for (const action of DIAGNOSTIC_ACTIONS) {
    r.post(
      `${base}/${action}/:id`,
      route(runner(entitlementsFor(action)), {
        summary: `Queue a ${action} job on the device`,
        params: IdParamsSchema,
        // Actions without inputs may be called without a body.
        body: z.preprocess((body) => body ?? {}, ACTION_CALL_SCHEMAS[action]),
        answer: JobSchema,
      }),
      async (request) =>
        troubleshooting.runTroubleshooting(
          ctx,
          authOf(request),
          action,
          request.params.id,
          request.body as never,
          metaOf(request),
        ),
    );
  }

  // Not one of the console's actions (DIAGNOSTIC_ACTIONS): it follows a port disable on a real device.
  r.post(
    `${base}/confirmLanPorts/:id`,
    route(runner(entitlementsFor('disableLanPorts')), {
      summary: 'Keep the ports a real device disabled off: it cancels their automatic revert',
      params: IdParamsSchema,
      body: z.preprocess((body) => body ?? {}, z.strictObject({})),
      answer: JobSchema,
    }),
    async (request) =>
      troubleshooting.confirmLanPorts(ctx, authOf(request), request.params.id, metaOf(request)),
  );

  r.post(
    `${base}/future/:id`,
    route(reader, { summary: "A job's state and result", params: IdParamsSchema, answer: JobSchema }),
    async (request) => troubleshooting.getJob(ctx, authOf(request).user, request.params.id),
  );

  r.post(
    `${base}/future/multi/:uuid`,
    route(reader, {
      summary: "Each device's job in a batch",
      params: BatchParamsSchema,
      answer: BatchSchema,
    }),
    async (request) => troubleshooting.getBatch(ctx, authOf(request).user, request.params.uuid),
  );

  r.get(
    `${base}/batches`,
    route(reader, {
      summary: "The caller's latest batches, newest first",
      answer: z.array(RecentBatchSchema),
    }),
    async (request) => troubleshooting.recentBatches(ctx, authOf(request).user),
  );

  r.delete(
    `${base}/future/multi/:uuid`,
    route(runner(['diagnostics']), {
      summary: "Cancel a batch's queued jobs",
      params: BatchParamsSchema,
      answer: BatchSchema,
    }),
    async (request) =>
      troubleshooting.cancelBatch(ctx, authOf(request), request.params.uuid, metaOf(request)),
  );

  r.get(
    '/api/device/:id/troubleshooting',
    route(reader, {
      summary: "The device's runs, newest first",
      params: IdParamsSchema,
      answer: z.array(JobSchema),
    }),
    async (request) => troubleshooting.deviceHistory(ctx, authOf(request).user, request.params.id),
  );
});
