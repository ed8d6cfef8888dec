import { afterEach, describe, expect, it, vi } from 'vitest';
import { inSlices, SLICE_MS } from './after-paint.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The next task: one queued now runs after those queued before it. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A clock each item advances by `stepMs` (the work it stands for). */
function workClock(stepMs: number) {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return () => {
    now += stepMs;
  };
}

describe('inSlices (issue 39: deferred work in short tasks)', () => {
  it('gives the main thread back once a slice has run SLICE_MS, then goes on in order', async () => {
    const work = workClock(SLICE_MS / 2);
    const done: number[] = [];
    const all = inSlices(
      [1, 2, 3, 4, 5],
      (n) => {
        work();
        done.push(n);
      },
      () => false,
    );
    // The first task ran two items (SLICE_MS of work), the rest waits for the next tasks.
    expect(done).toEqual([1, 2]);
    await nextTask();
    expect(done).toEqual([1, 2, 3, 4]);
    await nextTask();
    await all;
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops before the next item once cancelled (the map closed meanwhile)', async () => {
    const work = workClock(SLICE_MS);
    let cancelled = false;
    const done: number[] = [];
    const all = inSlices(
      [1, 2, 3],
      (n) => {
        work();
        done.push(n);
      },
      () => cancelled,
    );
    cancelled = true;
    await nextTask();
    await all;
    expect(done).toEqual([1]);
  });
});
