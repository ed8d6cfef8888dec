import { beforeAll, describe, expect, it } from 'vitest';
import { generateFleet, mulberry32, type SeedDevice } from '../src/fleet/seed-fleet.ts';
import { type BackfillResult, backfill } from '../src/fleet/simulator/backfill.ts';
import { DAY, HOUR, MINUTE, SIGNAL_RANGES, simulate } from '../src/fleet/simulator/engine.ts';
import type { StatusInterval } from '../src/fleet/simulator/intervals.ts';
import { isEdgeKind, isLegalTransition, isUp } from '../src/fleet/simulator/transitions.ts';
import { loadConfig } from '../src/plugins/config.ts';
import { DEMO_ORGANIZATIONS, demoFleet } from '../src/seed/demo.ts';

const orgs = ['1', '2'].map((n) => ({
  id: `a0000000-0000-4000-8000-00000000000${n}`,
  name: n,
  siteLabel: n,
  aliasPrefix: n,
  accountHolder: n,
  vlanName: 'POS',
}));
const NOW = Date.parse('2026-01-15T12:34:56.789Z');
const demo = generateFleet(42, orgs, 75, new Date(NOW)).devices; // the demo size: 150 sites, ~600 devices
const small = demo.slice(0, 50);

/** Per device, its intervals in time order. */
function byDevice(intervals: readonly StatusInterval[]): Map<string, StatusInterval[]> {
  const map = new Map<string, StatusInterval[]>();
  for (const iv of intervals) map.set(iv.deviceId, [...(map.get(iv.deviceId) ?? []), iv]);
  for (const list of map.values()) list.sort((a, b) => a.from - b.from);
  return map;
}

describe('backfill: 30 days of history', () => {
  let big: BackfillResult;
  beforeAll(() => {
    const started = performance.now();
    big = backfill(demo, { seed: 7, now: NOW });
    const ms = performance.now() - started;
    console.log(
      `backfill of ${demo.length} devices × 30 days: ${ms.toFixed(0)} ms — ${big.events.length} events, ` +
        `${big.intervals.length} intervals, ${big.samples.length} WAN samples, ${big.rollups.length} rollups`,
    );
  });

  it('is deterministic: same seed → identical history; another seed → another one', () => {
    const a = backfill(small, { seed: 11, now: NOW });
    expect(backfill(small, { seed: 11, now: NOW })).toEqual(a);
    expect(backfill(small, { seed: 12, now: NOW }).events).not.toEqual(a.events);
    expect(backfill(demo, { seed: 7, now: NOW }).events).toEqual(big.events);
  });

  it('spans midnight UTC 30 days back to now (whole seconds)', () => {
    expect(new Date(big.from).toISOString()).toBe('2025-12-16T00:00:00.000Z');
    expect(big.to).toBe(Date.parse('2026-01-15T12:34:56.000Z'));
  });

  it('makes only legal transitions, on every kind of device', () => {
    for (const e of big.events) expect(isLegalTransition(e.from, e.to), `${e.from} → ${e.to}`).toBe(true);
    const kinds = new Map(demo.map((d) => [d.id, d.kind]));
    const moved = new Set(big.events.map((e) => kinds.get(e.deviceId)));
    expect([...moved].sort()).toEqual(['5g', 'access-point', 'firewall', 'switch']);
    const to = new Set(big.events.map((e) => e.to));
    for (const s of ['offline', 'onbackup', 'rebooting', 'online'] as const) expect(to.has(s)).toBe(true);
  });

  it.each([
    ['50 devices', small.length],
    ['the whole demo fleet', demo.length],
  ])(
    'covers [from, to) with no gap and no overlap per device, ending open in its current status: %s',
    (_, n) => {
      const history = n === demo.length ? big : backfill(small, { seed: 7, now: NOW });
      const perDevice = byDevice(history.intervals);
      expect(perDevice.size).toBe(n);
      for (const device of demo.slice(0, n)) {
        const list = perDevice.get(device.id) ?? [];
        expect(list[0]?.from).toBe(history.from);
        for (let k = 1; k < list.length; k++) {
          const [prev, cur] = [list[k - 1] as StatusInterval, list[k] as StatusInterval];
          expect(prev.to).toBe(cur.from); // no gap, no overlap
          expect(cur.from).toBeGreaterThan(prev.from); // nothing of zero length
          expect(cur.status).not.toBe(prev.status);
        }
        const last = list[list.length - 1];
        expect(last?.to).toBeNull();
        expect(last?.status).toBe(device.status);
        expect(last?.from).toBeLessThan(history.to);
      }
    },
  );

  it('rolls each device’s 30 complete days up to 86 400 s a day', () => {
    expect(big.rollups).toHaveLength(demo.length * 30);
    const statusOf = new Map<string, SeedDevice['status']>(demo.map((d) => [d.id, d.status]));
    let offlineEvents = 0;
    let backupEvents = 0;
    for (const r of big.rollups) {
      expect(r.secondsOnline + r.secondsOffline).toBe(86_400);
      expect(r.secondsOnPrimary + r.secondsOnBackup).toBe(r.secondsOnline);
      expect(r.percentOnline + r.percentOffline).toBeCloseTo(100, 6);
      expect(r.percentOnline).toBeCloseTo(r.secondsOnline / 864, 3);
      offlineEvents += r.offlineEvents;
      backupEvents += r.backupEvents;
      if (statusOf.get(r.deviceId) === 'uninstalled') expect(r.secondsOnline).toBe(0);
    }
    // Every event of the 30 complete days is counted once.
    const lastDay = big.from + 30 * DAY;
    const inDays = big.events.filter((e) => e.at < lastDay);
    expect(offlineEvents).toBe(inDays.filter((e) => e.to === 'offline').length);
    expect(backupEvents).toBe(inDays.filter((e) => e.to === 'onbackup').length);
  });

  it('samples WAN every 5 minutes for edge devices while up, never while offline or rebooting', () => {
    const perDevice = byDevice(big.intervals);
    const problems: string[] = []; // collected, not asserted one by one: there are over a million samples
    let k = 0;
    for (const d of demo.filter((x) => isEdgeKind(x.kind))) {
      const list = perDevice.get(d.id) ?? [];
      const first = k;
      let i = 0;
      for (let s = big.samples[k]; s?.deviceId === d.id; s = big.samples[++k]) {
        if (s.at % (5 * MINUTE) !== 0) problems.push(`${d.id} sampled off the 5-minute grid at ${s.at}`);
        while ((list[i]?.to ?? big.to) <= s.at) i++;
        if (!isUp(list[i]?.status ?? 'offline')) problems.push(`${d.id} sampled while ${list[i]?.status}`);
      }
      // Samples are grouped by device and in time order; about one per 5 minutes spent up.
      const up = list.filter((iv) => isUp(iv.status)).reduce((ms, iv) => ms + (iv.to ?? big.to) - iv.from, 0);
      if (Math.abs(k - first - up / (5 * MINUTE)) > list.length)
        problems.push(`${d.id}: ${k - first} samples`);
    }
    expect(problems).toEqual([]);
    expect(k).toBe(big.samples.length); // none for access points or switches
    expect(k).toBeGreaterThan(1_000_000);
  });

  it('hands over a live state in the current statuses, with signals in range, that carries on legally', () => {
    const status = new Map(big.state.devices.map((d) => [d.id, d.status]));
    for (const d of demo) expect(status.get(d.id)).toBe(d.status);
    for (const d of big.state.devices) {
      for (const m of ['rsrp', 'rsrq', 'sinr', 'rssi'] as const) {
        if (!d.signal) continue;
        expect(d.signal[m]).toBeGreaterThanOrEqual(SIGNAL_RANGES[m][0]);
        expect(d.signal[m]).toBeLessThanOrEqual(SIGNAL_RANGES[m][1]);
      }
      expect(d.nextAt).toBeGreaterThanOrEqual(big.to);
      // Nothing half-done: episodes that would run past now were skipped.
      expect(d.episode).toBeUndefined();
      expect(d.signalOffset).toBeUndefined();
    }
    expect(big.state.regionalAt).toBeGreaterThan(big.to);
    const next = simulate(big.state, big.to, big.to + 6 * HOUR, mulberry32(1));
    for (const e of next.events) {
      expect(e.from).toBe(status.get(e.deviceId));
      expect(isLegalTransition(e.from, e.to)).toBe(true);
      status.set(e.deviceId, e.to);
    }
    // Devices in trouble now come back within their episode's length.
    const troubled = demo.filter((d) => d.status === 'rebooting').map((d) => d.id);
    for (const id of troubled)
      expect(next.events.some((e) => e.deviceId === id && e.from === 'rebooting')).toBe(true);
  });

  it('has the demo’s trouble in it: regional outages and reboots that hang', () => {
    const edge = new Set(demo.filter((d) => isEdgeKind(d.kind)).map((d) => d.id));
    const atOnce = new Map<number, number>();
    for (const e of big.events)
      if (edge.has(e.deviceId) && e.from === 'online' && e.to === 'offline')
        atOnce.set(e.at, (atOnce.get(e.at) ?? 0) + 1);
    const regional = [...atOnce.values()].filter((n) => n >= 3).length;
    expect(regional).toBeGreaterThan(30 * 4 * 0.6); // about every 6 hours (a few fall on a device's hold)
    const since = new Map<string, number>();
    let slow = 0;
    for (const e of big.events) {
      if (e.to === 'rebooting') since.set(e.deviceId, e.at);
      const from = since.get(e.deviceId);
      if (e.from === 'rebooting' && e.to === 'online' && from !== undefined && e.at - from >= 12 * MINUTE)
        slow++;
    }
    expect(slow).toBeGreaterThan(5);
  });
});

describe('a fresh demo start (the demo fleet backfilled with the default SIM_SEED)', () => {
  it('shows trouble at once: in each organization an edge device down with the LAN devices behind it offline', () => {
    const now = Date.parse('2026-11-21T09:30:00Z');
    const fleet = demoFleet(new Date(now));
    const { state } = backfill(fleet.devices, { seed: loadConfig({}, '/srv').simSeed, now, days: 1 });
    const status = new Map(state.devices.map((d) => [d.id, d.status]));
    for (const org of DEMO_ORGANIZATIONS.filter((o) => o.fleet)) {
      const down = fleet.devices.filter(
        (d) =>
          d.organizationId === org.id &&
          isEdgeKind(d.kind) &&
          ['offline', 'rebooting'].includes(status.get(d.id) ?? '') &&
          fleet.devices.some(
            (x) => x.siteId === d.siteId && !isEdgeKind(x.kind) && status.get(x.id) === 'offline',
          ),
      );
      expect(down.length, org.name).toBeGreaterThan(0);
    }
  });
});
