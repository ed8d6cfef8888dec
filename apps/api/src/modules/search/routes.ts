import { GlobalSearchQuerySchema, GlobalSearchResultSchema, QueryVocabularySchema } from '@vnoc/contracts';
import { customers } from '../../http/auth-rules.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as search from './service.ts';

export const searchRoutes = moduleRoutes(['search'], (r, route, ctx) => {
  r.get(
    '/api/search',
    route(customers, {
      summary: 'Sites, devices, active alerts and tickets matching a fleet query, grouped',
      querystring: GlobalSearchQuerySchema,
      answer: GlobalSearchResultSchema,
    }),
    async (request) => search.globalSearch(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/search/vocabulary',
    route(customers, {
      summary: 'The models, site groups and states the query suggestions offer',
      answer: QueryVocabularySchema,
    }),
    async (request) => search.queryVocabulary(ctx, authOf(request).user),
  );
});
