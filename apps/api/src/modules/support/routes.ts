import { SupportPeoplePageSchema, SupportPeopleQuerySchema } from '@vnoc/contracts';
import { supportStaff } from '../../http/auth-rules.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { listSupportPeople } from './service.ts';

/** The Support area's calls: SUPPORT staff only, never while acting as someone else. */
export const supportRoutes = moduleRoutes(['support'], (r, route, ctx) => {
  r.get(
    '/api/support/people',
    route(supportStaff, {
      summary: 'Find people of every customer organization (SUPPORT staff as themselves)',
      querystring: SupportPeopleQuerySchema,
      answer: SupportPeoplePageSchema,
    }),
    async (request) => listSupportPeople(ctx, request.query),
  );
});
