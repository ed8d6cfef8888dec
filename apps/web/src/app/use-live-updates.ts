import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '../lib/auth-store.ts';
import type { LiveEventsHandle } from '../lib/live-events.ts';
import { queryClient } from '../lib/query-client.ts';

/**
 * The signed-in console's live updates (mounted once, in the main layout): keeps the event stream open
 * with the current token — reconnecting when it is refreshed, closing at sign-out — and turns each event
 * into invalidations of the queries it makes stale (`live-updates.ts`). That part is fetched once the frame has
 * drawn, not with it (issue 39: ~2 KB gzipped off every signed-in screen's first load); until the stream opens,
 * as while it is down, `liveRefetchInterval` makes the screens poll.
 */
export function useLiveUpdates(client: QueryClient = queryClient): void {
  const { jwt } = useAuth();
  const handle = useRef<LiveEventsHandle | null>(null);

  useEffect(() => {
    let stopped = false;
    import('./live-updates.ts')
      .then(({ startLiveUpdates }) => {
        if (!stopped) handle.current = startLiveUpdates(client);
      })
      // Not loaded (a deploy replaced the files, the network dropped): the screens keep polling.
      .catch(() => undefined);
    return () => {
      stopped = true;
      handle.current?.stop();
      handle.current = null;
    };
  }, [client]);

  // A new token (refreshed, or gone at sign-out): the stream follows it. One opened later reads the token then.
  const seen = useRef(jwt);
  useEffect(() => {
    if (seen.current === jwt) return;
    seen.current = jwt;
    handle.current?.reconnect();
  }, [jwt]);
}
