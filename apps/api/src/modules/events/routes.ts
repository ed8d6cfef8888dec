import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { personal } from '../../http/auth-rules.ts';
import { errorResponses, fileAnswer } from '../../http/route-schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import { DEFAULT_STREAM_TIMINGS, type LiveStream, openStream, type StreamTimings } from './stream.ts';

/**
 * Streams one person may hold open at once (a console tab holds one): past it a new one is refused 429 and the
 * console retries with backoff, so one account cannot pin the server's sockets and bus fan-out.
 */
export const STREAMS_PER_PERSON = 10;
export const STREAMS_BUSY_MESSAGE =
  'Too many live connections are open for your account. Close some console tabs and try again.';

const EventsQuerySchema = z.object({
  /** For clients that cannot send the Last-Event-ID header; the header wins when both are given. */
  lastEventId: z.string().max(100).optional(),
});

/** GET /api/events: the caller's live events as server-sent events (docs/decisions/server-and-database.md, "Live events"). */
export function eventRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  timings: StreamTimings = DEFAULT_STREAM_TIMINGS,
): void {
  const streams = new Set<LiveStream>();
  /** Open (and opening) streams per person. */
  const held = new Map<string, number>();
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
        response: {
          200: fileAnswer('text/event-stream', 'The live events, as server-sent events.'),
          ...errorResponses,
        },
      },
      config: { auth: personal },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const person = auth.user.id;
      const mine = held.get(person) ?? 0;
      if (mine >= STREAMS_PER_PERSON) throw new AppError(429, 'rate_limited', STREAMS_BUSY_MESSAGE);
      // Counted from now (opening awaits the database), given back once when the stream ends or never opens.
      held.set(person, mine + 1);
      let given = false;
      const giveBack = () => {
        if (given) return;
        given = true;
        const left = (held.get(person) ?? 1) - 1;
        if (left > 0) held.set(person, left);
        else held.delete(person);
      };
      const header = request.headers['last-event-id'];
      const lastEventId =
        (typeof header === 'string' ? header : request.query.lastEventId)?.trim() || undefined;
      const opened = await openStream({
        ctx,
        onEnd: giveBack,
        auth,
        lastEventId,
        timings,
        streams,
        takeOver: () => {
          reply.hijack();
          if (!reply.raw.destroyed && !request.raw.socket?.destroyed) return reply.raw;
          reply.raw.end();
          return undefined;
        },
      }).catch((error: unknown) => {
        giveBack();
        throw error;
      });
      if (!opened) giveBack();
    },
  );
}
