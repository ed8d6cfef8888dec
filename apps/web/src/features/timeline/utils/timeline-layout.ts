import type { DeviceStatus, Timeline, TimelineEvent, TimelineEventType } from '@vnoc/contracts';

/** The views of a timeline: the last 24 hours, 7 days or 30 days. */
export const TIMELINE_SPANS = ['24h', '7d', '30d'] as const;
export type TimelineSpan = (typeof TIMELINE_SPANS)[number];
const HOUR = 3_600_000;
export const SPAN_MS: Readonly<Record<TimelineSpan, number>> = {
  '24h': 24 * HOUR,
  '7d': 7 * 24 * HOUR,
  '30d': 30 * 24 * HOUR,
};

/** A piece of the status band, in percent of the axis: a status, or time nothing was recorded (`null`). */
export type BandPiece = {
  status: DeviceStatus | null;
  from: string;
  to: string;
  left: number;
  width: number;
  ongoing: boolean;
};

/**
 * Where the axis is labelled, within [from, to], in the browser's zone: over 24 hours every 6 hours on the hour
 * (00:00, 06:00, …), over 7 days each midnight, over 30 days every 5th midnight. A label names what it stands at:
 * the axis cut in quarters put "Nov 24" at Nov 24 11:45 and "Nov 27" a day and three quarters after "Nov 26"
 * (issue 37's screenshots).
 */
export function axisTicks(from: string, to: string, span: TimelineSpan): number[] {
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (!(end > start)) return [];
  const tick = new Date(start);
  const step =
    span === '24h'
      ? () => tick.setHours(tick.getHours() + 6)
      : () => tick.setDate(tick.getDate() + (span === '7d' ? 1 : 5));
  if (span === '24h') {
    tick.setMinutes(0, 0, 0);
    while (tick.getTime() < start || tick.getHours() % 6 !== 0) tick.setHours(tick.getHours() + 1);
  } else {
    tick.setHours(0, 0, 0, 0);
    if (tick.getTime() < start) tick.setDate(tick.getDate() + 1);
  }
  const ticks: number[] = [];
  for (; tick.getTime() <= end; step()) ticks.push(tick.getTime());
  return ticks;
}

/** Where a time falls on the axis of [from, to], in percent, kept within it. */
export function positionOf(at: string, from: string, to: string): number {
  const start = Date.parse(from);
  const whole = Date.parse(to) - start;
  if (!(whole > 0)) return 0;
  return Math.min(100, Math.max(0, ((Date.parse(at) - start) * 100) / whole));
}

/**
 * The band over the whole axis: the intervals as the server answered them, and between and around them the
 * time nothing was recorded, as pieces of their own (status null, "No data") — the band never stretches a
 * status over time it does not know.
 */
export function bandPieces(timeline: Pick<Timeline, 'from' | 'to' | 'intervals'>): BandPiece[] {
  const { from, to } = timeline;
  const pieces: BandPiece[] = [];
  const piece = (status: DeviceStatus | null, a: string, b: string, ongoing: boolean) => {
    if (Date.parse(b) <= Date.parse(a)) return;
    const left = positionOf(a, from, to);
    pieces.push({ status, from: a, to: b, left, width: positionOf(b, from, to) - left, ongoing });
  };
  let cursor = from;
  for (const interval of timeline.intervals) {
    piece(null, cursor, interval.from, false);
    piece(interval.status, interval.from, interval.to, interval.ongoing);
    cursor = interval.to;
  }
  piece(null, cursor, to, false);
  return pieces;
}

/** The events of one type (the server sends them oldest first). */
export function eventsOf<T extends TimelineEventType>(
  events: readonly TimelineEvent[],
  type: T,
): Extract<TimelineEvent, { type: T }>[] {
  return events.filter((e): e is Extract<TimelineEvent, { type: T }> => e.type === type);
}
