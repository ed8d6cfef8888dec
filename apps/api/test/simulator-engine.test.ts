import { describe, expect, it } from 'vitest';
import { generateFleet, mulberry32 } from '../src/fleet/seed-fleet.ts';
import {
  DAY,
  type FleetDevice,
  HOUR,
  initialState,
  MINUTE,
  SIGNAL_RANGES,
  type SimState,
  type StatusEvent,
  simClock,
  simulate,
  startEpisode,
  type WanSample,
} from '../src/fleet/simulator/engine.ts';
import { applyEvents } from '../src/fleet/simulator/intervals.ts';
import {
  type DeviceStatus,
  isEdgeKind,
  isLegalTransition,
  isUp,
} from '../src/fleet/simulator/transitions.ts';

const orgs = ['1', '2'].map((n) => ({
  id: `a0000000-0000-4000-8000-00000000000${n}`,
  name: n,
  siteLabel: n,
  aliasPrefix: n,
  accountHolder: n,
  vlanName: 'POS',
}));
const NOW = Date.parse('2026-01-15T12:00:00Z');
const fleet = generateFleet(42, orgs, 10, new Date(NOW)).devices; // 20 sites, ~80 devices
const start = () => initialState(fleet, 42, NOW, mulberry32(1));

/** Runs [from, to) in chunks of `chunk` ms with one rng, concatenating what comes out. */
function runChunked(state: SimState, from: number, to: number, chunk: number, seed: number) {
  const rng = mulberry32(seed);
  const events: StatusEvent[] = [];
  const samples: WanSample[] = [];
  let current = state;
  for (let t = from; t < to; t += chunk) {
    const r = simulate(current, t, Math.min(to, t + chunk), rng);
    events.push(...r.events);
    samples.push(...r.samples);
    current = r.state;
  }
  return { events, samples, state: current };
}

const byDeviceThenTime = (a: WanSample, b: WanSample) =>
  a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : a.at - b.at;

describe('simulate', () => {
  it('is deterministic: same state and seed → same events and samples; another seed → other events', () => {
    const a = simulate(start(), NOW, NOW + 7 * DAY, mulberry32(5));
    const b = simulate(start(), NOW, NOW + 7 * DAY, mulberry32(5));
    expect(b.events).toEqual(a.events);
    expect(b.samples).toEqual(a.samples);
    expect(b.state).toEqual(a.state);
    expect(a.events.length).toBeGreaterThan(50);
    expect(simulate(start(), NOW, NOW + 7 * DAY, mulberry32(6)).events).not.toEqual(a.events);
  });

  it('gives the same result in one go as in hourly ticks (what the live loop does)', () => {
    const whole = runChunked(start(), NOW, NOW + 3 * DAY, 3 * DAY, 9);
    const ticked = runChunked(start(), NOW, NOW + 3 * DAY, HOUR, 9);
    expect(ticked.events).toEqual(whole.events);
    expect(ticked.samples.sort(byDeviceThenTime)).toEqual(whole.samples.sort(byDeviceThenTime));
    expect(ticked.state).toEqual(whole.state);
  });

  it('makes only legal transitions, each continuing the device’s status, in time order inside the window', () => {
    const { events, state } = simulate(start(), NOW, NOW + 14 * DAY, mulberry32(3));
    const status = new Map<string, DeviceStatus>(fleet.map((d) => [d.id, d.status]));
    let last = NOW;
    for (const e of events) {
      expect(isLegalTransition(e.from, e.to), `${e.from} → ${e.to}`).toBe(true);
      expect(e.from).toBe(status.get(e.deviceId));
      expect(e.at).toBeGreaterThanOrEqual(last);
      expect(e.at).toBeLessThan(NOW + 14 * DAY);
      status.set(e.deviceId, e.to);
      last = e.at;
    }
    for (const d of state.devices) expect(d.status).toBe(status.get(d.id));
  });

  it('takes access points and switches offline with their site’s edge device, and back', () => {
    const { events } = simulate(start(), NOW, NOW + 14 * DAY, mulberry32(4));
    const status = new Map<string, DeviceStatus>(fleet.map((d) => [d.id, d.status]));
    const site = new Map(fleet.map((d) => [d.id, d.siteId]));
    const edgeOf = new Map(fleet.filter((d) => isEdgeKind(d.kind)).map((d) => [d.siteId, d.id]));
    const lans = fleet.filter((d) => !isEdgeKind(d.kind));
    const check = (siteId: string) => {
      const edge = status.get(edgeOf.get(siteId) ?? '') ?? 'online';
      for (const lan of lans.filter((l) => l.siteId === siteId)) {
        if (isUp(status.get(lan.id) ?? 'unknown')) expect(isUp(edge)).toBe(true);
      }
    };
    for (const siteId of edgeOf.keys()) check(siteId);
    let followed = 0;
    for (const [k, e] of events.entries()) {
      status.set(e.deviceId, e.to);
      const next = events[k + 1];
      if (next && next.at === e.at && site.get(next.deviceId) === site.get(e.deviceId)) continue;
      check(site.get(e.deviceId) ?? '');
      if (!isEdgeKind(fleet.find((d) => d.id === e.deviceId)?.kind ?? 'switch') && e.to === 'offline') {
        const edgeEvent = events.find(
          (x) => x.at === e.at && x.deviceId === edgeOf.get(site.get(e.deviceId) ?? ''),
        );
        if (edgeEvent) followed++;
      }
    }
    expect(followed).toBeGreaterThan(5);
  });

  it('has demo-visible rates: a firewall goes offline ~2.7×, to backup ~4.4×, reboots ~1.4× a week', () => {
    const firewalls: FleetDevice[] = Array.from({ length: 200 }, (_, i) => ({
      id: `fw-${i}`,
      kind: 'firewall',
      siteId: `site-${i}`,
      status: 'online',
    }));
    const weeks = 26;
    const initial = initialState(firewalls, 1, NOW, mulberry32(2));
    const end = NOW + weeks * 7 * DAY;
    const { events } = simulate(initial, NOW, end, mulberry32(2), { sampleEveryMs: DAY });
    const perWeek = (to: string) =>
      events.filter((e) => e.from === 'online' && e.to === to).length / (200 * weeks);
    expect(perWeek('offline')).toBeGreaterThan(2.4);
    expect(perWeek('offline')).toBeLessThan(2.9);
    expect(perWeek('onbackup')).toBeGreaterThan(4);
    expect(perWeek('onbackup')).toBeLessThan(4.7);
    expect(perWeek('rebooting')).toBeGreaterThan(1.2);
    expect(perWeek('rebooting')).toBeLessThan(1.6);
    // Episode lengths stay within the bounds (whole seconds); 1 in 10 reboots hangs for 12–25 minutes.
    const started = new Map<string, StatusEvent>();
    const bounds = { offline: [10, 240], onbackup: [15, 240] } as Record<string, [number, number]>;
    const reboots: number[] = [];
    for (const e of events) {
      if (e.from === 'online') started.set(e.deviceId, e);
      const begin = started.get(e.deviceId);
      if (e.to !== 'online' || !begin) continue;
      const minutes = (e.at - begin.at) / MINUTE;
      if (e.from === 'rebooting') {
        reboots.push(minutes);
        continue;
      }
      const [min, max] = bounds[e.from] ?? [0, 0];
      expect(minutes).toBeGreaterThanOrEqual(min);
      expect(minutes).toBeLessThanOrEqual(max);
    }
    const slow = reboots.filter((m) => m >= 12 && m <= 25).length;
    expect(reboots.filter((m) => m >= 2 && m <= 4).length + slow).toBe(reboots.length);
    expect(slow / reboots.length).toBeGreaterThan(0.07);
    expect(slow / reboots.length).toBeLessThan(0.13);
    // The share of time down: ~1.8 % offline, ~3.3 % on backup (no regions here: no regional outages).
    const intervals = applyEvents(
      initial.devices.map((d) => ({ deviceId: d.id, status: d.status, from: NOW, to: null })),
      events,
    );
    const percent = (status: DeviceStatus) =>
      (intervals.filter((iv) => iv.status === status).reduce((ms, iv) => ms + (iv.to ?? end) - iv.from, 0) /
        (200 * (end - NOW))) *
      100;
    expect(percent('offline')).toBeGreaterThan(1.5);
    expect(percent('offline')).toBeLessThan(2.2);
    expect(percent('onbackup')).toBeGreaterThan(2.8);
    expect(percent('onbackup')).toBeLessThan(3.8);
  });

  it('samples WAN ping and jitter every minute for edge devices that are up, never while down', () => {
    const from = NOW;
    const to = NOW + 3 * DAY;
    const initial = start();
    const { events, samples } = simulate(initial, from, to, mulberry32(8));
    const intervals = applyEvents(
      initial.devices.map((d) => ({ deviceId: d.id, status: d.status, from, to: null })),
      events,
    );
    const edgeIds = new Set(fleet.filter((d) => isEdgeKind(d.kind)).map((d) => d.id));
    for (const s of samples) expect(edgeIds.has(s.deviceId)).toBe(true);
    // One sample per minute tick spent up; a tick takes the status after any change at that instant.
    const ticks = (a: number, b: number) => Math.ceil(b / MINUTE) - Math.ceil(a / MINUTE);
    const problems: WanSample[] = [];
    for (const id of edgeIds) {
      const own = samples.filter((s) => s.deviceId === id);
      const mine = intervals.filter((iv) => iv.deviceId === id); // in time order
      const upTicks = mine
        .filter((iv) => isUp(iv.status))
        .reduce((n, iv) => n + ticks(iv.from, iv.to ?? to), 0);
      expect(own.length).toBe(upTicks);
      let k = 0;
      for (const s of own) {
        while ((mine[k]?.to ?? to) <= s.at) k++;
        const iv = mine[k];
        const ok = iv && iv.from <= s.at && isUp(iv.status) && s.at % MINUTE === 0;
        if (!ok || s.sourceInterface !== (iv.status === 'onbackup' ? 'LTE' : 'WAN')) problems.push(s);
      }
    }
    expect(problems).toEqual([]);
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const primary = samples.filter((s) => s.sourceInterface === 'WAN');
    const backup = samples.filter((s) => s.sourceInterface === 'LTE');
    expect(median(primary.map((s) => s.ping))).toBeGreaterThan(20);
    expect(median(primary.map((s) => s.ping))).toBeLessThan(60);
    expect(median(backup.map((s) => s.ping))).toBeGreaterThan(median(primary.map((s) => s.ping)) + 20);
    expect(median(backup.map((s) => s.jitter))).toBeGreaterThan(median(primary.map((s) => s.jitter)));
    for (const s of samples) expect(s.jitter).toBeGreaterThan(0);
  });

  it('drifts cellular signal within the spec’s ranges, even from the extremes', () => {
    const extremes = [
      { rsrp: -140, rsrq: -43, sinr: -23, rssi: -110 },
      { rsrp: -44, rsrq: 6, sinr: 30, rssi: -51 },
      { rsrp: -95, rsrq: -12, sinr: 8, rssi: -80 },
    ];
    const modems: FleetDevice[] = extremes.map((values, i) => ({
      id: `5g-${i}`,
      kind: '5g',
      siteId: `s-${i}`,
      status: 'online',
      modemSignalStatistics: [{ linkStatus: 'connected', serviceType: '5G NR', ...values }],
    }));
    let state = initialState(modems, 3, NOW, mulberry32(3));
    const rng = mulberry32(3);
    const seen = new Set<number>();
    for (let h = 0; h < 7 * 24; h++) {
      state = simulate(state, NOW + h * HOUR, NOW + (h + 1) * HOUR, rng).state;
      for (const d of state.devices) {
        const s = d.signal;
        if (!s) throw new Error('modem lost its signal');
        for (const metric of ['rsrp', 'rsrq', 'sinr', 'rssi'] as const) {
          const [lo, hi] = SIGNAL_RANGES[metric];
          expect(s[metric]).toBeGreaterThanOrEqual(lo);
          expect(s[metric]).toBeLessThanOrEqual(hi);
        }
        expect(s.linkStatus).toBe(isUp(d.status) ? 'connected' : 'disconnected');
        seen.add(s.rsrp ?? 0);
      }
    }
    expect(seen.size).toBeGreaterThan(100); // it moves
  });

  it('reports unknown devices at once, and installs a pending site’s devices together', () => {
    const site: FleetDevice[] = [
      { id: 'edge', kind: 'firewall', siteId: 's', status: 'pending' },
      { id: 'ap', kind: 'access-point', siteId: 's', status: 'pending' },
      { id: 'new', kind: 'switch', siteId: 't', status: 'unknown' },
      { id: 'gone', kind: 'firewall', siteId: 'u', status: 'uninstalled' },
    ];
    const state = initialState(site, 1, NOW, mulberry32(1));
    expect(state.devices.find((d) => d.id === 'ap')?.nextAt).toBe(Number.POSITIVE_INFINITY);
    expect(state.devices.find((d) => d.id === 'gone')?.nextAt).toBe(Number.POSITIVE_INFINITY);
    const edge = state.devices[0];
    if (edge) edge.nextAt = NOW + 10 * MINUTE; // installation day
    const { events } = simulate(state, NOW, NOW + HOUR, mulberry32(1));
    expect(events.slice(0, 3)).toEqual([
      { deviceId: 'new', at: NOW, from: 'unknown', to: 'online' },
      { deviceId: 'edge', at: NOW + 10 * MINUTE, from: 'pending', to: 'online' },
      { deviceId: 'ap', at: NOW + 10 * MINUTE, from: 'pending', to: 'online' },
    ]);
    expect(events.some((e) => e.deviceId === 'gone')).toBe(false);
  });
});

describe('startEpisode (a reboot asked for from the console)', () => {
  const site: FleetDevice[] = [
    { id: 'edge', kind: 'firewall', siteId: 's', status: 'online' },
    { id: 'ap', kind: 'access-point', siteId: 's', status: 'online' },
    { id: 'sw', kind: 'switch', siteId: 's', status: 'pending' },
    { id: 'other', kind: 'firewall', siteId: 't', status: 'online' },
  ];

  it('takes the edge device to rebooting and its LAN devices offline, then back online at the end', () => {
    const state = initialState(site, 1, NOW, mulberry32(1));
    const started = startEpisode(state, 'edge', NOW, 'rebooting', NOW + 3 * MINUTE);
    expect(started?.events).toEqual([
      { deviceId: 'edge', at: NOW, from: 'online', to: 'rebooting' },
      { deviceId: 'ap', at: NOW, from: 'online', to: 'offline' },
    ]);
    // The input state is not changed.
    expect(state.devices.map((d) => d.status)).toEqual(['online', 'online', 'pending', 'online']);
    const after = started?.state as SimState;
    expect(after.devices.map((d) => d.status)).toEqual(['rebooting', 'offline', 'pending', 'online']);
    // Nothing else is due in the next minutes for this calm fleet: the reboot ends on time.
    for (const d of after.devices) if (d.id !== 'edge') d.nextAt = Number.POSITIVE_INFINITY;
    const { events } = simulate(after, NOW, NOW + 10 * MINUTE, mulberry32(2));
    expect(events.slice(0, 2)).toEqual([
      { deviceId: 'edge', at: NOW + 3 * MINUTE, from: 'rebooting', to: 'online' },
      { deviceId: 'ap', at: NOW + 3 * MINUTE, from: 'offline', to: 'online' },
    ]);
    for (const e of [...(started?.events ?? []), ...events])
      expect(isLegalTransition(e.from, e.to)).toBe(true);
  });

  it('a LAN device reboots alone; an unknown device is not in the fleet', () => {
    const state = initialState(site, 1, NOW, mulberry32(1));
    expect(startEpisode(state, 'ap', NOW, 'rebooting', NOW + MINUTE)?.events).toEqual([
      { deviceId: 'ap', at: NOW, from: 'online', to: 'rebooting' },
    ]);
    expect(startEpisode(state, 'missing', NOW, 'rebooting', NOW + MINUTE)).toBeNull();
  });
});

describe('simClock (SIM_SPEED: simulated ms = real ms × speed)', () => {
  it.each([
    [1, 5 * MINUTE, 5 * MINUTE],
    [60, 1 * MINUTE, HOUR],
    [3600, 1000, HOUR],
  ])('speed %s: %s real ms after start are %s simulated ms', (speed, real, sim) => {
    const clock = simClock(NOW, speed);
    expect(clock.toSim(NOW + real)).toBe(NOW + sim);
    expect(clock.toReal(NOW + sim)).toBe(NOW + real);
  });
});
