import {
  AdminUserListQuerySchema,
  AdminUserPageSchema,
  AdminUserSchema,
  CreateUserRequestSchema,
  EditUserRequestSchema,
} from '@vnoc/contracts';
import { administrators, administratorsAsSelf } from '../../http/auth-rules.ts';
import { created, IdParamsSchema, noContent } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import * as users from './service-admin.ts';

/**
 * Administration → Users (ADMINISTRATOR, own organization only). Issue 34: what would outlive a support session
 * (a new, elevated or reactivated person) is not support's: `administratorsAsSelf`.
 */
export const adminUserRoutes = moduleRoutes(['userProfile'], (r, route, ctx) => {
  r.get(
    '/api/userProfile/users',
    route(administrators, {
      summary: "The organization's people: a filtered, sorted page (ADMINISTRATOR)",
      querystring: AdminUserListQuerySchema,
      answer: AdminUserPageSchema,
    }),
    async (request) => users.listUsers(ctx, authOf(request), request.query),
  );

  r.post(
    '/api/userProfile/user',
    route(administratorsAsSelf, {
      summary: 'Add a person to the organization and e-mail them an invitation (ADMINISTRATOR)',
      body: CreateUserRequestSchema,
      response: created(AdminUserSchema),
    }),
    async (request) => users.createUser(ctx, authOf(request), request.body, metaOf(request)),
  );

  r.put(
    '/api/userProfile/edit',
    route(administratorsAsSelf, {
      summary: "Change a person's name, phone, role, site groups or status (ADMINISTRATOR)",
      body: EditUserRequestSchema,
      response: noContent,
    }),
    async (request) => users.editUser(ctx, authOf(request), request.body, metaOf(request)),
  );

  const actions = [
    ['approve', 'Approve a registration waiting for approval', users.approveUser, administratorsAsSelf],
    ['reject', 'Reject (remove) a registration waiting for approval', users.rejectUser, administrators],
    [
      'mfa/reset',
      "Remove every factor of a person's MFA (they enrol again at the next sign-in)",
      users.resetMfa,
      administrators,
    ],
  ] as const;
  for (const [path, summary, run, auth] of actions) {
    r.post(
      `/api/userProfile/user/:id/${path}`,
      route(auth, { summary, params: IdParamsSchema, response: noContent }),
      async (request) => run(ctx, authOf(request), request.params.id, metaOf(request)),
    );
  }

  r.post(
    '/api/userProfile/user/:id/invitation',
    route(administratorsAsSelf, {
      summary: 'Send a new invitation link to a person who has not chosen a password yet',
      params: IdParamsSchema,
      response: noContent,
    }),
    async (request) => users.resendInvitation(ctx, authOf(request), request.params.id, metaOf(request)),
  );
});
