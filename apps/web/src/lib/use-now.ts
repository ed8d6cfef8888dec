import { useCallback, useState, useSyncExternalStore } from 'react';

/**
 * One clock per interval for the whole page: a list of 50 rows with ages keeps one timer, and a tick draws
 * again only the components that read it (each row's own timer and state cost a render per row per tick).
 */
interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer?: ReturnType<typeof setInterval>;
}

const clocks = new Map<number, Clock>();

function clock(intervalMs: number): Clock {
  let found = clocks.get(intervalMs);
  if (!found) {
    found = { now: Date.now(), listeners: new Set() };
    clocks.set(intervalMs, found);
  }
  return found;
}

function subscribe(intervalMs: number, listener: () => void): () => void {
  const entry = clock(intervalMs);
  if (entry.listeners.size === 0) {
    entry.timer = setInterval(() => {
      entry.now = Date.now();
      for (const notify of entry.listeners) notify();
    }, intervalMs);
  }
  entry.listeners.add(listener);
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size === 0) clearInterval(entry.timer);
  };
}

/** The current time in ms, refreshed every `intervalMs`, so ages and their colours stay true on an open screen. */
export function useNow(intervalMs = 15_000): number {
  const watch = useCallback((listener: () => void) => subscribe(intervalMs, listener), [intervalMs]);
  const read = useCallback(() => {
    const entry = clock(intervalMs);
    // A clock nothing watches stands still: its time is taken anew (to its interval, so two reads of one render
    // agree), not kept from when it last ticked — the time may have moved either way since.
    if (entry.listeners.size === 0) entry.now = Math.floor(Date.now() / intervalMs) * intervalMs;
    return entry.now;
  }, [intervalMs]);
  const tick = useSyncExternalStore(watch, read);
  // A component counts from when it appeared until the shared clock's next tick passes that (the clock may have
  // stood still while nothing watched it), so a screen just opened shows true ages.
  const [since] = useState(Date.now);
  // A tick ahead of the present (the time was set back) is not believed.
  return tick > Date.now() ? since : Math.max(tick, since);
}
