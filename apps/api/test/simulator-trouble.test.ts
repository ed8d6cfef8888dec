/**
 * The trouble a demo fleet shows (issue 8 part 9): rates measured over a long simulated window with a
 * fixed seed, the shape of regional outages, silent devices, fades and congested WAN samples — what the
 * alert engine raises alerts from.
 */
import { ALERT_THRESHOLDS, deviceSignalBars } from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateFleet, mulberry32, type SeedDevice } from '../src/fleet/seed-fleet.ts';
import {
  type ActiveEpisode,
  DAY,
  FADE_IN_MS,
  HOUR,
  initialState,
  isSilent,
  MINUTE,
  SIGNAL_HOME_FLOOR,
  type SimState,
  type StatusEvent,
  simulate,
  type WanSample,
} from '../src/fleet/simulator/engine.ts';
import { isEdgeKind, isUp, REGIONAL_OUTAGE } from '../src/fleet/simulator/transitions.ts';

const orgs = ['1', '2'].map((n) => ({
  id: `a0000000-0000-4000-8000-00000000000${n}`,
  name: n,
  siteLabel: n,
  aliasPrefix: n,
  accountHolder: n,
  vlanName: 'POS',
}));
const NOW = Date.parse('2026-01-15T12:00:00Z');
const fleet = generateFleet(42, orgs, 75, new Date(NOW)); // the demo size: 150 sites, ~600 devices
const byId = new Map<string, SeedDevice>(fleet.devices.map((d) => [d.id, d]));
const isEdge = (id: string) => isEdgeKind(byId.get(id)?.kind ?? 'switch');
const DAYS = 6;
const CHUNK = 5 * MINUTE; // every episode lasts at least 5 minutes, so each is seen in some chunk's end state
const t = ALERT_THRESHOLDS;

type Averages = { ping: number; jitter: number; loss: number };
/** Windows of 5 consecutive minute samples: all inside one congestion episode, or none of them in any. */
type Windows = { inside: number; insideLeast: Averages; clear: number; clearCrossing: Averages[] };

/** What a 6-day run in 5-minute ticks showed; shares are sampled at each tick after the first day. */
type Run = {
  events: StatusEvent[];
  episodes: Map<string, ActiveEpisode & { deviceId: string; statusAtEnd: string[] }>;
  shares: { edgeOffline: number; edgeBackup: number; lanOffline: number; weak: number; notOnline: number };
  fadeReadings: number[];
  silentStatuses: Set<string>;
  windows: Windows;
  normalLoss: { samples: number; blips: number[] };
  twoDays: { state: SimState; events: number; digest: number };
};

let run: Run;

beforeAll(() => {
  const rng = mulberry32(7);
  let state = initialState(fleet.devices, 42, NOW, mulberry32(1));
  const events: StatusEvent[] = [];
  const episodes: Run['episodes'] = new Map();
  const congestion = new Map<string, ActiveEpisode[]>();
  const last5 = new Map<string, { at: number; congested: boolean; sample: WanSample }[]>();
  const windows: Windows = {
    inside: 0,
    insideLeast: {
      ping: Number.POSITIVE_INFINITY,
      jitter: Number.POSITIVE_INFINITY,
      loss: Number.POSITIVE_INFINITY,
    },
    clear: 0,
    clearCrossing: [],
  };
  const normalLoss: Run['normalLoss'] = { samples: 0, blips: [] };
  const fadeReadings: number[] = [];
  const silentStatuses = new Set<string>();
  const counts = {
    edge: 0,
    edgeOffline: 0,
    edgeBackup: 0,
    lan: 0,
    lanOffline: 0,
    modems: 0,
    weak: 0,
    cycling: 0,
  };
  let notOnline = 0;
  let twoDays: Run['twoDays'] | undefined;
  let digest = 0;
  for (let from = NOW; from < NOW + DAYS * DAY; from += CHUNK) {
    const to = from + CHUNK;
    const r = simulate(state, from, to, rng);
    state = r.state;
    events.push(...r.events);
    for (const d of state.devices) {
      if (!d.episode) continue;
      const key = `${d.id}@${d.episode.from}`;
      if (!episodes.has(key)) {
        episodes.set(key, { ...d.episode, deviceId: d.id, statusAtEnd: [] });
        if (d.episode.kind === 'congestion')
          congestion.set(d.id, [...(congestion.get(d.id) ?? []), d.episode]);
      }
      episodes.get(key)?.statusAtEnd.push(d.status);
      if (isSilent(d, to)) silentStatuses.add(d.status);
      if (
        d.episode.kind === 'weak-signal' &&
        to >= d.episode.from + FADE_IN_MS &&
        to < d.episode.until &&
        d.signal
      )
        fadeReadings.push(deviceSignalBars([d.signal]));
    }
    // The alert engine's view of WAN samples: the average of the newest five (a minute apart).
    for (const s of r.samples) {
      digest += s.ping + s.jitter * 3 + s.loss * 7;
      const congested = (congestion.get(s.deviceId) ?? []).some((e) => e.from <= s.at && s.at < e.until);
      if (!congested) {
        normalLoss.samples++;
        if (s.loss > 0) normalLoss.blips.push(s.loss);
      }
      let list = last5.get(s.deviceId);
      if (!list || (list[list.length - 1]?.at ?? 0) !== s.at - MINUTE) {
        list = [];
        last5.set(s.deviceId, list);
      }
      list.push({ at: s.at, congested, sample: s });
      if (list.length > 5) list.shift();
      if (list.length < 5) continue;
      const avg = { ping: 0, jitter: 0, loss: 0 };
      let inside = 0;
      for (const x of list) {
        avg.ping += x.sample.ping / 5;
        avg.jitter += x.sample.jitter / 5;
        avg.loss += x.sample.loss / 5;
        if (x.congested) inside++;
      }
      if (inside === 5) {
        windows.inside++;
        for (const k of ['ping', 'jitter', 'loss'] as const)
          windows.insideLeast[k] = Math.min(windows.insideLeast[k], avg[k]);
      } else if (inside === 0) {
        windows.clear++;
        if (avg.ping > t.latencyMs || avg.jitter > t.jitterMs || avg.loss > t.lossPercent)
          windows.clearCrossing.push(avg);
      }
    }
    if (to === NOW + 2 * DAY) twoDays = { state, events: events.length, digest };
    if (to <= NOW + DAY) continue;
    for (const d of state.devices) {
      if (d.status === 'pending' || d.status === 'uninstalled') continue;
      counts.cycling++;
      if (d.status !== 'online') notOnline++;
      if (isEdgeKind(d.kind)) {
        counts.edge++;
        if (d.status === 'offline') counts.edgeOffline++;
        if (d.status === 'onbackup') counts.edgeBackup++;
      } else {
        counts.lan++;
        if (d.status === 'offline') counts.lanOffline++;
      }
      if (d.signal && isUp(d.status)) {
        counts.modems++;
        if (deviceSignalBars([d.signal]) <= t.weakSignalBars) counts.weak++;
      }
    }
  }
  run = {
    events,
    episodes,
    shares: {
      edgeOffline: (counts.edgeOffline / counts.edge) * 100,
      edgeBackup: (counts.edgeBackup / counts.edge) * 100,
      lanOffline: (counts.lanOffline / counts.lan) * 100,
      weak: (counts.weak / counts.modems) * 100,
      notOnline: (notOnline / counts.cycling) * 100,
    },
    fadeReadings,
    silentStatuses,
    windows,
    normalLoss,
    twoDays: twoDays as Run['twoDays'],
  };
});

describe('a demo fleet with trouble in it (6 simulated days, demo size, fixed seed)', () => {
  it.each([
    ['edge devices offline', 'edgeOffline', 1.4, 3],
    ['edge devices on backup', 'edgeBackup', 2.2, 4.2],
    ['access points and switches offline (their own faults and their edge device’s)', 'lanOffline', 2, 4.5],
    ['modems reading Weak or worse (2 bars or fewer)', 'weak', 2, 7],
    ['devices not online, of those the simulator cycles', 'notOnline', 3, 7],
  ] as const)('%s: %s–%s %% at any moment', (_, key, lo, hi) => {
    expect(run.shares[key]).toBeGreaterThan(lo);
    expect(run.shares[key]).toBeLessThan(hi);
  });

  it('regional outages: about every 6 hours, 3–6 edge devices of one organization and region at one instant', () => {
    const down = new Map<number, StatusEvent[]>();
    for (const e of run.events)
      if (isEdge(e.deviceId) && e.from === 'online' && e.to === 'offline')
        down.set(e.at, [...(down.get(e.at) ?? []), e]);
    const outages = [...down.values()].filter((list) => list.length >= 3);
    const per6h = outages.length / (DAYS * 4);
    expect(per6h).toBeGreaterThan(0.6);
    expect(per6h).toBeLessThan(1.4);
    for (const outage of outages) {
      const devices = outage.map((e) => byId.get(e.deviceId) as SeedDevice);
      expect(outage.length).toBeLessThanOrEqual(REGIONAL_OUTAGE.maxSites);
      expect(new Set(devices.map((d) => d.organizationId)).size).toBe(1);
      expect(new Set(devices.map((d) => d.region)).size).toBe(1);
      const at = outage[0]?.at as number;
      // Their sites' access points and switches that were up go offline at the same instant.
      for (const d of devices) {
        const lan = fleet.devices
          .filter((x) => x.siteId === d.siteId && !isEdgeKind(x.kind))
          .map((x) => x.id);
        const lanDown = run.events.filter(
          (e) => lan.includes(e.deviceId) && e.at === at && e.to === 'offline',
        );
        const wasUp = lan.filter((id) => {
          const before = run.events.filter((e) => e.deviceId === id && e.at < at).pop();
          const status = before ? before.to : (byId.get(id)?.status ?? 'offline');
          return isUp(status) || status === 'rebooting'; // these cannot report either now
        });
        expect(lanDown.map((e) => e.deviceId).sort()).toEqual(wasUp.sort());
      }
      // Back 10–65 minutes later, within 5 minutes of each other.
      const ends = outage.map(
        (o) => run.events.find((e) => e.deviceId === o.deviceId && e.at > at && e.from === 'offline')?.at,
      );
      if (ends.some((e) => e === undefined)) continue; // still down when the window ended
      const minutes = (ends as number[]).map((e) => (e - at) / MINUTE);
      for (const m of minutes) {
        expect(m).toBeGreaterThanOrEqual(REGIONAL_OUTAGE.minMinutes);
        expect(m).toBeLessThanOrEqual(REGIONAL_OUTAGE.maxMinutes + REGIONAL_OUTAGE.staggerMinutes);
      }
      expect(Math.max(...minutes) - Math.min(...minutes)).toBeLessThanOrEqual(REGIONAL_OUTAGE.staggerMinutes);
    }
  });

  it.each([
    ['silent', 6, 30, 2, 10],
    ['congestion', 5, 30, 2, 10],
  ] as const)(
    '%s episodes on edge devices: %s–%s minutes, %s–%s a day across the fleet, the device online',
    (kind, min, max, lo, hi) => {
      const list = [...run.episodes.values()].filter((e) => e.kind === kind);
      const perDay = list.length / DAYS;
      expect(perDay).toBeGreaterThan(lo);
      expect(perDay).toBeLessThan(hi);
      for (const e of list) {
        expect(isEdge(e.deviceId)).toBe(true);
        expect((e.until - e.from) / MINUTE).toBeGreaterThanOrEqual(min);
        expect((e.until - e.from) / MINUTE).toBeLessThanOrEqual(max);
        expect(e.statusAtEnd.every((s) => s === 'online')).toBe(true);
      }
      if (kind === 'silent') expect([...run.silentStatuses]).toEqual(['online']);
    },
  );

  it('fades strike only devices with a modem, for 10–60 minutes, and read Weak or worse while they last', () => {
    const fades = [...run.episodes.values()].filter((e) => e.kind === 'weak-signal');
    expect(fades.length).toBeGreaterThan(200);
    for (const e of fades) {
      expect(byId.get(e.deviceId)?.modemSignalStatistics.length).toBe(1);
      expect((e.until - e.from) / MINUTE).toBeGreaterThanOrEqual(10);
      expect((e.until - e.from) / MINUTE).toBeLessThanOrEqual(60);
    }
    const weak = run.fadeReadings.filter((bars) => bars <= t.weakSignalBars).length;
    expect(weak / run.fadeReadings.length).toBeGreaterThan(0.9);
  });

  it('congested WAN crosses the alert thresholds (average of the newest 5 samples); normal operation never does', () => {
    const { inside, insideLeast, clear, clearCrossing } = run.windows;
    expect(inside).toBeGreaterThan(30);
    expect(clear).toBeGreaterThan(1_000_000);
    expect(insideLeast.ping).toBeGreaterThan(t.latencyMs);
    expect(insideLeast.jitter).toBeGreaterThan(t.jitterMs);
    expect(insideLeast.loss).toBeGreaterThan(t.lossPercent);
    expect(clearCrossing).toEqual([]);
    // Loss outside congestion: nil but for rare 1–2 % blips.
    const { samples, blips } = run.normalLoss;
    expect(blips.length / samples).toBeGreaterThan(0.005);
    expect(blips.length / samples).toBeLessThan(0.02);
    expect(Math.min(...blips)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...blips)).toBeLessThanOrEqual(2);
  });

  it('is the same in one go as in 5-minute ticks, regional outages and episodes included', () => {
    const whole = simulate(
      initialState(fleet.devices, 42, NOW, mulberry32(1)),
      NOW,
      NOW + 2 * DAY,
      mulberry32(7),
    );
    expect(whole.events).toEqual(run.events.slice(0, run.twoDays.events));
    expect(whole.state).toEqual(run.twoDays.state);
    const digest = whole.samples.reduce((sum, s) => sum + s.ping + s.jitter * 3 + s.loss * 7, 0);
    expect(digest).toBeCloseTo(run.twoDays.digest, 3);
    // The window did exercise them.
    const inTwoDays = [...run.episodes.values()].filter((e) => e.from < NOW + 2 * DAY);
    for (const kind of ['silent', 'weak-signal', 'congestion'] as const)
      expect(
        inTwoDays.some((e) => e.kind === kind),
        kind,
      ).toBe(true);
    const atOnce = new Map<number, number>();
    for (const e of whole.events)
      if (isEdge(e.deviceId) && e.from === 'online' && e.to === 'offline')
        atOnce.set(e.at, (atOnce.get(e.at) ?? 0) + 1);
    expect([...atOnce.values()].some((n) => n >= 3)).toBe(true);
  });

  it('a fleet without regions has no regional outages', () => {
    const anywhere = fleet.devices.map(({ region: _, ...d }) => d);
    const { events } = simulate(
      initialState(anywhere, 42, NOW, mulberry32(1)),
      NOW,
      NOW + 3 * DAY,
      mulberry32(3),
      {
        sampleEveryMs: HOUR,
      },
    );
    const atOnce = new Map<number, number>();
    for (const e of events)
      if (isEdge(e.deviceId) && e.from === 'online' && e.to === 'offline')
        atOnce.set(e.at, (atOnce.get(e.at) ?? 0) + 1);
    expect(Math.max(0, ...atOnce.values())).toBeLessThan(3);
  });
});

describe('signal home', () => {
  it('a modem loaded in the middle of a fade (a restart) drifts back to Fair instead of staying weak', () => {
    const weak = { linkStatus: 'connected', serviceType: 'LTE', rsrp: -118, rsrq: -20, sinr: -2, rssi: -95 };
    const device = { id: 'm', kind: '5g' as const, siteId: 's', status: 'online' as const };
    const state = initialState([{ ...device, modemSignalStatistics: [weak] }], 1, NOW, mulberry32(1));
    expect(state.devices[0]?.signalHome).toEqual(SIGNAL_HOME_FLOOR);
    const later = simulate(state, NOW, NOW + 12 * HOUR, mulberry32(2)).state.devices[0];
    expect(deviceSignalBars([later?.signal ?? weak])).toBeGreaterThanOrEqual(3);
  });
});
