import { OutboxQuerySchema, OutboxResponseSchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { listOutboxMessages } from '../../delivery/outbox.ts';
import { errorResponses } from '../route-schemas.ts';

/** Registered only when DELIVERY=outbox: lets a developer read the codes the app "sent". */
export function devOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: OutboxQuerySchema,
        response: { 200: OutboxResponseSchema, ...errorResponses },
      },
    },
    // Email addresses are stored lower-cased; phone numbers have no case.
    async (request) => listOutboxMessages(ctx.db, request.query.to.toLowerCase()),
  );
}
