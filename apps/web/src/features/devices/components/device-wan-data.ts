import type { Duration, TimeseriesSample } from '@vnoc/contracts';
import { dateTimeFormat } from '../../../lib/intl.ts';

/** The durations the WAN chart offers, in the order shown (LAST_HOUR … LAST_7_DAYS). */
export const WAN_DURATIONS: readonly Duration[] = [
  'LAST_HOUR',
  'LAST_6_HOURS',
  'LAST_24_HOURS',
  'LAST_7_DAYS',
];

export const DEFAULT_WAN_DURATION: Duration = 'LAST_6_HOURS';

export function isWanDuration(value: string | null | undefined): value is Duration {
  return (WAN_DURATIONS as readonly string[]).includes(value ?? '');
}

/** A chart row: the bucket's time (epoch ms) and its mean ping and jitter in ms (null when none measured). */
export interface WanPoint {
  time: number;
  ping: number | null;
  jitter: number | null;
}

/** Most points drawn: a week of one-minute samples (10 080) is averaged into this many buckets. */
export const MAX_WAN_POINTS = 360;

function mean(values: number[]): number | null {
  if (values.length === 0) return null;
  return Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10;
}

/**
 * Chart rows from samples: sorted by time, samples with an unreadable time dropped, and averaged into at
 * most `maxPoints` equal buckets (each bucket's time is its first sample's) so a week stays drawable.
 */
export function toWanPoints(samples: readonly TimeseriesSample[], maxPoints = MAX_WAN_POINTS): WanPoint[] {
  const rows = samples
    .map((s) => ({ time: Date.parse(s.time), ping: s.ping, jitter: s.jitter }))
    .filter((s) => Number.isFinite(s.time))
    .sort((a, b) => a.time - b.time);
  const size = Math.max(1, Math.ceil(rows.length / Math.max(1, maxPoints)));
  const points: WanPoint[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const bucket = rows.slice(start, start + size);
    points.push({
      time: bucket[0]?.time ?? 0,
      ping: mean(bucket.map((r) => r.ping).filter((v): v is number => v !== null)),
      jitter: mean(bucket.map((r) => r.jitter).filter((v): v is number => v !== null)),
    });
  }
  return points;
}

/** Time-axis label: hours and minutes within a day, the date and hour for a week. */
export function wanTickFormat(duration: Duration, lang: string): Intl.DateTimeFormat {
  return duration === 'LAST_7_DAYS'
    ? dateTimeFormat(lang, { month: '2-digit', day: '2-digit', hour: '2-digit' })
    : dateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' });
}
