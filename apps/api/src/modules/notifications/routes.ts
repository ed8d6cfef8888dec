import {
  ErrorBodySchema,
  NotificationProfileResponseSchema,
  NotificationProfileSchema,
  OkSchema,
  TestNotificationRequestSchema,
} from '@vnoc/contracts';
import { customersPersonal } from '../../http/auth-rules.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import * as notifications from './service.ts';

/**
 * A person's own notification profile: every customer role keeps one (READ_ONLY people want to be told too;
 * SUPPORT has no fleet), never with an API key (issue 38).
 */
export const notificationRoutes = moduleRoutes(['notifications'], (r, route, ctx) => {
  r.get(
    '/api/notificationProfile',
    route(customersPersonal, {
      summary: "The caller's notification profile and verified contacts",
      answer: NotificationProfileResponseSchema,
    }),
    async (request) => notifications.getNotificationProfile(ctx, authOf(request).user),
  );

  r.post(
    '/api/updateNotificationProfile',
    route(customersPersonal, {
      summary: "Change the caller's notification profile: which alerts, how, and quiet hours",
      body: NotificationProfileSchema,
      answer: NotificationProfileResponseSchema,
    }),
    async (request) =>
      notifications.updateNotificationProfile(ctx, authOf(request), request.body, metaOf(request)),
  );

  r.post(
    '/api/test-notification',
    route(customersPersonal, {
      summary: 'Send a test message to a verified contact (one per method every 5 minutes)',
      body: TestNotificationRequestSchema,
      response: { 200: OkSchema, ...errorResponses, 423: ErrorBodySchema },
    }),
    async (request) =>
      notifications.sendTestNotification(ctx, authOf(request), request.body.method, metaOf(request)),
  );
});
