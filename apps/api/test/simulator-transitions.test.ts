import { DEVICE_KINDS, DEVICE_STATUSES } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import {
  FAULTS,
  isCycling,
  isLegalTransition,
  isUp,
  LEGAL_TRANSITIONS,
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

describe('fault rates per kind (brief: edge ~1 outage / 2 weeks 5–90 min, backup ~1 / week 10–120 min, reboot ~1 / month 2–4 min)', () => {
  const perWeek = (perHour: number) => perHour * 24 * 7;
  it.each([
    ['firewall', 'offline', 0.5, 5, 90],
    ['firewall', 'onbackup', 1, 10, 120],
    ['firewall', 'rebooting', 7 / 30, 2, 4],
    ['5g', 'onbackup', 1, 10, 120],
  ] as const)('%s %s: %s a week, %s–%s min', (kind, status, weekly, min, max) => {
    const fault = FAULTS[kind].find((f) => f.status === status);
    expect(perWeek(fault?.perHour ?? 0)).toBeCloseTo(weekly, 5);
    expect([fault?.minMinutes, fault?.maxMinutes]).toEqual([min, max]);
  });

  it('every kind has rates; LAN devices never fail over (no backup link) and fail far less than edge devices', () => {
    for (const kind of DEVICE_KINDS) expect(FAULTS[kind].length).toBeGreaterThan(0);
    const total = (kind: (typeof DEVICE_KINDS)[number]) => FAULTS[kind].reduce((s, f) => s + f.perHour, 0);
    for (const lan of ['access-point', 'switch'] as const) {
      expect(FAULTS[lan].some((f) => f.status === 'onbackup')).toBe(false);
      expect(total(lan)).toBeLessThan(total('firewall') / 3);
    }
  });
});
