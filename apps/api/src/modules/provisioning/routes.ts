import {
  CreateProvisionedDeviceSchema,
  DeviceSecretSchema,
  IMPORT_CSV_MAX_CHARS,
  ImportDevicesAnswerSchema,
  ImportDevicesRequestSchema,
  ImportProblemsSchema,
  importProblemPath,
  ProvisionedDevicesPageSchema,
  ProvisionedDevicesQuerySchema,
  ProvisionedDeviceWithSecretSchema,
  ProvisioningOrganizationSchema,
  ProvisioningOrganizationsQuerySchema,
  ProvisioningSiteSchema,
} from '@vnoc/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { supportStaff } from '../../http/auth-rules.ts';
import { created, errorResponses, IdParamsSchema, noContent } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import * as provisioning from './service.ts';

const OrgParamsSchema = z.object({ orgId: z.string().max(100) });
/** The CSV's text escaped in JSON (quotes, line ends) can be larger than the text itself. */
const IMPORT_BODY_LIMIT = 3 * IMPORT_CSV_MAX_CHARS;

const callerOf = (request: FastifyRequest): provisioning.Caller => ({
  user: authOf(request).user,
  meta: metaOf(request),
  origin: `${request.protocol}://${request.host}`,
});

/** Provisioning (issue 36 item 4): support staff add real devices to customers' sites and manage their secrets. */
export const provisioningRoutes = moduleRoutes(['provisioning'], (r, route, ctx) => {
  r.get(
    '/api/provisioning/organizations',
    route(supportStaff, {
      summary: 'Customer organizations support staff can add devices to',
      querystring: ProvisioningOrganizationsQuerySchema,
      answer: z.array(ProvisioningOrganizationSchema),
    }),
    async (request) => provisioning.listOrganizations(ctx, request.query.q),
  );

  r.get(
    '/api/provisioning/organizations/:orgId/sites',
    route(supportStaff, {
      summary: 'The sites of a customer organization, for the add-device form',
      params: OrgParamsSchema,
      answer: z.array(ProvisioningSiteSchema),
    }),
    async (request) => provisioning.listSites(ctx, request.params.orgId),
  );

  r.get(
    '/api/provisioning/organizations/:orgId/devices',
    route(supportStaff, {
      summary: 'A customer organization’s real devices (agent, OpenWISP) and their credentials',
      params: OrgParamsSchema,
      querystring: ProvisionedDevicesQuerySchema,
      answer: ProvisionedDevicesPageSchema,
    }),
    async (request) => provisioning.listDevices(ctx, request.params.orgId, request.query),
  );

  r.post(
    '/api/provisioning/devices',
    route(supportStaff, {
      summary: 'Add a device to a customer’s site; answers its secret (shown once) and setup lines',
      body: CreateProvisionedDeviceSchema,
      response: created(ProvisionedDeviceWithSecretSchema),
    }),
    async (request) => provisioning.createDevice(ctx, callerOf(request), request.body),
  );

  r.post(
    '/api/provisioning/devices/:id/secret',
    route(supportStaff, {
      summary: 'Rotate a device’s secret: the old one stops working at once',
      params: IdParamsSchema,
      answer: DeviceSecretSchema,
    }),
    async (request) => provisioning.rotateSecret(ctx, callerOf(request), request.params.id),
  );

  r.delete(
    '/api/provisioning/devices/:id/secret',
    route(supportStaff, {
      summary: 'Revoke a device’s secret: refused at once, the device disconnected',
      params: IdParamsSchema,
      response: noContent,
    }),
    async (request) => provisioning.revokeSecret(ctx, callerOf(request), request.params.id),
  );

  r.post(
    '/api/provisioning/devices/import',
    {
      ...route(supportStaff, {
        summary:
          'Add devices from a CSV file (dry run or for real); any bad row → every problem, nothing written',
        body: ImportDevicesRequestSchema,
        response: { 200: ImportDevicesAnswerSchema, ...errorResponses, 400: ImportProblemsSchema },
      }),
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    async (request, reply) => {
      const outcome = await provisioning.importDevices(ctx, callerOf(request), request.body);
      if (outcome.ok) return outcome.answer;
      const count = new Set(outcome.problems.map((p) => p.line)).size;
      return reply.code(400).send({
        id: 'invalid_input',
        message: `${count === 1 ? '1 row has' : `${count} rows have`} problems; no device was added.`,
        errors: outcome.problems.map((p) => ({ path: importProblemPath(p), message: p.message })),
        problems: outcome.problems,
      });
    },
  );
});
