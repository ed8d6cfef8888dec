import type { MaintenanceWindow } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { alertMarks, sitesInMaintenance } from './map-alerts.ts';

const windowOf = (
  state: MaintenanceWindow['state'],
  sites: string[],
  startsAt = '2026-03-02T10:00:00Z',
  endsAt = '2026-03-02T12:00:00Z',
): MaintenanceWindow => ({
  id: `w-${state}`,
  reason: 'work',
  startsAt,
  endsAt,
  state,
  sites: sites.map((id) => ({ id, name: id })),
  group: null,
  createdBy: { id: 'u', name: 'U' },
  createdAt: '2026-03-01T00:00:00Z',
});

describe('sitesInMaintenance', () => {
  const now = Date.parse('2026-03-02T11:00:00Z');
  it.each([
    ['an active window', [windowOf('active', ['a', 'b'])], ['a', 'b']],
    ['a scheduled one not begun', [windowOf('scheduled', ['a'], '2026-03-02T11:30:00Z')], []],
    ['a scheduled one that began since it was listed', [windowOf('scheduled', ['a'])], ['a']],
    ['an ended one', [windowOf('ended', ['a'])], []],
    ['several, overlapping', [windowOf('active', ['a']), windowOf('active', ['a', 'c'])], ['a', 'c']],
  ])('%s', (_name, windows, sites) => {
    expect([...sitesInMaintenance(windows, now)].sort()).toEqual(sites);
  });
});

describe('alertMarks', () => {
  it('gives each site its worst severity and count, and its maintenance', () => {
    const marks = alertMarks(
      [
        { siteId: 'a', severity: 'critical', count: 3 },
        { siteId: 'b', severity: 'minor', count: 1 },
      ],
      new Set(['b', 'c']),
    );
    expect(Object.fromEntries(marks)).toEqual({
      a: { severity: 'critical', alertCount: 3, maintenance: false },
      b: { severity: 'minor', alertCount: 1, maintenance: true },
      c: { severity: null, alertCount: 0, maintenance: true },
    });
  });

  it('nothing loaded yet: no marks', () => {
    expect(alertMarks(undefined, undefined).size).toBe(0);
  });
});
