import { ProductTrackRequestSchema, ProductTrackResponseSchema } from '@vnoc/contracts';
import { personal } from '../../http/auth-rules.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { createForwarder } from './forwarder.ts';
import { trackProductEvents } from './service.ts';

/** 50 events of at most ~4 KB each, with room for the JSON around them. */
const TRACK_BODY_LIMIT = 256 * 1024;

/**
 * The analytics proxy under /mp (spec part 7): `POST /api/mp/track` takes the console's batch `{ events }` or a
 * Mixpanel-compatible JSON array of `{ event, properties }`, from signed-in users only.
 */
export const productAnalyticsRoutes = moduleRoutes(['product analytics'], (r, route, ctx, app) => {
  const settings = ctx.config.productAnalytics;
  const forwarder = settings.mode === 'store' ? null : createForwarder(settings, ctx.log);
  if (forwarder) app.addHook('onClose', () => forwarder.close());
  app.decorate('productAnalytics', { forwarder });

  r.post(
    '/api/mp/track',
    {
      bodyLimit: TRACK_BODY_LIMIT,
      ...route(personal, {
        summary: "Record the console's page-view events (the console sends them)",
        body: ProductTrackRequestSchema,
        answer: ProductTrackResponseSchema,
      }),
    },
    async (request) => ({
      accepted: await trackProductEvents(ctx, authOf(request), request.body, forwarder),
    }),
  );
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The running forwarder when an analytics service is configured (tests wait on it). */
    productAnalytics: { forwarder: ReturnType<typeof createForwarder> | null };
  }
}
