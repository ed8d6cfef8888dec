import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, type StatusEvent } from '../src/fleet/simulator/engine.ts';
import {
  applyEvents,
  dailyRollups,
  downtimePercent,
  type StatusInterval,
  uptimePercent,
} from '../src/fleet/simulator/intervals.ts';

const T0 = Date.parse('2026-01-15T00:00:00Z');
const ev = (at: number, from: StatusEvent['from'], to: StatusEvent['to'], deviceId = 'd1'): StatusEvent => ({
  deviceId,
  at,
  from,
  to,
});

describe('applyEvents', () => {
  it('closes the open interval at each event and opens the next, with no gap or overlap', () => {
    const start: StatusInterval[] = [{ deviceId: 'd1', status: 'online', from: T0, to: null }];
    const out = applyEvents(start, [
      ev(T0 + HOUR, 'online', 'offline'),
      ev(T0 + 2 * HOUR, 'offline', 'online'),
    ]);
    expect(out).toEqual([
      { deviceId: 'd1', status: 'online', from: T0, to: T0 + HOUR },
      { deviceId: 'd1', status: 'offline', from: T0 + HOUR, to: T0 + 2 * HOUR },
      { deviceId: 'd1', status: 'online', from: T0 + 2 * HOUR, to: null },
    ]);
    expect(start[0]?.to).toBeNull(); // input untouched
  });

  it('starts a record for a device without one, and keeps devices apart', () => {
    const out = applyEvents([], [ev(T0, 'unknown', 'online', 'a'), ev(T0 + 5, 'online', 'offline', 'a')]);
    expect(out).toEqual([
      { deviceId: 'a', status: 'online', from: T0, to: T0 + 5 },
      { deviceId: 'a', status: 'offline', from: T0 + 5, to: null },
    ]);
  });

  it('leaves no zero-length interval when two changes share an instant, merging equal neighbours', () => {
    const start: StatusInterval[] = [{ deviceId: 'd1', status: 'online', from: T0, to: null }];
    const same = applyEvents(start, [
      ev(T0 + HOUR, 'online', 'rebooting'),
      ev(T0 + HOUR, 'rebooting', 'offline'),
      ev(T0 + 2 * HOUR, 'offline', 'rebooting'),
      ev(T0 + 2 * HOUR, 'rebooting', 'offline'),
    ]);
    expect(same).toEqual([
      { deviceId: 'd1', status: 'online', from: T0, to: T0 + HOUR },
      { deviceId: 'd1', status: 'offline', from: T0 + HOUR, to: null },
    ]);
  });

  it.each([
    ['a status the device is not in', ev(T0 + HOUR, 'offline', 'online')],
    ['a time before the open interval began', ev(T0 - 1, 'online', 'offline')],
  ])('throws on an event from %s', (_, bad) => {
    expect(() => applyEvents([{ deviceId: 'd1', status: 'online', from: T0, to: null }], [bad])).toThrow(
      /does not follow/,
    );
  });
});

describe('uptimePercent (share of time online or onbackup, 4 decimals; downtime = 100 − uptime)', () => {
  // Hand-worked: a LAST_6_HOURS window of 6 h = 360 min: 5 h online (300 min), 30 min onbackup,
  // 30 min offline. Up = 300 + 30 = 330 min; 330 / 360 = 0.916666… → 91.6667 %; downtime 8.3333 %.
  const w0 = T0;
  const w1 = T0 + 6 * HOUR;
  const hand: StatusInterval[] = [
    { deviceId: 'd1', status: 'offline', from: w0 - HOUR, to: w0 + 30 * MINUTE }, // 30 min inside
    { deviceId: 'd1', status: 'online', from: w0 + 30 * MINUTE, to: w0 + 3 * HOUR }, // 2 h 30
    { deviceId: 'd1', status: 'onbackup', from: w0 + 3 * HOUR, to: w0 + 3 * HOUR + 30 * MINUTE }, // 30 min
    { deviceId: 'd1', status: 'online', from: w0 + 3 * HOUR + 30 * MINUTE, to: null }, // 2 h 30 to w1
  ];

  it('matches the hand-worked case: 5 h online, 30 min onbackup, 30 min offline in 6 h → 91.6667', () => {
    const up = uptimePercent(hand, w0, w1);
    expect(up).toBe(91.6667);
    expect(downtimePercent(up ?? 0)).toBe(8.3333);
  });

  // Another history for the table below: offline until 2 h, online to 4 h, onbackup to 4 h 30, online since.
  const varied: StatusInterval[] = [
    { deviceId: 'd1', status: 'offline', from: w0 - HOUR, to: w0 + 2 * HOUR }, // starts before the window
    { deviceId: 'd1', status: 'online', from: w0 + 2 * HOUR, to: w0 + 4 * HOUR },
    { deviceId: 'd1', status: 'onbackup', from: w0 + 4 * HOUR, to: w0 + 4 * HOUR + 30 * MINUTE },
    { deviceId: 'd1', status: 'online', from: w0 + 4 * HOUR + 30 * MINUTE, to: null }, // open: counted to w1
  ];
  it.each([
    // [description, window start, window end, expected]
    ['the whole 6 h: offline 2 h, online 2 h, onbackup 30 min, online 1 h 30 → 4/6', w0, w1, 66.6667],
    ['the last hour, inside the open interval', w1 - HOUR, w1, 100],
    ['the first 2 h, all offline', w0, w0 + 2 * HOUR, 0],
    [
      '3 h 45 to 4 h 15: half onbackup, half online',
      w0 + 3 * HOUR + 45 * MINUTE,
      w0 + 4 * HOUR + 15 * MINUTE,
      100,
    ],
    ['1 h 30 to 2 h 30: half offline → 50', w0 + 90 * MINUTE, w0 + 150 * MINUTE, 50],
    ['1 h 50 to 2 h 20: 10 of 30 min offline → 66.6667', w0 + 110 * MINUTE, w0 + 140 * MINUTE, 66.6667],
  ])('%s', (_, from, to, expected) => {
    expect(uptimePercent(varied, from, to)).toBe(expected);
  });

  it('leaves out time before the first record; null with nothing recorded', () => {
    const young: StatusInterval[] = [{ deviceId: 'd2', status: 'online', from: w1 - HOUR, to: null }];
    expect(uptimePercent(young, w0, w1)).toBe(100);
    expect(uptimePercent(young, w0, w0 + HOUR)).toBeNull();
    expect(uptimePercent([], w0, w1)).toBeNull();
  });

  it('over several devices is device-time weighted: 91.6667 and 100 over equal time → 95.8333', () => {
    const other: StatusInterval[] = [{ deviceId: 'd3', status: 'online', from: w0 - DAY, to: null }];
    // (330 + 360) / 720 = 0.958333… → 95.8333
    expect(uptimePercent([...hand, ...other], w0, w1)).toBe(95.8333);
  });
});

describe('dailyRollups (spec part 3 "Online analytics row", from intervals, not samples)', () => {
  it('rolls a hand-worked day up, seconds summing to 86 400', () => {
    // Day T0: online 00:00–06:00, offline 06:00–08:00 (7200 s), online 08:00–12:00,
    // onbackup 12:00–13:00 (3600 s), online 13:00–22:00, offline from 22:00 into the next day (7200 s today).
    // Primary = 6 + 4 + 9 = 19 h = 68 400 s; backup 3600 s; online 72 000 s; offline 14 400 s.
    const h = (n: number) => T0 + n * HOUR;
    const intervals: StatusInterval[] = [
      { deviceId: 'd1', status: 'online', from: h(-5), to: h(6) },
      { deviceId: 'd1', status: 'offline', from: h(6), to: h(8) },
      { deviceId: 'd1', status: 'online', from: h(8), to: h(12) },
      { deviceId: 'd1', status: 'onbackup', from: h(12), to: h(13) },
      { deviceId: 'd1', status: 'online', from: h(13), to: h(22) },
      { deviceId: 'd1', status: 'offline', from: h(22), to: null },
    ];
    const [today, tomorrow] = dailyRollups(intervals, T0, 2);
    expect(today).toEqual({
      deviceId: 'd1',
      day: '2026-01-15',
      secondsOnline: 72_000,
      secondsOffline: 14_400,
      secondsOnBackup: 3_600,
      secondsOnPrimary: 68_400,
      offlineEvents: 2,
      backupEvents: 1,
      percentOnline: 83.3333, // 72 000 / 86 400
      percentOffline: 16.6667,
      percentOnBackup: 4.1667, // 3 600 / 86 400
      percentOnPrimary: 79.1667, // 68 400 / 86 400
    });
    // The open offline interval fills the next day: no new event there.
    expect(tomorrow).toMatchObject({
      day: '2026-01-16',
      secondsOffline: 86_400,
      offlineEvents: 0,
      percentOffline: 100,
    });
  });

  it('counts pending, rebooting and the like as offline time; no row before the first record', () => {
    const intervals: StatusInterval[] = [
      { deviceId: 'p', status: 'pending', from: T0 + DAY, to: T0 + DAY + HOUR },
      { deviceId: 'p', status: 'rebooting', from: T0 + DAY + HOUR, to: T0 + DAY + HOUR + 3 * MINUTE },
      { deviceId: 'p', status: 'online', from: T0 + DAY + HOUR + 3 * MINUTE, to: null },
    ];
    const rows = dailyRollups(intervals, T0, 2);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      day: '2026-01-16',
      secondsOffline: 3780,
      secondsOnline: 82_620,
      offlineEvents: 0,
    });
  });
});
