/** A timestamp as the server sends it (ISO text or epoch milliseconds), or a Date. */
export type Timestamp = Date | string | number;

/**
 * Milliseconds from `at` to `now`; null when `at` is missing or not a date. A time slightly in the future
 * (the device's clock ahead of this one) counts as 0, i.e. just now.
 */
export function ageMs(at: Timestamp | null | undefined, now: Timestamp): number | null {
  if (at === null || at === undefined || at === '') return null;
  const then = new Date(at).getTime();
  const current = new Date(now).getTime();
  if (Number.isNaN(then) || Number.isNaN(current)) return null;
  return Math.max(0, current - then);
}
