import {
  ActiveQuerySchema,
  AlertSchema,
  DeviceSchema,
  DeviceSearchQuerySchema,
  DeviceSummarySchema,
  EditPortNameRequestSchema,
  PagedSchema,
  StatusCountsQuerySchema,
  StatusCountsSchema,
  TimeseriesQuerySchema,
  TimeseriesSampleSchema,
  TransactionSchema,
} from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import { errorResponses } from '../route-schemas.ts';
import * as devices from './service.ts';

const tags = ['device'];
const full: AuthRule = { steps: ['full'] };
// Views are open to every role; changes are refused to READ_ONLY.
const writer: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR', 'USER'] };
const idParams = z.object({ id: z.string().max(100) });

export function deviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/device/stats/statuscounts',
    {
      schema: {
        tags,
        querystring: StatusCountsQuerySchema,
        response: { 200: StatusCountsSchema, ...errorResponses },
      },
      config: { auth: full },
    },
    async (request) => devices.statusCounts(ctx, authOf(request).user, request.query.groupIds),
  );

  r.get(
    '/api/device/search/filtered',
    {
      schema: {
        tags,
        querystring: DeviceSearchQuerySchema,
        response: { 200: PagedSchema(DeviceSummarySchema), ...errorResponses },
      },
      config: { auth: full },
    },
    async (request) => devices.searchDevices(ctx, authOf(request).user, request.query),
  );

  r.post(
    '/api/device/editPortName',
    {
      schema: { tags, body: EditPortNameRequestSchema, response: { 200: DeviceSchema, ...errorResponses } },
      config: { auth: writer },
    },
    async (request) => devices.editPortName(ctx, authOf(request).user, request.body),
  );

  r.get(
    '/api/device/:id',
    {
      schema: { tags, params: idParams, response: { 200: DeviceSchema, ...errorResponses } },
      config: { auth: full },
    },
    async (request) => devices.getDevice(ctx, authOf(request).user, request.params.id),
  );

  r.get(
    '/api/device/:id/alerts',
    {
      schema: {
        tags,
        params: idParams,
        querystring: ActiveQuerySchema,
        response: { 200: z.array(AlertSchema), ...errorResponses },
      },
      config: { auth: full },
    },
    async (request) => devices.deviceAlerts(ctx, authOf(request).user, request.params.id),
  );

  r.get(
    '/api/device/:id/transaction/:transactionId',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().max(100), transactionId: z.string().max(100) }),
        response: { 200: TransactionSchema, ...errorResponses },
      },
      config: { auth: full },
    },
    async (request) =>
      devices.getTransaction(ctx, authOf(request).user, request.params.id, request.params.transactionId),
  );

  // `trx` names the series' source; WAN samples are the only series so far.
  r.get(
    '/api/timeseries/:trx/:id',
    {
      schema: {
        tags: ['timeseries'],
        params: z.object({ trx: z.string().max(100), id: z.string().max(100) }),
        querystring: TimeseriesQuerySchema,
        response: { 200: z.array(TimeseriesSampleSchema), ...errorResponses },
      },
      config: { auth: full },
    },
    async (request) =>
      devices.timeseries(ctx, authOf(request).user, request.params.id, request.query.duration),
  );
}
