import { Redis } from 'ioredis';
import { Errors } from '../errors.ts';

export type RateLimiter = {
  /**
   * Counts `weight` hits (default one) for `key`; throws 429 rate_limited once more than `limit` hits fall in
   * the window.
   */
  hit: (key: string, limit: number, windowMs: number, weight?: number) => Promise<void>;
  /** Drops the connection, if any (the app's onClose). */
  close: () => Promise<void>;
};

/** How many windows the memory limiter keeps before it drops the ended ones. */
const MEMORY_KEYS = 10_000;

/**
 * A clock that never runs backwards, read from `read`: it moves on by `read`'s forward steps only, so a step
 * back (a wall clock set back) neither ends a window early nor holds it open until the clock catches up; the
 * time after the step counts from where the clock then stands. Over `performance.now` (the default) it is that.
 */
export function forwardClock(read: () => number): () => number {
  let last: number | undefined;
  let elapsed = 0;
  return () => {
    const t = read();
    if (last !== undefined && t > last) elapsed += t - last;
    last = t;
    return elapsed;
  };
}

/**
 * Fixed-window counters in this process's memory: the limiter without Redis, and the fallback while
 * Redis does not answer. Each window ends on its own length (a purge never shortens a long window). Windows
 * are measured on `forwardClock(now)`: `now` is the process's monotonic clock unless a test gives its own.
 */
export function createRateLimiter(now: () => number = () => performance.now()): RateLimiter {
  const clock = forwardClock(now);
  const windows = new Map<string, { start: number; windowMs: number; count: number }>();
  return {
    async hit(key, limit, windowMs, weight = 1) {
      const t = clock();
      if (windows.size > MEMORY_KEYS) {
        for (const [k, w] of windows) if (t - w.start >= w.windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || t - current.start >= current.windowMs) {
        windows.set(key, { start: t, windowMs, count: weight });
        if (weight > limit) throw Errors.rateLimited();
        return;
      }
      current.count += weight;
      if (current.count > limit) throw Errors.rateLimited();
    },
    async close() {},
  };
}

/** `weight` hits: the window's count, the window starting (and expiring) with its first hits. */
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

type RateLog = { warn: (obj: object, msg: string) => void };

/**
 * Fixed-window counters in Redis (REDIS_URL), so every process of a deployment counts the same hits:
 * a client cannot multiply a limit by the number of API processes. While Redis does not answer, the
 * process falls back to its own counters (limits hold per process, as without Redis) and says so once.
 */
export function createRedisRateLimiter(
  url: string,
  log: RateLog,
  options: { prefix?: string; now?: () => number } = {},
): RateLimiter {
  const prefix = options.prefix ?? 'vnoc:rate:';
  const redis = new Redis(url, {
    connectionName: 'vnoc-rate-limits',
    // A hit waits at most a quarter of a second for Redis (connecting, or down), then counts in memory.
    commandTimeout: 250,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', () => undefined);
  const fallback = createRateLimiter(options.now);
  let warned = false;
  return {
    async hit(key, limit, windowMs, weight = 1) {
      let count: number;
      try {
        count = Number(await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs), String(weight)));
      } catch (err) {
        if (!warned) {
          warned = true;
          log.warn({ err }, 'rate limits: Redis does not answer; counting in this process meanwhile');
        }
        return fallback.hit(key, limit, windowMs, weight);
      }
      warned = false;
      if (count > limit) throw Errors.rateLimited();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
