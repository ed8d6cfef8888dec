/**
 * Runs `task` when the browser is idle, and at the latest after `timeoutMs` (where idle callbacks are missing, as
 * in Safari: then); returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, timeoutMs);
  return () => clearTimeout(id);
}
