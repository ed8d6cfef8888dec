// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REFRESH_MS, liveConnection, liveRefetchInterval } from '../lib/live.ts';
import { nudgeLiveQueries } from './use-live-updates.ts';

describe('polling as the fallback of the event stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    liveConnection.set('off');
  });

  it('a live query stops polling while the stream is open and starts again once it drops', async () => {
    const client = new QueryClient();
    let fetches = 0;
    liveConnection.set('open');
    const observer = new QueryObserver(client, {
      queryKey: ['sites', 'search', {}],
      queryFn: async () => ++fetches,
      refetchInterval: () => liveRefetchInterval(),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const nudge = liveConnection.subscribe(() => nudgeLiveQueries(client));
    await vi.advanceTimersByTimeAsync(10);
    expect(fetches).toBe(1);

    await vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS);
    expect(fetches).toBe(1); // open: events refresh it, no polling

    liveConnection.set('retrying');
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS + 10);
    expect(fetches).toBe(2); // dropped: polled at the live pace
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    expect(fetches).toBe(3);

    liveConnection.set('open');
    await vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS);
    expect(fetches).toBe(3);
    nudge();
    unsubscribe();
    client.clear();
  });
});
