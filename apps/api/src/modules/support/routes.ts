import { SupportPeoplePageSchema, SupportPeopleQuerySchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { answers } from '../../http/route-schemas.ts';
import { listSupportPeople } from './service.ts';

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
    async (request) => listSupportPeople(ctx, request.query),
  );
}
