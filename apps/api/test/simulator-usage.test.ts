import { describe, expect, it } from 'vitest';
import { generateFleet } from '../src/fleet/seed-fleet.ts';
import { backfill } from '../src/fleet/simulator/backfill.ts';
import { DAY } from '../src/fleet/simulator/engine.ts';
import { isEdgeKind } from '../src/fleet/simulator/transitions.ts';
import {
  CARRIER_DELAY_MS,
  CARRIER_SPREAD_MS,
  carrierReport,
  usageOf,
  wanBytes,
} from '../src/fleet/simulator/usage.ts';

const orgs = [
  {
    id: 'a0000000-0000-4000-8000-000000000001',
    name: '1',
    siteLabel: '1',
    aliasPrefix: '1',
    accountHolder: '1',
    vlanName: 'POS',
  },
];
// 01:30 UTC: yesterday's carrier figures are not all in yet (they arrive 02:00–10:00).
const NOW = Date.parse('2026-01-15T01:30:00.000Z');
const fleet = generateFleet(42, orgs, 40, new Date(NOW)).devices;
const kindOf = new Map(fleet.map((d) => [d.id, d.kind]));
const day = (d: string) => ({ day: d, secondsOnPrimary: 86_400, secondsOnBackup: 0 });

describe('daily traffic (issue 9 part 4)', () => {
  it('WAN bytes are deterministic, plausible per kind, and scale with the time up', () => {
    const edge = { id: 'dev-1', kind: 'firewall' as const };
    const full = wanBytes(7, edge, day('2026-01-14'));
    expect(wanBytes(7, edge, day('2026-01-14'))).toEqual(full);
    expect(wanBytes(8, edge, day('2026-01-14'))).not.toEqual(full);
    // A firewall moves GBs a day, sends less than it receives.
    expect(full.received).toBeGreaterThan(2 * 1024 ** 3);
    expect(full.transmitted).toBeLessThan(full.received);
    // Half the day offline → half the bytes; all day down → none.
    const half = wanBytes(7, edge, { day: '2026-01-14', secondsOnPrimary: 43_200, secondsOnBackup: 0 });
    expect(half.received).toBeCloseTo(full.received / 2, -3);
    expect(wanBytes(7, edge, { day: '2026-01-14', secondsOnPrimary: 0, secondsOnBackup: 0 })).toEqual({
      received: 0,
      transmitted: 0,
    });
    // On backup an edge device carries less (LTE).
    const backup = wanBytes(7, edge, { day: '2026-01-14', secondsOnPrimary: 0, secondsOnBackup: 86_400 });
    expect(backup.received).toBeLessThan(full.received);
    expect(backup.received).toBeGreaterThan(0);
  });

  it('the carrier reports backup usage only for edge devices with time on backup, the next day, in whole KiB', () => {
    const edge = { id: 'dev-2', kind: '5g' as const };
    expect(carrierReport(7, edge, { day: '2026-01-14', secondsOnBackup: 0 })).toBeNull();
    expect(
      carrierReport(7, { id: 'ap', kind: 'access-point' }, { day: '2026-01-14', secondsOnBackup: 3600 }),
    ).toBeNull();
    const r = carrierReport(7, edge, { day: '2026-01-14', secondsOnBackup: 3600 });
    expect(r).not.toBeNull();
    if (!r) return;
    expect(r.bytes % 1024).toBe(0);
    const nextMidnight = Date.parse('2026-01-15T00:00:00.000Z');
    expect(r.at).toBeGreaterThanOrEqual(nextMidnight + CARRIER_DELAY_MS);
    expect(r.at).toBeLessThan(nextMidnight + CARRIER_DELAY_MS + CARRIER_SPREAD_MS);
    expect(r.at % 1000).toBe(0);
    // LTE bytes are part of the day's WAN traffic (plus 1–3 % carrier overhead).
    const rollup = { day: '2026-01-14', secondsOnPrimary: 82_800, secondsOnBackup: 3600 };
    const wan = wanBytes(7, edge, rollup);
    const onPrimary = wanBytes(7, edge, { ...rollup, secondsOnBackup: 0 });
    const lte = wan.received + wan.transmitted - onPrimary.received - onPrimary.transmitted;
    expect(r.bytes / lte).toBeGreaterThan(1.0);
    expect(r.bytes / lte).toBeLessThan(1.04);
    // Before the report arrives the day has no figure; after, the report's bytes and time.
    const full = {
      deviceId: edge.id,
      ...rollup,
      secondsOnline: 86_400,
      secondsOffline: 0,
      offlineEvents: 0,
      backupEvents: 1,
      percentOnline: 100,
      percentOffline: 0,
      percentOnBackup: 4.1667,
      percentOnPrimary: 95.8333,
    };
    expect(usageOf(7, edge, full, r.at - 1000)).toMatchObject({
      backupUsageBytes: null,
      backupUsageUpdatedAt: null,
    });
    expect(usageOf(7, edge, full, r.at)).toMatchObject({
      backupUsageBytes: r.bytes,
      backupUsageUpdatedAt: r.at,
    });
  });

  it('the backfill writes traffic on every row and carrier figures a day late', () => {
    const history = backfill(fleet, { seed: 9, now: NOW, days: 10 });
    expect(backfill(fleet, { seed: 9, now: NOW, days: 10 }).rollups).toEqual(history.rollups);
    const yesterday = '2026-01-14';
    let reported = 0;
    let awaiting = 0;
    for (const r of history.rollups) {
      const kind = kindOf.get(r.deviceId);
      if (!kind) throw new Error('unknown device');
      if (r.secondsOnline > 0) expect(r.wanBytesReceived).toBeGreaterThan(0);
      else expect(r.wanBytesReceived).toBe(0);
      if (!isEdgeKind(kind) || r.secondsOnBackup === 0) {
        expect(r.backupUsageBytes).toBeNull();
        expect(r.backupUsageUpdatedAt).toBeNull();
        continue;
      }
      const report = carrierReport(9, { id: r.deviceId, kind }, r);
      if (r.day < yesterday) {
        // Older days: reported, on the day after, with the carrier's own time.
        expect(r.backupUsageBytes).toBe(report?.bytes);
        expect(r.backupUsageUpdatedAt).toBe(report?.at);
        expect(new Date(r.backupUsageUpdatedAt ?? 0).toISOString().slice(0, 10)).toBe(
          new Date(Date.parse(`${r.day}T00:00:00Z`) + DAY).toISOString().slice(0, 10),
        );
        reported++;
      } else {
        // Yesterday: only what the carrier reported by 01:30 — nothing, as reports start at 02:00.
        expect(r.backupUsageBytes).toBeNull();
        expect(report?.at).toBeGreaterThan(NOW);
        awaiting++;
      }
    }
    expect(reported).toBeGreaterThan(0);
    expect(awaiting).toBeGreaterThan(0);
  });
});
