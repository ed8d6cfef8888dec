import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { errorResponses, signedIn } from '../route-schemas.ts';
import { DEFAULT_STREAM_TIMINGS, type LiveStream, openStream, type StreamTimings } from './stream.ts';

const EventsQuerySchema = z.object({
  /** For clients that cannot send the Last-Event-ID header; the header wins when both are given. */
  lastEventId: z.string().max(100).optional(),
});

/** GET /api/events: the caller's live events as server-sent events (DESIGN.md §5 "Live events"). */
export function eventRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  timings: StreamTimings = DEFAULT_STREAM_TIMINGS,
): void {
  const streams = new Set<LiveStream>();
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.heartbeat();
  }, timings.heartbeatMs);
  heartbeat.unref();
  // Open streams would keep app.close() waiting: end them first (clients reconnect to another instance).
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const stream of [...streams]) stream.end();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/events',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['events'],
        summary: 'Live events (text/event-stream)',
        description:
          'Server-sent events for the signed-in user, filtered by their scope: `device.status`, `alert.*`, ' +
          '`job.updated`, and `resync` (refetch everything). Each event has an `id`; send the last one back ' +
          'as `Last-Event-ID` (or `?lastEventId=`) to resume. A comment line arrives every 15 s. The stream ' +
          'ends when the token expires: reconnect with the refreshed one.',
        querystring: EventsQuerySchema,
        response: errorResponses,
      },
      config: { auth: signedIn },
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const lastEventId =
        (typeof header === 'string' ? header : request.query.lastEventId)?.trim() || undefined;
      await openStream({
        ctx,
        auth: authOf(request),
        lastEventId,
        timings,
        streams,
        takeOver: () => {
          reply.hijack();
          if (!reply.raw.destroyed && !request.raw.socket?.destroyed) return reply.raw;
          reply.raw.end();
          return undefined;
        },
      });
    },
  );
}
