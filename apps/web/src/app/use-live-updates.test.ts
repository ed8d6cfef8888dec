// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { LIVE_REFRESH_MS, liveConnection, liveRefetchInterval } from '../lib/live.ts';
import { fakeJwt, fullClaims } from '../test/render.tsx';
import * as liveUpdates from './live-updates.ts';
import { nudgeLiveQueries } from './live-updates.ts';
import { useLiveUpdates } from './use-live-updates.ts';

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

describe('the live updates, loaded once the frame has drawn', () => {
  const handle = { reconnect: vi.fn(), stop: vi.fn() };
  const start = vi.spyOn(liveUpdates, 'startLiveUpdates').mockImplementation(() => handle);
  beforeEach(() => {
    start.mockClear();
    handle.reconnect.mockClear();
    handle.stop.mockClear();
  });
  afterEach(() => cleanup());

  it('open the stream once their module has loaded, follow a new token, and close it on unmount', async () => {
    const client = new QueryClient();
    const { unmount } = renderHook(() => useLiveUpdates(client));
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    expect(start).toHaveBeenCalledWith(client);

    act(() => authStore.setToken(fakeJwt(fullClaims())));
    expect(handle.reconnect).toHaveBeenCalledTimes(1);

    unmount();
    expect(handle.stop).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('open no stream when the frame is gone before their module arrives', async () => {
    const { unmount } = renderHook(() => useLiveUpdates(new QueryClient()));
    unmount();
    await import('./live-updates.ts');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(start).not.toHaveBeenCalled();
    expect(handle.stop).not.toHaveBeenCalled();
  });
});
