import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { authStore, useAuth } from '../lib/auth-store.ts';
import { createInvalidationQueue } from '../lib/invalidation-queue.ts';
import { liveConnection } from '../lib/live.ts';
import { type LiveEventsHandle, startLiveEvents } from '../lib/live-events.ts';
import { queryClient } from '../lib/query-client.ts';
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
 * The signed-in console's live updates (mounted once, in the main layout): keeps the event stream open
 * with the current token — reconnecting when it is refreshed, closing at sign-out — and turns each event
 * into invalidations of the queries it makes stale, paced by `throttleFor`. While the stream is not open,
 * `liveRefetchInterval` makes the screens poll.
 */
export function useLiveUpdates(client: QueryClient = queryClient): void {
  const { jwt } = useAuth();
  const handle = useRef<LiveEventsHandle | null>(null);

  useEffect(() => {
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
    handle.current = live;
    return () => {
      handle.current = null;
      live.stop();
      queue.clear();
      unsubscribe();
    };
  }, [client]);

  // A new token (refreshed, or gone at sign-out): the stream follows it.
  const seen = useRef(jwt);
  useEffect(() => {
    if (seen.current === jwt) return;
    seen.current = jwt;
    handle.current?.reconnect();
  }, [jwt]);
}
