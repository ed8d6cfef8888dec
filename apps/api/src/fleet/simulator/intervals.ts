/**
 * Status intervals: per device, consecutive [from, to) spans of one status with no gap and no
 * overlap, the current one open-ended (`to` null). Uptime and the daily analytics rows come from them.
 */
import { DAY, type StatusEvent } from './engine.ts';
import { type DeviceStatus, isUp } from './transitions.ts';

export type StatusInterval = { deviceId: string; status: DeviceStatus; from: number; to: number | null };

/** Uptime and daily analytics row (spec part 3 "Online analytics row"), for one device and one UTC day. */
export type DailyRollup = {
  deviceId: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** `online` or `onbackup`: secondsOnPrimary + secondsOnBackup. */
  secondsOnline: number;
  /** Everything else (offline, rebooting, pending, …); secondsOnline + secondsOffline = the day's recorded seconds. */
  secondsOffline: number;
  secondsOnBackup: number;
  secondsOnPrimary: number;
  /** Times the device went `offline` that day. */
  offlineEvents: number;
  /** Times the device went `onbackup` that day. */
  backupEvents: number;
  percentOnline: number;
  percentOffline: number;
  percentOnBackup: number;
  percentOnPrimary: number;
};

/**
 * Extends intervals with events (in time order): each event closes its device's open interval at
 * the event's time and opens one in the new status; a device without an open interval starts its
 * record there. An event that does not continue the device's status is a bug and throws. A status
 * that lasted no time at all (two events at one instant) leaves no interval. Inputs are not changed;
 * passing only the open intervals gives back those to close and the new ones.
 */
export function applyEvents(
  intervals: readonly StatusInterval[],
  events: readonly StatusEvent[],
): StatusInterval[] {
  const out = intervals.map((iv) => ({ ...iv }));
  const open = new Map<string, StatusInterval>();
  const closed = new Map<string, StatusInterval>(); // the interval just before each open one, when known
  for (const iv of out) {
    if (iv.to !== null) continue;
    if (open.has(iv.deviceId)) throw new Error(`Device ${iv.deviceId} has two open intervals`);
    open.set(iv.deviceId, iv);
  }
  const dropped = new Set<StatusInterval>();
  for (const e of events) {
    const current = open.get(e.deviceId);
    const next: StatusInterval = { deviceId: e.deviceId, status: e.to, from: e.at, to: null };
    if (!current) {
      out.push(next);
      open.set(e.deviceId, next);
      continue;
    }
    if (current.status !== e.from || e.at < current.from) {
      throw new Error(
        `Event ${e.from} → ${e.to} at ${e.at} does not follow device ${e.deviceId}'s ${current.status} since ${current.from}`,
      );
    }
    if (e.at > current.from) {
      current.to = e.at;
      closed.set(e.deviceId, current);
      out.push(next);
      open.set(e.deviceId, next);
      continue;
    }
    // The current status lasted no time: it becomes the new one, merged with the one before if equal.
    current.status = e.to;
    const before =
      closed.get(e.deviceId) ?? out.find((iv) => iv.deviceId === e.deviceId && iv.to === current.from);
    if (before && before.to === current.from && before.status === current.status) {
      dropped.add(current);
      before.to = null;
      open.set(e.deviceId, before);
      closed.delete(e.deviceId);
    }
  }
  return dropped.size === 0 ? out : out.filter((iv) => !dropped.has(iv));
}

/**
 * Uptime over [windowStart, windowEnd): the share of time `online` or `onbackup`, in
 * percent to 4 decimals, with open intervals counted up to windowEnd. Time before a device's first
 * record is left out; null when nothing in the window is recorded. Given several devices' intervals,
 * it is the fleet's uptime (device-time weighted).
 */
export function uptimePercent(
  intervals: readonly StatusInterval[],
  windowStart: number,
  windowEnd: number,
): number | null {
  let up = 0;
  let covered = 0;
  for (const iv of intervals) {
    const ms = overlap(iv, windowStart, windowEnd);
    covered += ms;
    if (isUp(iv.status)) up += ms;
  }
  return covered === 0 ? null : round4((up / covered) * 100);
}

/** Downtime = 100 − uptime, to 4 decimals (spec part 3). */
export function downtimePercent(uptime: number): number {
  return round4(100 - uptime);
}

/**
 * The daily rows for `days` UTC days from `firstDay` (ms of a midnight), per device found in the
 * intervals; a device with nothing recorded on a day has no row for it. Each interval's start is a
 * transition into its status (the device's first interval excepted, which is why backfilled history
 * begins `online` or in a status that is never counted as an event).
 */
export function dailyRollups(
  intervals: readonly StatusInterval[],
  firstDay: number,
  days: number,
): DailyRollup[] {
  const byDevice = new Map<string, StatusInterval[]>();
  for (const iv of intervals) {
    const list = byDevice.get(iv.deviceId);
    if (list) list.push(iv);
    else byDevice.set(iv.deviceId, [iv]);
  }
  const rows: DailyRollup[] = [];
  for (const [deviceId, list] of byDevice) {
    for (let d = 0; d < days; d++) {
      const start = firstDay + d * DAY;
      const end = start + DAY;
      let covered = 0;
      let primary = 0;
      let backup = 0;
      let offlineEvents = 0;
      let backupEvents = 0;
      for (const iv of list) {
        const ms = overlap(iv, start, end);
        covered += ms;
        if (iv.status === 'online') primary += ms;
        if (iv.status === 'onbackup') backup += ms;
        if (iv.from >= start && iv.from < end) {
          if (iv.status === 'offline') offlineEvents++;
          if (iv.status === 'onbackup') backupEvents++;
        }
      }
      if (covered === 0) continue;
      const seconds = Math.round(covered / 1000);
      const secondsOnPrimary = Math.round(primary / 1000);
      const secondsOnBackup = Math.round(backup / 1000);
      const secondsOnline = secondsOnPrimary + secondsOnBackup;
      const percentOnline = round4((secondsOnline / seconds) * 100);
      rows.push({
        deviceId,
        day: new Date(start).toISOString().slice(0, 10),
        secondsOnline,
        secondsOffline: seconds - secondsOnline,
        secondsOnBackup,
        secondsOnPrimary,
        offlineEvents,
        backupEvents,
        percentOnline,
        percentOffline: downtimePercent(percentOnline),
        percentOnBackup: round4((secondsOnBackup / seconds) * 100),
        percentOnPrimary: round4((secondsOnPrimary / seconds) * 100),
      });
    }
  }
  return rows;
}

/** Milliseconds of an interval inside [start, end); an open interval runs to `end`. */
function overlap(iv: StatusInterval, start: number, end: number): number {
  return Math.max(0, Math.min(iv.to ?? end, end) - Math.max(iv.from, start));
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
