import type { Job } from '@vnoc/contracts';

/** How often the device is asked again while it reboots, so the page shows rebooting → online. */
export const REBOOT_POLL_MS = 2000;
/** How long past the expected time the watch waits for the device before going back to the live pace. */
export const REBOOT_GRACE_MS = 5 * 60_000;
/** A device that never showed as down is considered back this long after the expected time. */
const NEVER_DOWN_MS = 30_000;

export interface RebootWatch {
  expectedBackAtMs: number;
  /** The device has been seen not online since the reboot. */
  sawDown: boolean;
}

const isUp = (status: string | null | undefined) => status === 'online' || status === 'onbackup';

/**
 * The watch after seeing the device's status at `nowMs`; null once it is over: the device came back up
 * after being seen down, or (never seen down) a little after the expected time, or (still down) well past it.
 */
export function nextRebootWatch(
  watch: RebootWatch | null,
  status: string | null | undefined,
  nowMs: number,
): RebootWatch | null {
  if (watch === null) return null;
  if (nowMs > watch.expectedBackAtMs + REBOOT_GRACE_MS) return null;
  if (!isUp(status)) return watch.sawDown ? watch : { ...watch, sawDown: true };
  if (watch.sawDown) return null;
  return nowMs > watch.expectedBackAtMs + NEVER_DOWN_MS ? null : watch;
}

/**
 * The watch a finished job starts at `nowMs` (the browser's clock): a successful reboot; null for anything
 * else. The device is expected back after the reboot's announced downtime (expectedBackAt − rebootedAt),
 * counted from now, so a server clock that differs from the browser's does not matter.
 */
export function rebootWatchFor(job: Job, nowMs: number): RebootWatch | null {
  if (job.action !== 'reboot' || job.state !== 'succeeded' || job.result === null) return null;
  const downtime = Date.parse(job.result.expectedBackAt) - Date.parse(job.result.rebootedAt);
  return {
    expectedBackAtMs: nowMs + (Number.isFinite(downtime) ? Math.max(0, downtime) : 0),
    sawDown: false,
  };
}
