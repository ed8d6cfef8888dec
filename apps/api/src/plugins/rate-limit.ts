import { Errors } from '../errors.ts';

export type RateLimiter = {
  /** Counts one hit for `key`; throws 429 rate_limited once more than `limit` hits fall in the window. */
  hit: (key: string, limit: number, windowMs: number) => void;
};

/** Fixed-window counters in memory (per process; a Redis-backed one replaces it when REDIS_URL is used). */
export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, limit, windowMs) {
      const t = now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || t - current.start >= windowMs) {
        windows.set(key, { start: t, count: 1 });
        return;
      }
      current.count += 1;
      if (current.count > limit) throw Errors.rateLimited();
    },
  };
}
