import {
  AssignSitesRequestSchema,
  CreateGroupRequestSchema,
  EditGroupRequestSchema,
  GroupSchema,
} from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  administrators,
  answers,
  IdParamsSchema,
  OK,
  okResponses,
  signedIn,
} from '../../http/route-schemas.ts';
import { routeOptions } from '../../http/routes.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import * as groups from './service.ts';

const route = routeOptions(['group']);
const admin: AuthRule = administrators;
const groupResponses = answers(GroupSchema);

export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/group', route(signedIn, { answer: z.array(GroupSchema) }), async (request) =>
    groups.listGroups(ctx, authOf(request).user),
  );

  r.post(
    '/api/group/create',
    route(admin, { body: CreateGroupRequestSchema, response: groupResponses }),
    async (request) => groups.createGroup(ctx, authOf(request).user, request.body),
  );

  r.post(
    '/api/group/edit/:id',
    route(admin, { params: IdParamsSchema, body: EditGroupRequestSchema, response: groupResponses }),
    async (request) => groups.editGroup(ctx, authOf(request).user, request.params.id, request.body),
  );

  r.post(
    '/api/group/assignSites/:id',
    route(admin, { params: IdParamsSchema, body: AssignSitesRequestSchema, response: groupResponses }),
    async (request) => groups.assignSites(ctx, authOf(request).user, request.params.id, request.body),
  );

  r.post(
    '/api/group/delete/:id',
    route(admin, { params: IdParamsSchema, response: okResponses }),
    async (request) => {
      await groups.deleteGroup(ctx, authOf(request).user, request.params.id);
      return OK;
    },
  );
}
