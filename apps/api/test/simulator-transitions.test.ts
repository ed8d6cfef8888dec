import { DEVICE_KINDS, DEVICE_STATUSES } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import {
  EPISODES,
  FAULTS,
  type Fault,
  isCycling,
  isLegalTransition,
  isUp,
  LEGAL_TRANSITIONS,
  REGIONAL_OUTAGE,
  SLOW_REBOOT_SHARE,
} from '../src/fleet/simulator/transitions.ts';

describe('legal status transitions (spec part 4 statuses; brief: uninstalled terminal, unknown only initial)', () => {
  it.each([
    ['online', 'offline', true],
    ['offline', 'online', true],
    ['online', 'onbackup', true],
    ['onbackup', 'online', true],
    ['online', 'rebooting', true],
    ['rebooting', 'online', true],
    ['pending', 'online', true],
    ['unknown', 'online', true],
    ['unknown', 'pending', true],
    ['rebooting', 'offline', true],
    ['offline', 'rebooting', true],
    ['online', 'uninstalled', true],
    ['uninstalled', 'online', false],
    ['uninstalled', 'pending', false],
    ['online', 'unknown', false],
    ['offline', 'unknown', false],
    ['online', 'online', false],
    ['rebooting', 'onbackup', false],
    ['online', 'pending', false],
    ['onbackup', 'pending', false],
  ] as const)('%s → %s is %s', (from, to, legal) => {
    expect(isLegalTransition(from, to)).toBe(legal);
  });

  it('covers every status; nothing leads back to unknown, nothing leaves uninstalled', () => {
    expect(Object.keys(LEGAL_TRANSITIONS).sort()).toEqual([...DEVICE_STATUSES].sort());
    for (const s of DEVICE_STATUSES) expect(isLegalTransition(s, 'unknown')).toBe(false);
    expect(LEGAL_TRANSITIONS.uninstalled).toEqual([]);
  });

  it.each([
    ['online', true, true],
    ['onbackup', true, true],
    ['offline', false, true],
    ['rebooting', false, true],
    ['pending', false, false],
    ['error', false, false],
    ['uninstalled', false, false],
    ['unknown', false, false],
  ] as const)('%s: up %s, cycled by the simulator %s', (status, up, cycling) => {
    expect(isUp(status)).toBe(up);
    expect(isCycling(status)).toBe(cycling);
  });
});

/** Mean of a log-uniform length (minutes): (max − min) / ln(max / min). */
const meanMinutes = (f: { minMinutes: number; maxMinutes: number }) =>
  (f.maxMinutes - f.minMinutes) / Math.log(f.maxMinutes / f.minMinutes);
const perWeek = (perHour: number) => perHour * 24 * 7;
/** Share of time in a status ≈ rate × mean length (while the rest of the time is spent online). */
const share = (faults: readonly Fault[]) => faults.reduce((s, f) => s + f.perHour * (meanMinutes(f) / 60), 0);

describe('fault rates per kind (issue 8 part 9: a few percent of devices not online at any moment)', () => {
  it.each([
    ['firewall', 'offline', 7 / 2.6, 10, 240],
    ['firewall', 'onbackup', 7 / 1.6, 15, 240],
    ['5g', 'offline', 7 / 2.6, 10, 240],
    ['5g', 'onbackup', 7 / 1.6, 15, 240],
    ['access-point', 'offline', 7 / 4, 10, 180],
    ['switch', 'offline', 7 / 5, 10, 180],
  ] as const)('%s %s: %s a week, %s–%s min', (kind, status, weekly, min, max) => {
    const fault = FAULTS[kind].find((f) => f.status === status);
    expect(perWeek(fault?.perHour ?? 0)).toBeCloseTo(weekly, 5);
    expect([fault?.minMinutes, fault?.maxMinutes]).toEqual([min, max]);
  });

  it.each([
    // kind, status, share of time from lower to upper bound (percent)
    ['firewall', 'offline', 1.6, 2.2],
    ['firewall', 'onbackup', 2.7, 3.8],
    ['5g', 'offline', 1.6, 2.2],
    ['5g', 'onbackup', 2.7, 3.8],
    ['firewall', 'rebooting', 0.02, 0.2],
    ['access-point', 'offline', 0.7, 1.3],
    ['switch', 'offline', 0.5, 1.1],
  ] as const)('%s is %s about %s–%s %% of the time (rate × mean length)', (kind, status, lo, hi) => {
    const percent = share(FAULTS[kind].filter((f) => f.status === status)) * 100;
    expect(percent).toBeGreaterThan(lo);
    expect(percent).toBeLessThan(hi);
  });

  it.each(DEVICE_KINDS)(
    '%s: 1 in 10 of its own reboots hangs for 12–25 minutes, the others take a few',
    (kind) => {
      const reboots = FAULTS[kind].filter((f) => f.status === 'rebooting');
      const slow = reboots.filter((f) => f.minMinutes >= 12);
      const total = reboots.reduce((s, f) => s + f.perHour, 0);
      expect(slow).toHaveLength(1);
      expect(slow[0]?.perHour ?? 0).toBeCloseTo(total * SLOW_REBOOT_SHARE, 10);
      expect(SLOW_REBOOT_SHARE).toBe(0.1);
      expect([slow[0]?.minMinutes, slow[0]?.maxMinutes]).toEqual([12, 25]);
      for (const f of reboots.filter((x) => x !== slow[0])) expect(f.maxMinutes).toBeLessThanOrEqual(5);
    },
  );

  it.each([
    ['silent', 6, 30, 2, 10],
    ['congestion', 5, 30, 2, 10],
  ] as const)(
    'edge %s episodes last %s–%s min, %s–%s a day across the demo’s 150 edge devices',
    (episode, min, max, lo, hi) => {
      for (const kind of ['firewall', '5g'] as const) {
        const e = EPISODES[kind].find((x) => x.episode === episode);
        expect([e?.minMinutes, e?.maxMinutes]).toEqual([min, max]);
        const perDay = (e?.perHour ?? 0) * 24 * 150;
        expect(perDay).toBeGreaterThanOrEqual(lo);
        expect(perDay).toBeLessThanOrEqual(hi);
      }
    },
  );

  it('a fade lasts 10–60 minutes and keeps ~2–5 % of modems in it; LAN devices have no episodes', () => {
    const fade = EPISODES.firewall.find((x) => x.episode === 'weak-signal');
    expect([fade?.minMinutes, fade?.maxMinutes]).toEqual([10, 60]);
    const percent =
      (fade?.perHour ?? 0) * ((meanMinutes(fade ?? { minMinutes: 1, maxMinutes: 2 }) + 10) / 60) * 100;
    expect(percent).toBeGreaterThan(2);
    expect(percent).toBeLessThan(5);
    expect(EPISODES['access-point']).toEqual([]);
    expect(EPISODES.switch).toEqual([]);
  });

  it('regional outages: about every 6 hours, 3–6 sites, 10–60 minutes', () => {
    expect(1 / REGIONAL_OUTAGE.perHour).toBe(6);
    expect(REGIONAL_OUTAGE).toMatchObject({ minSites: 3, maxSites: 6, minMinutes: 10, maxMinutes: 60 });
  });

  it('every kind has rates; LAN devices never fail over (no backup link) and fail less than edge devices', () => {
    for (const kind of DEVICE_KINDS) expect(FAULTS[kind].length).toBeGreaterThan(0);
    const total = (kind: (typeof DEVICE_KINDS)[number]) => FAULTS[kind].reduce((s, f) => s + f.perHour, 0);
    for (const lan of ['access-point', 'switch'] as const) {
      expect(FAULTS[lan].some((f) => f.status === 'onbackup')).toBe(false);
      expect(total(lan)).toBeLessThan(total('firewall') / 2);
      expect(share(FAULTS[lan])).toBeLessThan(share(FAULTS.firewall.filter((f) => f.status === 'offline')));
    }
  });
});
