/** Runs `task` when the browser is idle, and at the latest after `timeoutMs` (where idle callbacks are missing: then). */
export function whenIdle(task: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, timeoutMs);
}
