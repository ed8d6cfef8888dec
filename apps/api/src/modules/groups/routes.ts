import {
  AssignSitesRequestSchema,
  CreateGroupRequestSchema,
  EditGroupRequestSchema,
  GroupSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import {
  administrators,
  answers,
  IdParamsSchema,
  OK,
  okResponses,
  signedIn,
} from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import * as groups from './service.ts';

const admin: AuthRule = administrators;
const groupResponses = answers(GroupSchema);

export const groupRoutes = moduleRoutes(['group'], (r, route, ctx) => {
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
});
