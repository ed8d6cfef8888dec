/**
 * Resolves after the browser has painted the frame in which it was called: the next animation frame runs just
 * before that paint, and a task queued from it runs after. For work that can wait until the screen shows.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** Resolves in a task of its own: the main thread gets a turn for input and rendering first. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The longest a slice of deferred work runs before it gives the main thread back: Lighthouse's mobile profile
 * slows the CPU four times, and 4 × 8 ms stays under the 50 ms from which a task counts as long (blocking input).
 */
export const SLICE_MS = 8;

/**
 * Calls `each` on every item in order, in slices of about SLICE_MS with a task boundary between them, so work
 * that can wait until the screen shows is many short tasks rather than one long one (input and rendering get
 * their turn between them). Stops before the next item once `cancelled()` is true.
 */
export async function inSlices<T>(
  items: readonly T[],
  each: (item: T) => void,
  cancelled: () => boolean,
): Promise<void> {
  let start = performance.now();
  for (const item of items) {
    if (cancelled()) return;
    each(item);
    if (performance.now() - start >= SLICE_MS) {
      await nextTask();
      start = performance.now();
    }
  }
}
