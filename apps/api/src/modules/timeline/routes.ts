import { TimelineQuerySchema, TimelineSchema } from '@vnoc/contracts';
import { signedIn } from '../../http/auth-rules.ts';
import { IdParamsSchema } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as timeline from './service.ts';

/** Timelines are views, open to every role that sees the site or device (support acts only to some: service.ts). */
export const timelineRoutes = moduleRoutes(['timeline'], (r, route, ctx) => {
  const schema = {
    params: IdParamsSchema,
    querystring: TimelineQuerySchema,
    answer: TimelineSchema,
  };

  r.get(
    '/api/site/:id/timeline',
    route(signedIn, {
      summary: "A site's status, events and availability per day on one time axis",
      ...schema,
    }),
    async (request) =>
      timeline.subjectTimeline(ctx, authOf(request), 'site', request.params.id, request.query),
  );

  r.get(
    '/api/device/:id/timeline',
    route(signedIn, {
      summary: "A device's status, events and availability per day on one time axis",
      ...schema,
    }),
    async (request) =>
      timeline.subjectTimeline(ctx, authOf(request), 'device', request.params.id, request.query),
  );
});
