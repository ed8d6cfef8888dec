import {
  ApiKeySchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
  DisplayInfoSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { administratorsAsSelf, customers } from '../../http/auth-rules.ts';
import { created, IdParamsSchema } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import * as apiKeys from './service.ts';

/**
 * Making, listing and revoking keys: the organization's administrators, in their own name (never support acting
 * as one, whose session ends while a key lives on; never with a key).
 */
export const apiKeyRoutes = moduleRoutes(['api-keys'], (r, route, ctx) => {
  r.get(
    '/api/apiKeys',
    route(administratorsAsSelf, {
      summary: "The organization's API keys (ADMINISTRATOR)",
      answer: z.array(ApiKeySchema),
    }),
    async (request) => apiKeys.listKeys(ctx, authOf(request)),
  );

  r.post(
    '/api/apiKeys',
    route(administratorsAsSelf, {
      summary: 'Make an API key (ADMINISTRATOR): the answer holds the key, shown this once',
      body: CreateApiKeyRequestSchema,
      response: created(CreatedApiKeySchema),
    }),
    async (request) => apiKeys.createKey(ctx, authOf(request), request.body, metaOf(request)),
  );

  r.post(
    '/api/apiKeys/:id/revoke',
    route(administratorsAsSelf, {
      summary: 'Revoke an API key now (ADMINISTRATOR)',
      params: IdParamsSchema,
      answer: ApiKeySchema,
    }),
    async (request) => apiKeys.revokeKey(ctx, authOf(request), request.params.id, metaOf(request)),
  );

  r.get(
    '/api/apiKeys/display',
    route(customers, {
      summary: "A wall display's own name, dashboards and cycle (with its display key; 404 otherwise)",
      answer: DisplayInfoSchema,
    }),
    async (request) => apiKeys.displayInfo(authOf(request)),
  );
});
