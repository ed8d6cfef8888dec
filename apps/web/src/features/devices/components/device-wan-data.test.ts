import type { TimeseriesSample } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WAN_DURATION, isWanDuration, toWanPoints, WAN_DURATIONS } from './device-wan-data.ts';

const sample = (minute: number, ping: number | null, jitter: number | null = 1): TimeseriesSample => ({
  time: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  sourceInterface: 'WAN',
  ipAddress: '8.8.8.8',
  ping,
  jitter,
});

describe('WAN durations', () => {
  it('offers the four durations, shortest first, 6 hours by default', () => {
    expect(WAN_DURATIONS).toEqual(['LAST_HOUR', 'LAST_6_HOURS', 'LAST_24_HOURS', 'LAST_7_DAYS']);
    expect(DEFAULT_WAN_DURATION).toBe('LAST_6_HOURS');
  });

  it.each([
    ['LAST_HOUR', true],
    ['LAST_7_DAYS', true],
    ['LAST_30_DAYS', false],
    ['last_hour', false],
    ['', false],
    [null, false],
  ])('%s is a duration: %s', (value, ok) => {
    expect(isWanDuration(value)).toBe(ok);
  });
});

describe('toWanPoints', () => {
  it('sorts by time and keeps one point per sample under the limit', () => {
    const points = toWanPoints([sample(2, 30), sample(0, 10), sample(1, 20)]);
    expect(points.map((p) => p.ping)).toEqual([10, 20, 30]);
  });

  it('drops samples with an unreadable time', () => {
    expect(toWanPoints([{ ...sample(0, 10), time: 'never' }, sample(1, 20)])).toHaveLength(1);
  });

  it.each([
    ['10 samples, at most 5 points → pairs averaged', 10, 5, 5],
    ['10 samples, at most 3 points → buckets of 4', 10, 3, 3],
    ['a week of minutes → at most 360', 7 * 24 * 60, 360, 360],
    ['no samples', 0, 360, 0],
  ])('%s', (_name, count, max, expected) => {
    const samples = Array.from({ length: count }, (_, i) => sample(i, i));
    expect(toWanPoints(samples, max)).toHaveLength(expected);
  });

  it('averages a bucket to one decimal, ignoring missing values; an all-missing bucket is null', () => {
    const points = toWanPoints(
      [sample(0, 10, null), sample(1, 15, null), sample(2, null, 2), sample(3, null, 3)],
      2,
    );
    expect(points).toEqual([
      { time: Date.parse(sample(0, 0).time), ping: 12.5, jitter: null },
      { time: Date.parse(sample(2, 0).time), ping: null, jitter: 2.5 },
    ]);
  });
});
