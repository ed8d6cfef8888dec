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
import { answers, IdParamsSchema, OK, okResponses, signedIn } from '../../http/route-schemas.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import * as groups from './service.ts';

const tags = ['group'];
const admin: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR'] };
const groupResponses = answers(GroupSchema);

export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/group',
    { schema: { tags, response: answers(z.array(GroupSchema)) }, config: { auth: signedIn } },
    async (request) => groups.listGroups(ctx, authOf(request).user),
  );

  r.post(
    '/api/group/create',
    { schema: { tags, body: CreateGroupRequestSchema, response: groupResponses }, config: { auth: admin } },
    async (request) => groups.createGroup(ctx, authOf(request).user, request.body),
  );

  r.post(
    '/api/group/edit/:id',
    {
      schema: { tags, params: IdParamsSchema, body: EditGroupRequestSchema, response: groupResponses },
      config: { auth: admin },
    },
    async (request) => groups.editGroup(ctx, authOf(request).user, request.params.id, request.body),
  );

  r.post(
    '/api/group/assignSites/:id',
    {
      schema: { tags, params: IdParamsSchema, body: AssignSitesRequestSchema, response: groupResponses },
      config: { auth: admin },
    },
    async (request) => groups.assignSites(ctx, authOf(request).user, request.params.id, request.body),
  );

  r.post(
    '/api/group/delete/:id',
    { schema: { tags, params: IdParamsSchema, response: okResponses }, config: { auth: admin } },
    async (request) => {
      await groups.deleteGroup(ctx, authOf(request).user, request.params.id);
      return OK;
    },
  );
}
