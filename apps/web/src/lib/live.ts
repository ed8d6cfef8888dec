import { useSyncExternalStore } from 'react';

/**
 * How often screens that show the live fleet ask again while the live event stream is down (issue 3):
 * a status change reaches an open console within this interval. One value, so every list, card and
 * widget agrees on what "live" means.
 */
export const LIVE_REFRESH_MS = 30_000;

/**
 * While the stream is open, how often screens that show heartbeat ages ("last update", signal) still ask:
 * no event carries a heartbeat, and this is well under the 5 minutes after which a last update turns
 * amber, so a device that reports never looks stale.
 */
export const HEARTBEAT_REFRESH_MS = 120_000;

/** The live event stream: `open` (events keep the screens fresh), else polling stands in. */
export type LiveConnection = 'off' | 'connecting' | 'open' | 'retrying';

let connection: LiveConnection = 'off';
const listeners = new Set<() => void>();

export const liveConnection = {
  get: (): LiveConnection => connection,
  set(next: LiveConnection) {
    if (next === connection) return;
    connection = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * `refetchInterval` for live data: LIVE_REFRESH_MS while the event stream is not open (polling is the
 * fallback), `whileOpen` while it is (default: no polling; events invalidate the queries). Use it as a
 * function, `refetchInterval: () => liveRefetchInterval()`, so it is read again when the stream opens or
 * drops (the live events hook nudges every query then).
 */
export function liveRefetchInterval(whileOpen: number | false = false): number | false {
  return connection === 'open' ? whileOpen : LIVE_REFRESH_MS;
}

export function useLiveConnection(): LiveConnection {
  return useSyncExternalStore(liveConnection.subscribe, liveConnection.get, liveConnection.get);
}
