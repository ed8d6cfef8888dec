import { SupportPeoplePageSchema, SupportPeopleQuerySchema, type SupportPerson } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { answers } from '../route-schemas.ts';
import { iso } from '../sites/present.ts';
import { paged } from '../sites/scope.ts';
import { findSupportPeople, type SupportPersonRow } from './repository.ts';

function presentPerson(row: SupportPersonRow): SupportPerson {
  return {
    id: row.id,
    email: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    status: row.status,
    organization: { id: row.organization_id, name: row.organization_name, supportAccess: row.support_access },
    lastSignInAt: iso(row.last_sign_in_at),
  };
}

/** The Support area's calls: SUPPORT staff only, never while acting as someone else. */
export function supportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/support/people',
    {
      schema: {
        tags: ['support'],
        querystring: SupportPeopleQuerySchema,
        response: answers(SupportPeoplePageSchema),
      },
      config: { auth: { steps: ['full'], roles: ['SUPPORT'], notImpersonated: true } },
    },
    async (request) => {
      const { query } = request;
      const rows = await findSupportPeople(ctx.db, query);
      // Past the last page the rows carry no total: ask the first page for it.
      const total =
        rows[0]?.total ??
        (query.page > 0
          ? ((await findSupportPeople(ctx.db, { ...query, page: 0, pageSize: 1 }))[0]?.total ?? 0)
          : 0);
      return paged(rows.map(presentPerson), total, query.page, query.pageSize);
    },
  );
}
