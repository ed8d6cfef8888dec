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
