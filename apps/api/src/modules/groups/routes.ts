import {
  AssignSitesRequestSchema,
  CreateGroupRequestSchema,
  EditGroupRequestSchema,
  GroupSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { administrators, signedIn } from '../../http/auth-rules.ts';
import { answers, IdParamsSchema, OK, okResponses } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as groups from './service.ts';

const groupResponses = answers(GroupSchema);

export const groupRoutes = moduleRoutes(['group'], (r, route, ctx) => {
  r.get(
    '/api/group',
    route(signedIn, {
      summary: "The organization's site groups with their sites",
      operationId: 'listGroups',
      answer: z.array(GroupSchema),
    }),
    async (request) => groups.listGroups(ctx, authOf(request).user),
  );

  r.post(
    '/api/group/create',
    route(administrators, {
      summary: 'Create a site group (ADMINISTRATOR)',
      operationId: 'createGroup',
      body: CreateGroupRequestSchema,
      response: groupResponses,
    }),
    async (request) => groups.createGroup(ctx, authOf(request).user, request.body),
  );

  r.post(
    '/api/group/edit/:id',
    route(administrators, {
      summary: 'Rename a site group (ADMINISTRATOR)',
      operationId: 'renameGroup',
      params: IdParamsSchema,
      body: EditGroupRequestSchema,
      response: groupResponses,
    }),
    async (request) => groups.editGroup(ctx, authOf(request).user, request.params.id, request.body),
  );

  r.post(
    '/api/group/assignSites/:id',
    route(administrators, {
      summary: "Replace a site group's sites with these (ADMINISTRATOR)",
      operationId: 'setGroupSites',
      params: IdParamsSchema,
      body: AssignSitesRequestSchema,
      response: groupResponses,
    }),
    async (request) => groups.assignSites(ctx, authOf(request).user, request.params.id, request.body),
  );

  r.post(
    '/api/group/delete/:id',
    route(administrators, {
      summary: 'Delete a site group (ADMINISTRATOR)',
      operationId: 'deleteGroup',
      params: IdParamsSchema,
      response: okResponses,
    }),
    async (request) => {
      await groups.deleteGroup(ctx, authOf(request).user, request.params.id);
      return OK;
    },
  );
});
