import { afterEach, vi } from 'vitest';

/**
 * A test's clock: `advance` moves `Date` on instead of waiting for time to pass. Only `Date` is faked, as pg,
 * undici and fastify need their real I/O timers; once moved, `Date` stands still until the test ends.
 * Call at the top of a file (it registers the hook that gives the real clock back after each test).
 */
export function useTestClock() {
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Moves the clock `ms` on (back, when negative) from where it stands. */
  const advance = (ms: number): void => {
    if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  };
  return {
    advance,
    /** Runs `make` with the clock `ms` back (a token signed then), then puts the clock back where it was. */
    async past<T>(ms: number, make: () => Promise<T>): Promise<T> {
      const now = Date.now();
      advance(-ms);
      try {
        return await make();
      } finally {
        vi.setSystemTime(now);
      }
    },
  };
}
