/**
 * The simulator's engine: moves a fleet's devices through outages, failovers to backup and reboots,
 * drifts cellular signal and samples WAN ping and jitter — all pure and deterministic.
 *
 * Determinism: status changes are drawn from the caller's seeded `rng`, in global time order (ties
 * by device position), and each device keeps its next due time in the state. So running a window in
 * one go or in consecutive chunks (with the same rng) gives the same events. Per-minute values
 * (signal drift, ping, jitter) come from a hash of (seed, device, minute), not from the rng.
 *
 * SIM_SPEED is the caller's business: keep a simulated clock, simulated ms = real ms × speed (see
 * `simClock`), pass the simulated window here and map the times you store back with `toReal`.
 */
import type { ModemSignal } from '../../db/schema.ts';
import { hashString, noise, round1 } from './random.ts';
import {
  type DeviceKind,
  type DeviceStatus,
  FAULTS,
  type Fault,
  INSTALL_PER_HOUR,
  isEdgeKind,
  isUp,
} from './transitions.ts';

export type Rng = () => number;

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

type SignalValues = Pick<ModemSignal, 'rsrp' | 'rsrq' | 'sinr' | 'rssi'>;

export type SimDevice = {
  id: string;
  kind: DeviceKind;
  siteId: string;
  /** What the console shows: an access point or switch is `offline` while its site's edge device is down. */
  status: DeviceStatus;
  /** The device's own condition, ignoring its site's edge device. */
  own: DeviceStatus;
  /** Simulated ms of the device's next own transition; Infinity when none is due. */
  nextAt: number;
  /** Backfill only: at `at`, move to `status` and stay; episodes that would run past `at` are skipped. */
  hold?: { at: number; status: DeviceStatus };
  /** Cellular modem readings (5G appliances, edge devices reporting an LTE backup); null without a modem. */
  signal: ModemSignal | null;
  /** Where the signal drifts back towards: the readings the device started with. */
  signalHome: SignalValues | null;
};

export type SimState = { seed: number; devices: SimDevice[] };

/** A device as the simulator needs it; a `SeedDevice` or a devices row fits. */
export type FleetDevice = {
  id: string;
  kind: DeviceKind;
  siteId: string;
  status: DeviceStatus;
  modemSignalStatistics?: ModemSignal[];
};

export type StatusEvent = { deviceId: string; at: number; from: DeviceStatus; to: DeviceStatus };

/** Spec part 3 "Timeseries sample"; `ipAddress` is the probe target, `sourceInterface` the link used. */
export type WanSample = {
  deviceId: string;
  at: number;
  sourceInterface: 'WAN' | 'LTE';
  ipAddress: string;
  ping: number;
  jitter: number;
};

export type SimOptions = {
  /** Spacing of WAN samples and signal-drift steps, aligned to the epoch; default one minute. */
  sampleEveryMs?: number;
};

export type SimResult = { state: SimState; events: StatusEvent[]; samples: WanSample[] };

/** Bounds of the drifting readings: the spec's signal scale (part 9), rssi capped at −51 dBm. */
export const SIGNAL_RANGES = {
  rsrp: [-140, -44],
  rsrq: [-43, 6],
  sinr: [-23, 30],
  rssi: [-110, -51],
} as const;
const SIGNAL_METRICS = ['rsrp', 'rsrq', 'sinr', 'rssi'] as const;
/** Standard deviation of one minute's drift, in dB; readings return home with a 2-hour time constant. */
const SIGNAL_STEP = { rsrp: 0.8, rsrq: 0.4, sinr: 0.6, rssi: 0.6 } as const;
const SIGNAL_RETURN_MINUTES = 120;
export const PROBE_TARGET = '8.8.8.8';

/**
 * A simulated clock for SIM_SPEED, anchored at `startMs` (server start): simulated ms = real ms × speed.
 * Each tick: `simulate(state, toSim(lastTick), toSim(now), rng)`, then store events at `toReal(e.at)`,
 * so a 30-minute outage at speed 60 lasts 30 real seconds. Pass `sampleEveryMs: MINUTE * speed` to
 * keep one WAN sample per real minute.
 */
export function simClock(startMs: number, speed: number) {
  return {
    toSim: (realMs: number) => startMs + (realMs - startMs) * speed,
    toReal: (simMs: number) => startMs + (simMs - startMs) / speed,
  };
}

/** The edge device's status per site (the first firewall or 5G appliance found there). */
export function edgeStatusBySite(devices: readonly FleetDevice[]): Map<string, DeviceStatus> {
  const bySite = new Map<string, DeviceStatus>();
  for (const d of devices) if (isEdgeKind(d.kind) && !bySite.has(d.siteId)) bySite.set(d.siteId, d.status);
  return bySite;
}

/**
 * What the console shows for a device: its own status, except that an access point or switch
 * whose site's edge device is not up cannot report and is `offline` (pending and the other
 * non-cycling statuses are kept). `edge` is undefined for edge devices and sites without one.
 */
export function reportedStatus(own: DeviceStatus, edge: DeviceStatus | undefined): DeviceStatus {
  if (edge === undefined || isUp(edge)) return own;
  return own === 'online' || own === 'onbackup' || own === 'rebooting' ? 'offline' : own;
}

/**
 * The live state for devices whose current statuses are known (after a backfill, or rebuilt from
 * the database on restart): ongoing outages get a remaining duration, online devices their next
 * trouble, `unknown` devices report at once, pending ones are installed some day.
 */
export function initialState(devices: readonly FleetDevice[], seed: number, now: number, rng: Rng): SimState {
  const edges = edgeStatusBySite(devices);
  const sims = devices.map((d): SimDevice => {
    const edge = isEdgeKind(d.kind) ? undefined : edges.get(d.siteId);
    // Offline only because its edge device is down: the device itself is fine.
    const own = edge !== undefined && !isUp(edge) && d.status === 'offline' ? 'online' : d.status;
    const signal = d.modemSignalStatistics?.[0] ?? null;
    return {
      id: d.id,
      kind: d.kind,
      siteId: d.siteId,
      status: d.status,
      own,
      nextAt: Number.POSITIVE_INFINITY,
      signal: signal && { ...signal },
      signalHome: signal && { rsrp: signal.rsrp, rsrq: signal.rsrq, sinr: signal.sinr, rssi: signal.rssi },
    };
  });
  for (const d of sims) {
    const behindEdge = !isEdgeKind(d.kind) && edges.has(d.siteId);
    d.nextAt = firstDue(d, now, behindEdge, rng);
  }
  return { seed, devices: sims };
}

/** When a device's first own transition after `at` is due, given what it is doing now. */
export function firstDue(d: SimDevice, at: number, behindEdge: boolean, rng: Rng): number {
  switch (d.own) {
    case 'online':
      return nextStart(d, at, rng);
    case 'offline':
    case 'onbackup':
    case 'rebooting': {
      const fault = FAULTS[d.kind].find((f) => f.status === d.own);
      const full = fault ? faultDuration(fault, rng) : 30 * MINUTE;
      return at + Math.max(SECOND, Math.round((full * rng()) / SECOND) * SECOND);
    }
    case 'unknown':
      return at;
    case 'pending':
      // Behind an edge device, installed together with it.
      return behindEdge ? Number.POSITIVE_INFINITY : at + exponential(INSTALL_PER_HOUR, rng);
    default:
      return Number.POSITIVE_INFINITY;
  }
}

/**
 * Runs the fleet from `fromMs` to `toMs` (simulated ms; transitions due before `fromMs` happen at
 * `fromMs`): the status events in time order, WAN samples for edge devices that are up (every
 * `sampleEveryMs`, grouped by device), and the state to continue from. The input state is not changed.
 */
export function simulate(
  state: SimState,
  fromMs: number,
  toMs: number,
  rng: Rng,
  options: SimOptions = {},
): SimResult {
  const devices = state.devices.map((d) => ({ ...d, signal: d.signal && { ...d.signal } }));
  const before = devices.map((d) => d.status);
  const { edgeOf, lanOf } = siteIndex(devices);
  const events: StatusEvent[] = [];
  const eventsOf: StatusEvent[][] = devices.map(() => []);

  const report = (i: number, at: number) => {
    const d = devices[i] as SimDevice;
    const edge = edgeOf[i] === -1 ? undefined : devices[edgeOf[i] as number]?.status;
    const to = reportedStatus(d.own, edge);
    if (to === d.status) return;
    const event = { deviceId: d.id, at, from: d.status, to };
    events.push(event);
    eventsOf[i]?.push(event);
    d.status = to;
  };

  for (;;) {
    // The next due transition over the whole fleet; a linear scan is plenty for thousands of devices.
    let i = -1;
    let due = toMs;
    for (let k = 0; k < devices.length; k++) {
      const nextAt = (devices[k] as SimDevice).nextAt;
      if (nextAt < due) {
        due = nextAt;
        i = k;
      }
    }
    if (i === -1) break;
    const at = Math.max(due, fromMs);
    const d = devices[i] as SimDevice;
    const wasPending = d.own === 'pending';
    advance(d, at, rng);
    report(i, at);
    for (const j of lanOf.get(i) ?? []) {
      const lan = devices[j] as SimDevice;
      if (wasPending && lan.own === 'pending') {
        lan.own = 'online';
        lan.nextAt = nextStart(lan, at, rng);
      }
      report(j, at);
    }
  }

  const sampleEveryMs = options.sampleEveryMs ?? MINUTE;
  const samples: WanSample[] = [];
  const firstTick = Math.ceil(fromMs / sampleEveryMs) * sampleEveryMs;
  for (const [i, d] of devices.entries()) {
    const edge = isEdgeKind(d.kind);
    if (!edge && !d.signal) continue;
    const key = hashString(d.id);
    const own = eventsOf[i] ?? [];
    let status = before[i] as DeviceStatus;
    let e = 0;
    for (let t = firstTick; t < toMs; t += sampleEveryMs) {
      for (let next = own[e]; next && next.at <= t; next = own[++e]) status = next.to;
      if (d.signal) driftSignal(d.signal, d.signalHome, state.seed, key, t, sampleEveryMs);
      if (edge && isUp(status)) samples.push(wanSample(d.id, status, state.seed, key, t));
    }
    if (d.signal) d.signal.linkStatus = isUp(d.status) ? 'connected' : 'disconnected';
  }

  return { state: { seed: state.seed, devices }, events, samples };
}

/**
 * An episode started from outside the simulation — a reboot asked for from the console: from `at` the
 * device is `status` until `endsAt`, then online again as after any episode of its own. Answers the
 * state to continue from and the status events at `at` (the device's, and those of the LAN devices
 * behind it when it is its site's edge device), or null when the device is not in the fleet. The input
 * state is not changed.
 */
export function startEpisode(
  state: SimState,
  deviceId: string,
  at: number,
  status: 'offline' | 'onbackup' | 'rebooting',
  endsAt: number,
): { state: SimState; events: StatusEvent[] } | null {
  const i = state.devices.findIndex((d) => d.id === deviceId);
  if (i === -1) return null;
  const devices = state.devices.map((d) => ({ ...d }));
  const { edgeOf, lanOf } = siteIndex(devices);
  const d = devices[i] as SimDevice;
  d.own = status;
  d.nextAt = Math.max(at, endsAt);
  const events: StatusEvent[] = [];
  for (const j of [i, ...(lanOf.get(i) ?? [])]) {
    const x = devices[j] as SimDevice;
    const edge = edgeOf[j] === -1 ? undefined : devices[edgeOf[j] as number]?.status;
    const to = reportedStatus(x.own, edge);
    if (to !== x.status) events.push({ deviceId: x.id, at, from: x.status, to });
    x.status = to;
  }
  return { state: { seed: state.seed, devices }, events };
}

/** One own transition of a device at `at`: trouble starts, ends, the device is installed or first reports. */
function advance(d: SimDevice, at: number, rng: Rng): void {
  if (d.own === 'online') {
    if (d.hold && at >= d.hold.at) {
      d.own = d.hold.status;
      d.nextAt = Number.POSITIVE_INFINITY;
      d.hold = undefined;
      return;
    }
    const fault = pickFault(FAULTS[d.kind], rng);
    const ends = at + faultDuration(fault, rng);
    if (d.hold && ends >= d.hold.at) {
      d.nextAt = nextStart(d, at, rng); // it would run past the hold: skip it
      return;
    }
    d.own = fault.status;
    d.nextAt = ends;
    return;
  }
  // The end of an outage, failover or reboot; an installation; or an unknown device's first report.
  d.own = 'online';
  d.nextAt = nextStart(d, at, rng);
}

/** When the next trouble of an online device starts: exponential gaps at the kind's total rate. */
function nextStart(d: SimDevice, at: number, rng: Rng): number {
  const rate = FAULTS[d.kind].reduce((sum, f) => sum + f.perHour, 0);
  return Math.min(at + exponential(rate, rng), d.hold?.at ?? Number.POSITIVE_INFINITY);
}

/** A gap in whole seconds (at least one) for a Poisson process with `perHour` events an hour. */
function exponential(perHour: number, rng: Rng): number {
  if (perHour <= 0) return Number.POSITIVE_INFINITY;
  const hours = -Math.log(1 - rng()) / perHour;
  return Math.max(SECOND, Math.round((hours * HOUR) / SECOND) * SECOND);
}

function pickFault(faults: readonly Fault[], rng: Rng): Fault {
  const total = faults.reduce((sum, f) => sum + f.perHour, 0);
  let r = rng() * total;
  for (const f of faults) {
    r -= f.perHour;
    if (r < 0) return f;
  }
  return faults[faults.length - 1] as Fault;
}

/** Log-uniform between the bounds, in whole seconds: many short episodes, few long ones. */
function faultDuration(fault: Fault, rng: Rng): number {
  const minutes = fault.minMinutes * (fault.maxMinutes / fault.minMinutes) ** rng();
  return Math.round((minutes * MINUTE) / SECOND) * SECOND;
}

/** Per device position: its site's edge device (-1 for edge devices and sites without one), and each edge device's LAN devices. */
function siteIndex(devices: readonly SimDevice[]) {
  const edgeAt = new Map<string, number>();
  for (const [i, d] of devices.entries())
    if (isEdgeKind(d.kind) && !edgeAt.has(d.siteId)) edgeAt.set(d.siteId, i);
  const edgeOf = devices.map((d) => (isEdgeKind(d.kind) ? -1 : (edgeAt.get(d.siteId) ?? -1)));
  const lanOf = new Map<number, number[]>();
  for (const [i, e] of edgeOf.entries()) if (e !== -1) lanOf.set(e, [...(lanOf.get(e) ?? []), i]);
  return { edgeOf, lanOf };
}

/** One drift step: pulled back towards home, a random step scaled to the step's length, kept in range. */
function driftSignal(
  signal: ModemSignal,
  home: SignalValues | null,
  seed: number,
  key: number,
  t: number,
  stepMs: number,
): void {
  const minutes = stepMs / MINUTE;
  const pull = 1 - Math.exp(-minutes / SIGNAL_RETURN_MINUTES);
  const minute = Math.floor(t / MINUTE);
  for (const [n, metric] of SIGNAL_METRICS.entries()) {
    const value = signal[metric];
    if (value === null) continue;
    const target = home?.[metric] ?? value;
    const step = SIGNAL_STEP[metric] * Math.sqrt(minutes) * gauss(seed, key, minute, 10 + n);
    const [lo, hi] = SIGNAL_RANGES[metric];
    signal[metric] = round1(Math.min(hi, Math.max(lo, value + (target - value) * pull + step)));
  }
}

/**
 * One WAN probe: each edge device has its usual latency (20–42 ms) with a little noise and a rare
 * spike; on the LTE backup it is about 1.5× + 35 ms with more jitter.
 */
function wanSample(deviceId: string, status: DeviceStatus, seed: number, key: number, t: number): WanSample {
  const minute = Math.floor(t / MINUTE);
  const usual = 20 + 22 * noise(seed, key, 0, 1);
  const spike = noise(seed, key, minute, 2) < 0.01 ? 40 + 80 * noise(seed, key, minute, 3) : 0;
  const backup = status === 'onbackup';
  const ping = backup
    ? usual * 1.5 + 35 + 10 * gauss(seed, key, minute, 4)
    : usual + 4 * gauss(seed, key, minute, 4);
  const u = noise(seed, key, minute, 5);
  const jitter = (backup ? 6 + 14 * u : 1 + 5 * u) + spike / 4;
  return {
    deviceId,
    at: t,
    sourceInterface: backup ? 'LTE' : 'WAN',
    ipAddress: PROBE_TARGET,
    ping: round1(Math.max(5, ping + spike)),
    jitter: round1(jitter),
  };
}

/** About standard normal (a scaled sum of four uniforms), fixed by its inputs like `noise`. */
function gauss(seed: number, key: number, minute: number, salt: number): number {
  let sum = 0;
  for (let j = 0; j < 4; j++) sum += noise(seed, key, minute, salt * 4 + j);
  return (sum - 2) * Math.sqrt(3);
}
