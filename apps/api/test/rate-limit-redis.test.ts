/**
 * Rate limits counted in Redis (issue 11): two API processes share one count, a window ends on its own
 * length, and a process whose Redis does not answer counts in its own memory meanwhile. Needs a Redis
 * server (TEST_REDIS_URL, else redis://127.0.0.1:6379); when none answers, these tests are skipped with
 * that reason (the memory limiter is tested in units.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, type TestContext, vi } from 'vitest';
import { createRedisRateLimiter, type RateLimiter } from '../src/plugins/rate-limit.ts';
import { REDIS_URL, redisAnswers, silentLog } from './helpers.ts';

const reachable = await redisAnswers(REDIS_URL);
const requireRedis = (ctx: TestContext) => {
  if (!reachable) ctx.skip(`Redis is not reachable at ${REDIS_URL} (set TEST_REDIS_URL to run these tests)`);
};
/** Every run counts under its own prefix, so parallel runs and a dev server on the same Redis do not mix. */
const prefix = `vnoc:test:rate:${randomBytes(6).toString('hex')}:`;
const limited = expect.objectContaining({ statusCode: 429, id: 'rate_limited' });
const limiters: RateLimiter[] = [];
const limiter = (url = REDIS_URL, log: { warn: (obj: object, msg: string) => void } = silentLog) => {
  const created = createRedisRateLimiter(url, log, { prefix });
  limiters.push(created);
  return created;
};
afterAll(() => Promise.all(limiters.map((l) => l.close())));

describe('rate limits in Redis', () => {
  it('two processes share one count: the limit holds across them, per key', async (ctx) => {
    requireRedis(ctx);
    const [a, b] = [limiter(), limiter()];
    await a.hit('login:10.0.0.1', 3, 60_000);
    await b.hit('login:10.0.0.1', 3, 60_000);
    await a.hit('login:10.0.0.1', 3, 60_000);
    await expect(b.hit('login:10.0.0.1', 3, 60_000)).rejects.toEqual(limited);
    await expect(a.hit('login:10.0.0.1', 3, 60_000)).rejects.toEqual(limited);
    await expect(b.hit('login:10.0.0.2', 3, 60_000)).resolves.toBeUndefined();
  });

  it('counts a weighted hit as that many, in one window with its expiry', async (ctx) => {
    requireRedis(ctx);
    const [a, b] = [limiter(), limiter()];
    await a.hit('events:u1', 100, 60_000, 60);
    await expect(b.hit('events:u1', 100, 60_000, 50)).rejects.toEqual(limited);
    await expect(b.hit('events:u2', 100, 60_000, 100)).resolves.toBeUndefined();
    await expect(b.hit('events:u3', 100, 60_000, 101)).rejects.toEqual(limited);
  });

  it('a window ends on its own length', async (ctx) => {
    requireRedis(ctx);
    const a = limiter();
    const redis = new Redis(REDIS_URL, { lazyConnect: true });
    try {
      await a.hit('short', 1, 300);
      await expect(a.hit('short', 1, 300)).rejects.toEqual(limited);
      // Redis ends the window on its own clock (the key expires): it lives at most the window's length, and the
      // refused hit did not extend it.
      const ttl = await redis.pttl(`${prefix}short`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(300);
      // Redis's clock cannot be moved: wait for the key to go (at most the 300 ms above), then the count is new.
      await vi.waitFor(async () => expect(await redis.exists(`${prefix}short`)).toBe(0), {
        timeout: 5_000,
        interval: 20,
      });
      await expect(a.hit('short', 1, 300)).resolves.toBeUndefined();
    } finally {
      redis.disconnect();
    }
  });

  it('while Redis does not answer, a process counts in its own memory and says so once', async () => {
    const warnings: string[] = [];
    const down = limiter('redis://127.0.0.1:1', {
      ...silentLog,
      warn: (_obj: object, msg: string) => warnings.push(msg),
    });
    await down.hit('k', 2, 60_000);
    await down.hit('k', 2, 60_000);
    await expect(down.hit('k', 2, 60_000)).rejects.toEqual(limited);
    expect(warnings).toEqual(['rate limits: Redis does not answer; counting in this process meanwhile']);
  });
});
