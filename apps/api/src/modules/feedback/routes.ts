import {
  FeedbackBodySchema,
  FeedbackPageSchema,
  FeedbackQuerySchema,
  FeedbackSentSchema,
} from '@vnoc/contracts';
import { customersAsSelf, supportStaff } from '../../http/auth-rules.ts';
import { created } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as feedback from './service.ts';

/**
 * A person of a customer organization, in their own name: a support person acting as them may not send the
 * provider notes in their name (and an API key, refused every `notImpersonated` route, has no one to speak for).
 *
 * The main layout's feedback (spec part 2): notes from customers to the provider.
 */
export const feedbackRoutes = moduleRoutes(['feedback'], (r, route, ctx) => {
  r.post(
    '/api/feedback',
    route(customersAsSelf, {
      summary: 'Send the provider feedback about the console',
      description: `At most ${feedback.FEEDBACK_PER_HOUR} notes an hour per person (429 rate_limited past that).`,
      body: FeedbackBodySchema,
      response: created(FeedbackSentSchema),
    }),
    async (request) => feedback.sendFeedback(ctx, authOf(request), request.body),
  );

  r.get(
    '/api/feedback',
    route(supportStaff, {
      summary: "(SUPPORT) Every organization's feedback, newest first",
      querystring: FeedbackQuerySchema,
      answer: FeedbackPageSchema,
    }),
    async (request) => feedback.feedbackPage(ctx, request.query),
  );
});
