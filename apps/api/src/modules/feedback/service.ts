import type { FeedbackBody, FeedbackQuery, FeedbackSent } from '@vnoc/contracts';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { pageOfRows } from '../../sql/paging.ts';
import { presentFeedback } from './present.ts';
import { insertFeedback, listFeedback } from './repository.ts';

/** How many notes one person may send in an hour: feedback, not a channel to flood the provider's staff. */
export const FEEDBACK_PER_HOUR = 5;

/** Stores a person's note for the provider, with the path they were on. */
export async function sendFeedback(
  ctx: AppContext,
  auth: AuthContext,
  body: FeedbackBody,
): Promise<FeedbackSent> {
  await ctx.limiter.hit(`feedback:${auth.user.id}`, FEEDBACK_PER_HOUR, 60 * 60_000);
  const row = await insertFeedback(ctx.db, {
    organizationId: auth.user.organizationId,
    userId: auth.user.id,
    message: body.message,
    page: body.page ?? null,
  });
  return { id: row.id, createdAt: new Date(row.created_at).toISOString() };
}

/** The provider's reading: every organization's notes, newest first. */
export function feedbackPage(ctx: AppContext, query: FeedbackQuery) {
  return pageOfRows(query, (q) => listFeedback(ctx.db, q), presentFeedback);
}
