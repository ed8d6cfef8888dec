import { SupportPeoplePageSchema, SupportPeopleQuerySchema, type SupportPerson } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { answers } from '../../http/route-schemas.ts';
import { pageOfRows } from '../../sql/paging.ts';
import { iso } from '../sites/present.ts';
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
      return pageOfRows(query, (page) => findSupportPeople(ctx.db, { ...query, ...page }), presentPerson);
    },
  );
}
