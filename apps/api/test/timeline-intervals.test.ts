import { describe, expect, it } from 'vitest';
import { buildIntervals, type StatusPeriod } from '../src/modules/timeline/intervals.ts';

const H = 3_600_000;
const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const at = (hours: number) => new Date(T0 + hours * H).toISOString();
const p = (
  deviceId: string,
  status: StatusPeriod['status'],
  start: number,
  end: number | null,
): StatusPeriod => ({
  deviceId,
  status,
  start: T0 + start * H,
  end: end === null ? null : T0 + end * H,
});
const band = (periods: StatusPeriod[], from = 0, to = 24, now = 100) =>
  buildIntervals(periods, T0 + from * H, T0 + to * H, T0 + now * H).map((i) =>
    [i.status, i.from, i.to, i.ongoing].join(' '),
  );

describe('buildIntervals', () => {
  it('clips periods to the range and leaves unrecorded time out (No data), never filled in', () => {
    expect(band([p('a', 'online', -5, 3), p('a', 'offline', 6, 30)])).toEqual([
      `online ${at(0)} ${at(3)} false`,
      `offline ${at(6)} ${at(24)} false`,
    ]);
    expect(band([])).toEqual([]);
    expect(band([p('a', 'online', 30, 40)])).toEqual([]);
  });

  it("takes the worst status of the devices recording at each moment (a site's status)", () => {
    const periods = [
      p('fw', 'online', 0, 24),
      p('5g', 'online', 0, 4),
      p('5g', 'onbackup', 4, 8),
      p('5g', 'offline', 8, 10),
      p('5g', 'online', 10, 24),
    ];
    expect(band(periods)).toEqual([
      `online ${at(0)} ${at(4)} false`,
      `onbackup ${at(4)} ${at(8)} false`,
      `offline ${at(8)} ${at(10)} false`,
      `online ${at(10)} ${at(24)} false`,
    ]);
    // Error ranks above on backup, pending below it (as the database's vnoc_status_rank).
    expect(band([p('a', 'onbackup', 0, 2), p('b', 'error', 1, 2), p('c', 'pending', 0, 2)], 0, 2)).toEqual([
      `onbackup ${at(0)} ${at(1)} false`,
      `error ${at(1)} ${at(2)} false`,
    ]);
  });

  it('joins neighbouring spans of one status, also across devices, and not across a gap', () => {
    expect(band([p('a', 'online', 0, 5), p('b', 'online', 5, 9), p('a', 'online', 10, 12)])).toEqual([
      `online ${at(0)} ${at(9)} false`,
      `online ${at(10)} ${at(12)} false`,
    ]);
  });

  it('ends current periods at now, marks the span they hold ongoing, and shows nothing after now', () => {
    expect(band([p('a', 'online', 0, 6), p('a', 'rebooting', 6, null)], 0, 24, 9)).toEqual([
      `online ${at(0)} ${at(6)} false`,
      `rebooting ${at(6)} ${at(9)} true`,
    ]);
    // A range ending before now: the current period is cut at the range's end, not ongoing.
    expect(band([p('a', 'online', 0, null)], 0, 24, 30)).toEqual([`online ${at(0)} ${at(24)} false`]);
    // An ended period reaching now is not ongoing.
    expect(band([p('a', 'online', 0, 9)], 0, 24, 9)).toEqual([`online ${at(0)} ${at(9)} false`]);
  });
});
