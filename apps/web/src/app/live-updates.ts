import type { QueryClient } from '@tanstack/react-query';
import { authStore } from '../lib/auth-store.ts';
import { createInvalidationQueue } from '../lib/invalidation-queue.ts';
import { liveConnection } from '../lib/live.ts';
import { type LiveEventsHandle, startLiveEvents } from '../lib/live-events.ts';
import { invalidationsFor, type KeyPattern, matchesPattern, throttleFor } from './live-invalidations.ts';

/**
 * Asks every observed query for its refetch interval again: `liveRefetchInterval` answers differently once
 * the stream opened or dropped, and TanStack Query reads it only when a query's options or data change.
 */
export function nudgeLiveQueries(client: QueryClient): void {
  for (const query of client.getQueryCache().getAll())
    for (const observer of query.observers) observer.setOptions(observer.options);
}

/**
 * Opens the event stream with the current token and turns each event into invalidations of the queries it makes
 * stale, paced by `throttleFor`; `stop` closes it and drops what is queued. Loaded by `useLiveUpdates` once the
 * frame has drawn (the stream's reader and the invalidation table are no part of any first view).
 */
export function startLiveUpdates(client: QueryClient): LiveEventsHandle {
  const queue = createInvalidationQueue<KeyPattern>({
    invalidate: (patterns) =>
      void client.invalidateQueries({
        predicate: (query) => patterns.some((pattern) => matchesPattern(pattern, query.queryKey)),
      }),
    minIntervalMs: throttleFor,
  });
  const unsubscribe = liveConnection.subscribe(() => nudgeLiveQueries(client));
  const live = startLiveEvents({
    getToken: () => authStore.get().jwt,
    onEvent: (event) => queue.add(invalidationsFor(event)),
    onState: (state) => liveConnection.set(state),
  });
  return {
    reconnect: live.reconnect,
    stop() {
      live.stop();
      queue.clear();
      unsubscribe();
    },
  };
}
