import {
  DeviceSchema,
  DeviceSearchQuerySchema,
  DeviceSummarySchema,
  DeviceTelemetrySchema,
  EditDeviceNameRequestSchema,
  EditPortNameRequestSchema,
  PagedSchema,
  StatusCountsQuerySchema,
  StatusCountsSchema,
  TimeseriesQuerySchema,
  TimeseriesSampleSchema,
  TransactionSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import {
  answers,
  customerWriters,
  IdParamsSchema,
  itemAlertsSchema,
  signedIn,
} from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import * as devices from './service.ts';

// Views are open to every role; changes are refused to READ_ONLY.
const writer: AuthRule = customerWriters;

export const deviceRoutes = moduleRoutes(['device'], (r, route, ctx) => {
  r.get(
    '/api/device/stats/statuscounts',
    route(signedIn, { querystring: StatusCountsQuerySchema, answer: StatusCountsSchema }),
    async (request) => devices.statusCounts(ctx, authOf(request).user, request.query.groupIds),
  );

  r.get(
    '/api/device/search/filtered',
    route(signedIn, { querystring: DeviceSearchQuerySchema, answer: PagedSchema(DeviceSummarySchema) }),
    async (request) => devices.searchDevices(ctx, authOf(request).user, request.query),
  );

  r.post(
    '/api/device/editPortName',
    route(writer, { body: EditPortNameRequestSchema, answer: DeviceSchema }),
    async (request) => devices.editPortName(ctx, authOf(request).user, request.body),
  );

  r.post(
    '/api/device/editName',
    route(writer, { body: EditDeviceNameRequestSchema, answer: DeviceSchema }),
    async (request) => devices.editName(ctx, authOf(request).user, request.body),
  );

  r.get(
    '/api/device/:id',
    route(signedIn, { params: IdParamsSchema, answer: DeviceSchema }),
    async (request) => devices.getDevice(ctx, authOf(request).user, request.params.id),
  );

  r.get(
    '/api/device/:id/telemetry',
    route(signedIn, { params: IdParamsSchema, answer: DeviceTelemetrySchema }),
    async (request) => devices.getDeviceTelemetry(ctx, authOf(request).user, request.params.id),
  );

  r.get('/api/device/:id/alerts', route(signedIn, itemAlertsSchema), async (request) =>
    devices.deviceAlerts(ctx, authOf(request).user, request.params.id, request.query.active),
  );

  r.get(
    '/api/device/:id/transaction/:transactionId',
    route(signedIn, {
      params: z.object({ id: z.string().max(100), transactionId: z.string().max(100) }),
      answer: TransactionSchema,
    }),
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
        response: answers(z.array(TimeseriesSampleSchema)),
      },
      config: { auth: signedIn },
    },
    async (request) =>
      devices.timeseries(ctx, authOf(request).user, request.params.id, request.query.duration),
  );
});
