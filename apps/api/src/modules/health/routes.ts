import { ErrorBodySchema, HealthSchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server is up: its version, database and delivery',
        // As every route: a request with a NUL character anywhere in its input is refused.
        response: { 200: HealthSchema, 400: ErrorBodySchema },
      },
    },
    async () => ({
      status: 'ok' as const,
      version: ctx.config.version,
      database: ctx.config.databaseUrl ? ('external' as const) : ('embedded' as const),
      delivery: ctx.config.delivery,
    }),
  );
}
