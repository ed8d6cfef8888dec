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
import { customerWriters, signedIn } from '../../http/auth-rules.ts';
import { answers, IdParamsSchema, itemAlertsSchema } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as devices from './service.ts';

/** Views are open to every role; changes are refused to READ_ONLY. */
export const deviceRoutes = moduleRoutes(['device'], (r, route, ctx) => {
  r.get(
    '/api/device/stats/statuscounts',
    route(signedIn, {
      summary: 'How many devices are in each status (optionally within site groups)',
      operationId: 'countDevicesByStatus',
      querystring: StatusCountsQuerySchema,
      answer: StatusCountsSchema,
    }),
    async (request) => devices.statusCounts(ctx, authOf(request).user, request.query.groupIds),
  );

  r.get(
    '/api/device/search/filtered',
    route(signedIn, {
      summary: 'Search the devices: a filtered, sorted page',
      description:
        "A page of the devices in the caller's scope matching the filters (status, kind, model, site, text), " +
        'with the total count.',
      operationId: 'searchDevices',
      querystring: DeviceSearchQuerySchema,
      answer: PagedSchema(DeviceSummarySchema),
    }),
    async (request) => devices.searchDevices(ctx, authOf(request).user, request.query),
  );

  r.post(
    '/api/device/editPortName',
    route(customerWriters, {
      summary: "Rename one of a device's ports",
      body: EditPortNameRequestSchema,
      answer: DeviceSchema,
    }),
    async (request) => devices.editPortName(ctx, authOf(request).user, request.body),
  );

  r.post(
    '/api/device/editName',
    route(customerWriters, {
      summary: 'Rename a device',
      operationId: 'renameDevice',
      body: EditDeviceNameRequestSchema,
      answer: DeviceSchema,
    }),
    async (request) => devices.editName(ctx, authOf(request).user, request.body),
  );

  r.get(
    '/api/device/:id',
    route(signedIn, {
      summary: 'A device: its model, site, status and connection',
      operationId: 'getDevice',
      params: IdParamsSchema,
      answer: DeviceSchema,
    }),
    async (request) => devices.getDevice(ctx, authOf(request).user, request.params.id),
  );

  r.get(
    '/api/device/:id/telemetry',
    route(signedIn, {
      summary: "A device's latest report: system, resources and interfaces",
      params: IdParamsSchema,
      answer: DeviceTelemetrySchema,
    }),
    async (request) => devices.getDeviceTelemetry(ctx, authOf(request).user, request.params.id),
  );

  r.get(
    '/api/device/:id/alerts',
    route(signedIn, {
      summary: "A device's alerts (`active=true`: only those still active)",
      operationId: 'listDeviceAlerts',
      ...itemAlertsSchema,
    }),
    async (request) =>
      devices.deviceAlerts(ctx, authOf(request).user, request.params.id, request.query.active),
  );

  r.get(
    '/api/device/:id/transaction/:transactionId',
    route(signedIn, {
      summary: "One of a device's configuration changes (transactions)",
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
        summary: "A device's WAN samples over a duration (`trx`: the series' source)",
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
