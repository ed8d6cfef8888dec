/**
 * The ingest runs again a transaction PostgreSQL ended to break a deadlock (fleet/edge/deadlock.ts): status changes
 * of devices stored at once update shared status counts in their own order (see the file).
 */
import { describe, expect, it } from 'vitest';
import { isDeadlock, retryDeadlocks } from '../src/fleet/edge/deadlock.ts';

/** A deadlock's victim as drizzle reports it: its own error, the driver's (SQLSTATE 40P01) as the cause. */
const deadlock = () =>
  Object.assign(new Error('Failed query: update devices set …'), {
    cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  });

describe('deadlocks at the ingest', () => {
  it('are told from other errors, wrapped or not', () => {
    expect(isDeadlock(deadlock())).toBe(true);
    expect(isDeadlock(deadlock().cause)).toBe(true);
    expect(isDeadlock(Object.assign(new Error('unique violation'), { code: '23505' }))).toBe(false);
    expect(isDeadlock(new Error('database unavailable'))).toBe(false);
    expect(isDeadlock(undefined)).toBe(false);
  });

  it("a deadlock's victim runs again; any other error, or a third deadlock, is the caller's", async () => {
    let runs = 0;
    expect(
      await retryDeadlocks(async () => {
        runs += 1;
        if (runs < 3) throw deadlock();
        return 'stored';
      }),
    ).toBe('stored');
    expect(runs).toBe(3);

    runs = 0;
    await expect(
      retryDeadlocks(async () => {
        runs += 1;
        throw deadlock();
      }),
    ).rejects.toThrow(/Failed query/);
    expect(runs).toBe(3);

    runs = 0;
    await expect(
      retryDeadlocks(async () => {
        runs += 1;
        throw new Error('database unavailable');
      }),
    ).rejects.toThrow('database unavailable');
    expect(runs).toBe(1);
  });
});
