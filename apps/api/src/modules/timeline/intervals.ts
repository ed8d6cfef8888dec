/**
 * The status band of a timeline from the stored status periods (`device_status_intervals`), pure: each
 * device's periods clipped to the range, and at every moment the worst status among the devices that recorded
 * one then (a site's status is its worst edge device's, ARCHITECTURE "Site status"). A moment no device recorded
 * is left out, so the band shows "No data" there, never a status it cannot know.
 */
import { DEVICE_STATUS_RANK, type DeviceStatus, type TimelineInterval } from '@vnoc/contracts';

export type StatusPeriod = {
  deviceId: string;
  status: DeviceStatus;
  /** Milliseconds since the epoch. */
  start: number;
  /** null: the device's current period. */
  end: number | null;
};

/** A status starts (+1) or stops (−1) being recorded by one more device at `at`; `open` for a current period. */
type Change = { at: number; status: DeviceStatus; delta: 1 | -1; open: boolean };

const worst = (counts: Map<DeviceStatus, number>): DeviceStatus | null => {
  let found: DeviceStatus | null = null;
  for (const [status, n] of counts)
    if (n > 0 && (found === null || DEVICE_STATUS_RANK[status] < DEVICE_STATUS_RANK[found])) found = status;
  return found;
};

/**
 * The band over [from, to): `now` ends the current periods (a range reaching past now shows nothing after it).
 * Neighbouring spans of one status are one interval; `ongoing` marks the one a current period holds up to now.
 */
export function buildIntervals(
  periods: readonly StatusPeriod[],
  from: number,
  to: number,
  now: number,
): TimelineInterval[] {
  const end = Math.min(to, now);
  const changes: Change[] = [];
  for (const p of periods) {
    const start = Math.max(p.start, from);
    const stop = Math.min(p.end ?? end, end);
    if (stop <= start) continue;
    const open = p.end === null;
    changes.push(
      { at: start, status: p.status, delta: 1, open },
      { at: stop, status: p.status, delta: -1, open },
    );
  }
  changes.sort((a, b) => a.at - b.at);

  const counts = new Map<DeviceStatus, number>();
  const openCounts = new Map<DeviceStatus, number>();
  const spans: { status: DeviceStatus; from: number; to: number; ongoing: boolean }[] = [];
  for (let i = 0; i < changes.length; ) {
    const at = changes[i]?.at ?? 0;
    for (; i < changes.length && changes[i]?.at === at; i++) {
      const c = changes[i] as Change;
      counts.set(c.status, (counts.get(c.status) ?? 0) + c.delta);
      if (c.open) openCounts.set(c.status, (openCounts.get(c.status) ?? 0) + c.delta);
    }
    const next = changes[i]?.at;
    const status = worst(counts);
    if (next === undefined || status === null) continue;
    const ongoing = next === end && (openCounts.get(status) ?? 0) > 0 && end === now;
    const last = spans.at(-1);
    if (last && last.status === status && last.to === at) {
      last.to = next;
      last.ongoing = ongoing;
    } else spans.push({ status, from: at, to: next, ongoing });
  }
  return spans.map((s) => ({
    status: s.status,
    from: new Date(s.from).toISOString(),
    to: new Date(s.to).toISOString(),
    ongoing: s.ongoing,
  }));
}
