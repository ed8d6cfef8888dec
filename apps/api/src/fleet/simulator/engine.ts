/**
 * The simulator's engine: moves a fleet's devices through outages, failovers to backup and reboots,
 * drifts cellular signal and samples WAN ping, jitter and loss — all pure and deterministic.
 *
 * Besides status changes, a device may go through episodes that leave it `online` (see `EPISODES`: it
 * stops sending heartbeats, its signal fades, its WAN is congested), and now and then several sites of
 * one region go offline together (`REGIONAL_OUTAGE`).
 *
 * Determinism: status changes and episodes are drawn from the caller's seeded `rng`, in global time
 * order (ties by device position, then the regional process), and each device keeps its next due time
 * in the state, as does the regional process. So running a window in one go or in consecutive chunks
 * (with the same rng) gives the same events. Per-minute values (signal drift, ping, jitter, loss) come
 * from a hash of (seed, device, minute), not from the rng.
 *
 * SIM_SPEED is the caller's business: keep a simulated clock, simulated ms = real ms × speed (see
 * `simClock`), pass the simulated window here and map the times you store back with `toReal`.
 */
import type { ModemSignal } from '../../db/schema.ts';
import { between, hashString, noise, pick, round1 } from './random.ts';
import {
  type DeviceKind,
  type DeviceStatus,
  EPISODES,
  type Episode,
  FAULTS,
  INSTALL_PER_HOUR,
  isEdgeKind,
  isUp,
  REGIONAL_OUTAGE,
  type Trouble,
} from './transitions.ts';

export type Rng = () => number;

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

type SignalValues = Pick<ModemSignal, 'rsrp' | 'rsrq' | 'sinr' | 'rssi'>;
/** dB (dBm for rssi) per metric. */
export type SignalOffset = { rsrp: number; rsrq: number; sinr: number; rssi: number };

/**
 * An episode in progress (simulated ms): from `from` to `until` — a weak-signal fade then drifts home
 * for `FADE_OUT_MS` more before the device's next trouble may start. `depth` (0–1) scales a fade.
 */
export type ActiveEpisode = { kind: Episode['episode']; from: number; until: number; depth: number };

export type SimDevice = {
  id: string;
  kind: DeviceKind;
  siteId: string;
  /** The site's organization and region (its US state): a regional outage strikes one organization's sites of one region. */
  organizationId?: string;
  region?: string | null;
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
  /** Where the signal drifts back towards: the readings the device started with (see `signalHomeOf`). */
  signalHome: SignalValues | null;
  /** The episode the device is in (it stays `online` meanwhile); absent when none. See `isSilent`. */
  episode?: ActiveEpisode;
  /** How far a fade has pushed the readings below where they drift (absent: not at all). */
  signalOffset?: SignalOffset;
};

export type SimState = {
  seed: number;
  devices: SimDevice[];
  /** Simulated ms of the next regional outage; Infinity (or absent) when none is due. */
  regionalAt?: number;
};

/** A device as the simulator needs it; a `SeedDevice` or a devices row (with its site's state) fits. */
export type FleetDevice = {
  id: string;
  kind: DeviceKind;
  siteId: string;
  status: DeviceStatus;
  modemSignalStatistics?: ModemSignal[];
  organizationId?: string;
  /** The site's US state; devices without one never take part in a regional outage. */
  region?: string | null;
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
  /** Packet loss, percent. */
  loss: number;
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
/**
 * How far readings wander around home (standard deviation, dB): they drift as a mean-reverting random
 * walk with a 2-hour time constant, stepped exactly, so the spread is the same at any step length (the
 * backfill's 5 minutes, an hour per live sample at SIM_SPEED 60).
 */
const SIGNAL_SPREAD = { rsrp: 3, rsrq: 1.5, sinr: 2.2, rssi: 2.2 } as const;
const SIGNAL_RETURN_MINUTES = 120;
/** A fade's drop at depth 0 and 1 (it is drawn in between): enough to take any demo modem to 2 bars or fewer. */
export const FADE_DROP = {
  min: { rsrp: 30, rsrq: 8, sinr: 14, rssi: 22 },
  max: { rsrp: 40, rsrq: 11, sinr: 20, rssi: 30 },
} as const;
/** A fade sets in over 2 minutes and, once over, drifts home in 10. */
export const FADE_IN_MS = 2 * MINUTE;
export const FADE_OUT_MS = 10 * MINUTE;
/** What a congested WAN adds to a sample: ping and jitter in ms, loss in percent (drawn per minute). */
export const CONGESTION = { ping: [120, 250], jitter: [30, 60], loss: [3, 15] } as const;
export const PROBE_TARGET = '8.8.8.8';

/**
 * The weakest home a modem's readings drift around: Fair (3 bars) with room to drift. The demo fleet's
 * modems start above it; a device loaded in the middle of a fade (a restart) drifts back up to it instead
 * of staying weak for good.
 */
export const SIGNAL_HOME_FLOOR = { rsrp: -84, rsrq: -12, sinr: 9, rssi: -76 } as const;

/** Where a modem's readings drift back towards: where they are, but no weaker than `SIGNAL_HOME_FLOOR`. */
export function signalHomeOf(signal: ModemSignal): SignalValues {
  const floor = (value: number | null, min: number) => (value === null ? null : Math.max(value, min));
  return {
    rsrp: floor(signal.rsrp, SIGNAL_HOME_FLOOR.rsrp),
    rsrq: floor(signal.rsrq, SIGNAL_HOME_FLOOR.rsrq),
    sinr: floor(signal.sinr, SIGNAL_HOME_FLOOR.sinr),
    rssi: floor(signal.rssi, SIGNAL_HOME_FLOOR.rssi),
  };
}

/** Whether the device has stopped reporting to the cloud at `at` (simulated ms): its heartbeats are skipped. */
export function isSilent(d: SimDevice, at: number): boolean {
  return d.episode?.kind === 'silent' && d.episode.from <= at && at < d.episode.until;
}

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
      ...whereIs(d),
      status: d.status,
      own,
      nextAt: Number.POSITIVE_INFINITY,
      signal: signal && { ...signal },
      signalHome: signal && signalHomeOf(signal),
    };
  });
  for (const d of sims) {
    const behindEdge = !isEdgeKind(d.kind) && edges.has(d.siteId);
    d.nextAt = firstDue(d, now, behindEdge, rng);
  }
  return { seed, devices: sims, regionalAt: nextRegionalOutage(now, rng) };
}

/** When the next regional outage after `at` is due. */
export function nextRegionalOutage(at: number, rng: Rng): number {
  return at + exponential(REGIONAL_OUTAGE.perHour, rng);
}

/** A device's organization and region, as far as known (copied into the simulation's devices). */
export function whereIs(
  d: Pick<FleetDevice, 'organizationId' | 'region'>,
): Pick<SimDevice, 'organizationId' | 'region'> {
  return {
    ...(d.organizationId !== undefined ? { organizationId: d.organizationId } : {}),
    ...(d.region !== undefined ? { region: d.region } : {}),
  };
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
      const full = fault ? duration(fault, rng) : 30 * MINUTE;
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
  // Episodes started in this window, per device (they shape its samples and signal below).
  const episodesOf: ActiveEpisode[][] = devices.map(() => []);
  let regionalAt = state.regionalAt ?? Number.POSITIVE_INFINITY;
  let regions: number[][] | undefined;

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
  const reportSite = (i: number, at: number) => {
    report(i, at);
    for (const j of lanOf.get(i) ?? []) report(j, at);
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
    if (regionalAt < due) {
      const at = Math.max(regionalAt, fromMs);
      regions ??= regionIndex(devices);
      for (const k of regionalOutage(devices, regions, at, rng)) reportSite(k, at);
      regionalAt = nextRegionalOutage(at, rng);
      continue;
    }
    if (i === -1) break;
    const at = Math.max(due, fromMs);
    const d = devices[i] as SimDevice;
    const wasPending = d.own === 'pending';
    const episode = d.episode;
    advance(d, at, rng);
    if (d.episode && d.episode !== episode) episodesOf[i]?.push(d.episode);
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
    const prior = state.devices[i]?.episode;
    const episodes = prior ? [prior, ...(episodesOf[i] ?? [])] : (episodesOf[i] ?? []);
    let status = before[i] as DeviceStatus;
    let e = 0;
    let p = -1;
    for (let t = firstTick; t < toMs; t += sampleEveryMs) {
      for (let next = own[e]; next && next.at <= t; next = own[++e]) status = next.to;
      while ((episodes[p + 1]?.from ?? Number.POSITIVE_INFINITY) <= t) p++;
      const episode = episodes[p];
      if (d.signal) {
        const fade = episode?.kind === 'weak-signal' ? fadeOffset(episode, t) : undefined;
        const applied = driftSignal(
          d.signal,
          d.signalHome,
          fade,
          d.signalOffset,
          state.seed,
          key,
          t,
          sampleEveryMs,
        );
        if (applied) d.signalOffset = applied;
        else delete d.signalOffset;
      }
      const congested = episode?.kind === 'congestion' && t < episode.until;
      if (edge && isUp(status)) samples.push(wanSample(d.id, status, congested, state.seed, key, t));
    }
    if (d.signal) d.signal.linkStatus = isUp(d.status) ? 'connected' : 'disconnected';
  }

  return { state: { seed: state.seed, devices, regionalAt }, events, samples };
}

/**
 * An episode started from outside the simulation — a reboot asked for from the console: from `at` the
 * device is `status` until `endsAt`, then online again as after any episode of its own (an episode it was
 * in, such as a lost cloud connection, is over). Answers the state to continue from and the status events
 * at `at` (the device's, and those of the LAN devices behind it when it is its site's edge device), or
 * null when the device is not in the fleet. The input state is not changed.
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
  delete d.episode;
  const events: StatusEvent[] = [];
  for (const j of [i, ...(lanOf.get(i) ?? [])]) {
    const x = devices[j] as SimDevice;
    const edge = edgeOf[j] === -1 ? undefined : devices[edgeOf[j] as number]?.status;
    const to = reportedStatus(x.own, edge);
    if (to !== x.status) events.push({ deviceId: x.id, at, from: x.status, to });
    x.status = to;
  }
  return { state: { ...state, devices }, events };
}

/**
 * One own transition of a device at `at`: trouble starts or ends, the device is installed or first
 * reports. Trouble that would run past the device's `hold` is skipped (the backfill's devices must be
 * online and free when they take their current status).
 */
function advance(d: SimDevice, at: number, rng: Rng): void {
  if (d.own === 'online' && d.episode) {
    // The end of an episode: the device was online all along.
    delete d.episode;
    d.nextAt = nextStart(d, at, rng);
    return;
  }
  if (d.own === 'online') {
    if (d.hold && at >= d.hold.at) {
      d.own = d.hold.status;
      d.nextAt = Number.POSITIVE_INFINITY;
      d.hold = undefined;
      return;
    }
    const trouble = pickTrouble(troublesOf(d.kind), rng);
    const length = duration(trouble, rng);
    if ('episode' in trouble) {
      const depth = rng();
      const busyUntil = at + length + (trouble.episode === 'weak-signal' ? FADE_OUT_MS : 0);
      if ((d.hold && busyUntil >= d.hold.at) || (trouble.episode === 'weak-signal' && !d.signal)) {
        d.nextAt = nextStart(d, at, rng); // it would run past the hold, or cannot happen here: skip it
        return;
      }
      d.episode = { kind: trouble.episode, from: at, until: at + length, depth };
      d.nextAt = busyUntil;
      return;
    }
    const ends = at + length;
    if (d.hold && ends >= d.hold.at) {
      d.nextAt = nextStart(d, at, rng); // it would run past the hold: skip it
      return;
    }
    d.own = trouble.status;
    d.nextAt = ends;
    return;
  }
  // The end of an outage, failover or reboot; an installation; or an unknown device's first report.
  d.own = 'online';
  delete d.episode;
  d.nextAt = nextStart(d, at, rng);
}

/** Status faults and episodes of a kind, in one list (their rates add up). */
const troubles = (kind: DeviceKind): readonly Trouble[] => [...FAULTS[kind], ...EPISODES[kind]];
const TROUBLES: Readonly<Record<DeviceKind, readonly Trouble[]>> = {
  firewall: troubles('firewall'),
  '5g': troubles('5g'),
  'access-point': troubles('access-point'),
  switch: troubles('switch'),
};
const troublesOf = (kind: DeviceKind): readonly Trouble[] => TROUBLES[kind];
const rate = (kind: DeviceKind) => TROUBLES[kind].reduce((sum, f) => sum + f.perHour, 0);
const TOTAL_RATE: Readonly<Record<DeviceKind, number>> = {
  firewall: rate('firewall'),
  '5g': rate('5g'),
  'access-point': rate('access-point'),
  switch: rate('switch'),
};

/** When the next trouble of an online device starts: exponential gaps at the kind's total rate. */
function nextStart(d: SimDevice, at: number, rng: Rng): number {
  return Math.min(at + exponential(TOTAL_RATE[d.kind], rng), d.hold?.at ?? Number.POSITIVE_INFINITY);
}

/** A gap in whole seconds (at least one) for a Poisson process with `perHour` events an hour. */
function exponential(perHour: number, rng: Rng): number {
  if (perHour <= 0) return Number.POSITIVE_INFINITY;
  const hours = -Math.log(1 - rng()) / perHour;
  return Math.max(SECOND, Math.round((hours * HOUR) / SECOND) * SECOND);
}

function pickTrouble(troubles: readonly Trouble[], rng: Rng): Trouble {
  const total = troubles.reduce((sum, f) => sum + f.perHour, 0);
  let r = rng() * total;
  for (const f of troubles) {
    r -= f.perHour;
    if (r < 0) return f;
  }
  return troubles[troubles.length - 1] as Trouble;
}

/** Log-uniform between the bounds, in whole seconds: many short episodes, few long ones. */
function duration(span: { minMinutes: number; maxMinutes: number }, rng: Rng): number {
  const minutes = span.minMinutes * (span.maxMinutes / span.minMinutes) ** rng();
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

/** The sites' edge devices (positions) per organization and region, regions in order of first appearance. */
function regionIndex(devices: readonly SimDevice[]): number[][] {
  const siteEdge = new Set<string>();
  const byRegion = new Map<string, number[]>();
  for (const [i, d] of devices.entries()) {
    if (!isEdgeKind(d.kind) || d.region == null || siteEdge.has(d.siteId)) continue;
    siteEdge.add(d.siteId);
    const key = `${d.organizationId ?? ''}\u0000${d.region}`;
    const list = byRegion.get(key);
    if (list) list.push(i);
    else byRegion.set(key, [i]);
  }
  return [...byRegion.values()];
}

/**
 * A regional outage at `at`: picks a region with at least `minSites` edge devices online and free (no
 * episode, no hold within reach), takes 3–6 of them offline together until a common end plus a few
 * minutes' stagger each, and answers their positions (in fleet order). Nothing when no region qualifies.
 */
function regionalOutage(devices: SimDevice[], regions: readonly number[][], at: number, rng: Rng): number[] {
  const r = REGIONAL_OUTAGE;
  const latest = at + (r.maxMinutes + r.staggerMinutes) * MINUTE;
  const free = (k: number) => {
    const d = devices[k] as SimDevice;
    return d.own === 'online' && !d.episode && !(d.hold && latest >= d.hold.at);
  };
  const eligible = regions.map((list) => list.filter(free)).filter((list) => list.length >= r.minSites);
  if (eligible.length === 0) return [];
  const group = [...pick(rng, eligible)];
  const n = Math.min(group.length, between(rng, r.minSites, r.maxSites));
  for (let j = 0; j < n; j++) {
    const k = j + Math.floor(rng() * (group.length - j));
    [group[j], group[k]] = [group[k] as number, group[j] as number];
  }
  const chosen = group.slice(0, n).sort((a, b) => a - b);
  const base = duration(r, rng);
  for (const k of chosen) {
    const d = devices[k] as SimDevice;
    d.own = 'offline';
    d.nextAt = at + base + Math.round((rng() * r.staggerMinutes * MINUTE) / SECOND) * SECOND;
  }
  return chosen;
}

/** How far a fade pushes the readings down at `t`: setting in, held until `until`, then drifting home. */
function fadeOffset(e: ActiveEpisode, t: number): SignalOffset | undefined {
  const share =
    t < e.from
      ? 0
      : t < e.until
        ? Math.min(1, (t - e.from) / FADE_IN_MS)
        : Math.max(0, 1 - (t - e.until) / FADE_OUT_MS);
  if (share <= 0) return undefined;
  const { min, max } = FADE_DROP;
  return {
    rsrp: share * (min.rsrp + (max.rsrp - min.rsrp) * e.depth),
    rsrq: share * (min.rsrq + (max.rsrq - min.rsrq) * e.depth),
    sinr: share * (min.sinr + (max.sinr - min.sinr) * e.depth),
    rssi: share * (min.rssi + (max.rssi - min.rssi) * e.depth),
  };
}

/**
 * One drift step: the readings' deviation from where they drift to (home, less any fade) shrinks towards
 * nothing, plus a random step scaled to the step's length, kept in range. Answers the fade now applied.
 */
function driftSignal(
  signal: ModemSignal,
  home: SignalValues | null,
  fade: SignalOffset | undefined,
  applied: SignalOffset | undefined,
  seed: number,
  key: number,
  t: number,
  stepMs: number,
): SignalOffset | undefined {
  const keep = Math.exp(-stepMs / MINUTE / SIGNAL_RETURN_MINUTES);
  const spread = Math.sqrt(1 - keep * keep);
  const minute = Math.floor(t / MINUTE);
  for (const [n, metric] of SIGNAL_METRICS.entries()) {
    const value = signal[metric];
    if (value === null) continue;
    const base = home?.[metric] ?? value;
    const was = base - (applied?.[metric] ?? 0);
    const target = base - (fade?.[metric] ?? 0);
    const step = SIGNAL_SPREAD[metric] * spread * gauss(seed, key, minute, 10 + n);
    const [lo, hi] = SIGNAL_RANGES[metric];
    signal[metric] = round1(Math.min(hi, Math.max(lo, target + (value - was) * keep + step)));
  }
  return fade;
}

/**
 * One WAN probe: each edge device has its usual latency (20–42 ms) with a little noise and a rare
 * spike; on the LTE backup it is about 1.5× + 35 ms with more jitter. Loss is nil but for a rare 1–2 %
 * blip; a congested WAN adds 120–250 ms ping, 30–60 ms jitter and 3–15 % loss.
 */
function wanSample(
  deviceId: string,
  status: DeviceStatus,
  congested: boolean,
  seed: number,
  key: number,
  t: number,
): WanSample {
  const minute = Math.floor(t / MINUTE);
  const usual = 20 + 22 * noise(seed, key, 0, 1);
  const spike = noise(seed, key, minute, 2) < 0.01 ? 30 + 60 * noise(seed, key, minute, 3) : 0;
  const backup = status === 'onbackup';
  const ping = backup
    ? usual * 1.5 + 35 + 10 * gauss(seed, key, minute, 4)
    : usual + 4 * gauss(seed, key, minute, 4);
  const u = noise(seed, key, minute, 5);
  const jitter = (backup ? 6 + 14 * u : 1 + 5 * u) + spike / 4;
  let extraPing = 0;
  let extraJitter = 0;
  let loss = noise(seed, key, minute, 6) < (backup ? 0.02 : 0.01) ? 1 + noise(seed, key, minute, 7) : 0;
  if (congested) {
    const c = CONGESTION;
    extraPing = c.ping[0] + (c.ping[1] - c.ping[0]) * noise(seed, key, minute, 8);
    extraJitter = c.jitter[0] + (c.jitter[1] - c.jitter[0]) * noise(seed, key, minute, 9);
    loss = c.loss[0] + (c.loss[1] - c.loss[0]) * noise(seed, key, minute, 10);
  }
  return {
    deviceId,
    at: t,
    sourceInterface: backup ? 'LTE' : 'WAN',
    ipAddress: PROBE_TARGET,
    ping: round1(Math.max(5, ping + spike) + extraPing),
    jitter: round1(jitter + extraJitter),
    loss: round1(loss),
  };
}

/** About standard normal (a scaled sum of four uniforms), fixed by its inputs like `noise`. */
function gauss(seed: number, key: number, minute: number, salt: number): number {
  let sum = 0;
  for (let j = 0; j < 4; j++) sum += noise(seed, key, minute, salt * 4 + j);
  return (sum - 2) * Math.sqrt(3);
}
