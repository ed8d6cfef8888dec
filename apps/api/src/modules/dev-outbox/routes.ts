import { OutboxAttachmentParamsSchema, OutboxQuerySchema, OutboxResponseSchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { listOutboxMessages, outboxAttachment } from '../../delivery/outbox.ts';
import { Errors } from '../../errors.ts';
import { errorResponses, fileAnswer } from '../../http/route-schemas.ts';
import { devSurfaceGuard } from '../../plugins/dev-surface.ts';
import { isUuid } from '../../sql/text.ts';

/** Registered only when DELIVERY=outbox: lets a developer read the codes (and attachments) the app "sent". */
export function devOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Every code and link the app "sent": direct requests from this machine only (not through a proxy).
  const onRequest = devSurfaceGuard(ctx.config);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    {
      onRequest,
      schema: {
        tags: ['dev'],
        summary:
          'The messages the server "sent" to an address or number (DELIVERY=outbox, from this machine)',
        querystring: OutboxQuerySchema,
        response: { 200: OutboxResponseSchema, ...errorResponses },
      },
    },
    // Email addresses are stored lower-cased; phone numbers have no case.
    async (request) => listOutboxMessages(ctx.db, request.query.to.toLowerCase()),
  );

  // Without the zod type provider: the answer is the file itself.
  app.get<{ Params: z.infer<typeof OutboxAttachmentParamsSchema> }>(
    '/api/dev/outbox/:id/attachments/:index',
    {
      onRequest,
      schema: {
        tags: ['dev'],
        summary: 'An attachment of an outbox message',
        params: OutboxAttachmentParamsSchema,
        response: {
          200: fileAnswer('application/octet-stream', 'The file, in its own media type.'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      const file = isUuid(id) ? await outboxAttachment(ctx.db, id, index) : undefined;
      if (!file) throw Errors.notFound();
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`)
        .send(file.content);
    },
  );
}
