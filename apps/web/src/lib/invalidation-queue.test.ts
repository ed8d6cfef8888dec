import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInvalidationQueue } from './invalidation-queue.ts';

describe('invalidation queue', () => {
  let calls: { at: number; patterns: string[][] }[];
  let start: number;
  const make = () =>
    createInvalidationQueue<string[]>({
      invalidate: (patterns) => calls.push({ at: Date.now() - start, patterns }),
      delayMs: 250,
      minIntervalMs: (p) => (p.length === 1 ? 5_000 : 1_000),
    });

  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
    calls = [];
  });
  afterEach(() => vi.useRealTimers());

  it('coalesces a burst into one invalidation after the delay', () => {
    const queue = make();
    queue.add([['sites'], ['device', 'd1']]);
    queue.add([['sites'], ['device', 'd2']]);
    vi.advanceTimersByTime(249);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([{ at: 250, patterns: [['sites'], ['device', 'd1'], ['device', 'd2']] }]);
  });

  it('paces each pattern by its own interval, deferring (never dropping) the last invalidation', () => {
    const queue = make();
    queue.add([['sites'], ['device', 'd1']]);
    vi.advanceTimersByTime(300); // both at 250
    queue.add([['sites'], ['device', 'd1']]);
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual([
      { at: 250, patterns: [['sites'], ['device', 'd1']] },
      { at: 1_250, patterns: [['device', 'd1']] },
      { at: 5_250, patterns: [['sites']] },
    ]);
  });

  it('clear drops what is pending', () => {
    const queue = make();
    queue.add([['sites']]);
    queue.clear();
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual([]);
  });
});
