import {
  AdminUserListQuerySchema,
  AdminUserPageSchema,
  AdminUserSchema,
  CreateUserRequestSchema,
  EditUserRequestSchema,
} from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import {
  administrators,
  answers,
  errorResponses,
  IdParamsSchema,
  noContent,
} from '../../http/route-schemas.ts';
import { type AuthRule, authOf, metaOf } from '../../plugins/auth.ts';
import * as users from './service-admin.ts';

const tags = ['userProfile'];
const admin: AuthRule = administrators;
/** Issue 34: what would outlive a support session (a new, elevated or reactivated person) is not support's. */
const adminNotSupport: AuthRule = { ...admin, notImpersonated: true };

/** Administration → Users (ADMINISTRATOR, own organization only). */
export function adminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/userProfile/users',
    {
      schema: { tags, querystring: AdminUserListQuerySchema, response: answers(AdminUserPageSchema) },
      config: { auth: admin },
    },
    async (request) => users.listUsers(ctx, authOf(request), request.query),
  );

  r.post(
    '/api/userProfile/user',
    {
      schema: {
        tags,
        body: CreateUserRequestSchema,
        response: { 201: AdminUserSchema, ...errorResponses },
      },
      config: { auth: adminNotSupport },
    },
    async (request, reply) => {
      const created = await users.createUser(ctx, authOf(request), request.body, metaOf(request));
      reply.code(201);
      return created;
    },
  );

  r.put(
    '/api/userProfile/edit',
    {
      schema: { tags, body: EditUserRequestSchema, response: noContent },
      config: { auth: adminNotSupport },
    },
    async (request, reply) => {
      await users.editUser(ctx, authOf(request), request.body, metaOf(request));
      return reply.code(204).send(null);
    },
  );

  const actions = [
    ['approve', 'Approve a registration waiting for approval', users.approveUser, adminNotSupport],
    ['reject', 'Reject (remove) a registration waiting for approval', users.rejectUser, admin],
    [
      'mfa/reset',
      "Remove every factor of a person's MFA (they enrol again at the next sign-in)",
      users.resetMfa,
      admin,
    ],
  ] as const;
  for (const [path, summary, run, auth] of actions) {
    r.post(
      `/api/userProfile/user/:id/${path}`,
      { schema: { tags, summary, params: IdParamsSchema, response: noContent }, config: { auth } },
      async (request, reply) => {
        await run(ctx, authOf(request), request.params.id, metaOf(request));
        return reply.code(204).send(null);
      },
    );
  }

  r.post(
    '/api/userProfile/user/:id/invitation',
    {
      schema: {
        tags,
        summary: 'Send a new invitation link to a person who has not chosen a password yet',
        params: IdParamsSchema,
        response: noContent,
      },
      config: { auth: adminNotSupport },
    },
    async (request, reply) => {
      await users.resendInvitation(ctx, authOf(request), request.params.id, metaOf(request));
      return reply.code(204).send(null);
    },
  );
}
