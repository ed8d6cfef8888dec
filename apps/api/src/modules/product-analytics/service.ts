import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { ProductAnalyticsForwarder } from './forwarder.ts';
import { hasOptedOut, insertProductEvents } from './repository.ts';
import { type ParsedTrackRequest, stampEvents } from './stamp.ts';

/** Requests to POST mp/track per user and minute (the console sends one every few seconds at most). */
export const TRACK_REQUESTS_PER_MINUTE = 60;
/**
 * Events per user and hour. The console sends a page view per screen and a few feature events: a busy person
 * makes ~100–300 an hour. Without it, 60 batches of 50 events a minute filled the store with client-chosen
 * properties at ~10 MB a minute per account (issue 34, Low).
 */
export const TRACK_EVENTS_PER_HOUR = 1_000;

/**
 * Keeps a batch of the caller's events: stored in PostgreSQL, or handed to the forwarder when a service is
 * configured (the answer does not wait for it). Nothing is kept for a user who opted out.
 */
export async function trackProductEvents(
  ctx: AppContext,
  auth: AuthContext,
  request: ParsedTrackRequest,
  forwarder: ProductAnalyticsForwarder | null,
): Promise<number> {
  await ctx.limiter.hit(`product-analytics:${auth.user.id}`, TRACK_REQUESTS_PER_MINUTE, 60_000);
  const count = Array.isArray(request) ? request.length : request.events.length;
  await ctx.limiter.hit(`product-analytics-events:${auth.user.id}`, TRACK_EVENTS_PER_HOUR, 3_600_000, count);
  if (await hasOptedOut(ctx.db, auth.user.id)) return 0;
  const events = stampEvents(
    request,
    {
      userId: auth.user.id,
      organizationId: auth.user.organizationId,
      impersonatorUserId: auth.impersonator?.id ?? null,
    },
    ctx.now(),
  );
  if (forwarder) forwarder.enqueue(events);
  else await insertProductEvents(ctx.db, events);
  return events.length;
}
