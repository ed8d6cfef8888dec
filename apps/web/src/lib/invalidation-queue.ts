/**
 * Coalesces and paces cache invalidations from live events: a burst of events for one query refetches it
 * once, and a query refetches at most once per its `minIntervalMs` (the last invalidation of a burst is
 * never dropped, only deferred). Patterns are compared by value.
 */
export type InvalidationQueueOptions<P> = {
  /** Called with the patterns whose time has come. */
  invalidate: (patterns: P[]) => void;
  /** The pause for the rest of a burst to arrive; default 250 ms. */
  delayMs?: number;
  /** Least time between two invalidations of one pattern. */
  minIntervalMs: (pattern: P) => number;
  now?: () => number;
};

export function createInvalidationQueue<P>(options: InvalidationQueueOptions<P>) {
  const delayMs = options.delayMs ?? 250;
  const now = options.now ?? Date.now;
  const pending = new Map<string, { pattern: P; due: number }>();
  const last = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDue = Number.POSITIVE_INFINITY;

  const schedule = () => {
    let due = Number.POSITIVE_INFINITY;
    for (const entry of pending.values()) due = Math.min(due, entry.due);
    if (due === timerDue) return;
    clearTimeout(timer);
    timer = undefined;
    timerDue = due;
    if (due !== Number.POSITIVE_INFINITY) timer = setTimeout(flush, Math.max(0, due - now()));
  };

  const flush = () => {
    timer = undefined;
    timerDue = Number.POSITIVE_INFINITY;
    const t = now();
    const ready: P[] = [];
    for (const [key, entry] of pending) {
      if (entry.due > t) continue;
      pending.delete(key);
      last.set(key, t);
      ready.push(entry.pattern);
    }
    schedule();
    if (ready.length > 0) options.invalidate(ready);
  };

  return {
    add(patterns: readonly P[]) {
      const t = now();
      for (const pattern of patterns) {
        const key = JSON.stringify(pattern);
        if (pending.has(key)) continue;
        const previous = last.get(key);
        const due = Math.max(
          t + delayMs,
          previous === undefined ? 0 : previous + options.minIntervalMs(pattern),
        );
        pending.set(key, { pattern, due });
      }
      schedule();
    },
    /** Drops what is pending (sign-out). */
    clear() {
      pending.clear();
      clearTimeout(timer);
      timer = undefined;
      timerDue = Number.POSITIVE_INFINITY;
    },
  };
}
