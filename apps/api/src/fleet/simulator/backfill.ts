/**
 * History at first seed: 30 days of status events, intervals, WAN samples and daily rollups for a
 * fleet, ending in each device's current status, plus the live state to carry on from.
 */
import { mulberry32 } from '../seed-fleet.ts';
import {
  DAY,
  edgeStatusBySite,
  type FleetDevice,
  firstDue,
  initialState,
  MINUTE,
  nextRegionalOutage,
  type Rng,
  reportedStatus,
  SECOND,
  type SimDevice,
  type SimState,
  type StatusEvent,
  signalHomeOf,
  simulate,
  type WanSample,
  whereIs,
} from './engine.ts';
import { applyEvents, dailyRollups, type StatusInterval } from './intervals.ts';
import { FAULTS, isCycling, isEdgeKind, isUp } from './transitions.ts';
import { type DeviceDay, withUsage } from './usage.ts';

export type BackfillOptions = {
  seed: number;
  /** The end of history, in ms (rounded down to the second): the devices' statuses are those of now. */
  now: number;
  /** Whole UTC days of history before today; default 30. History starts at that midnight. */
  days?: number;
  /**
   * WAN sample spacing for history; default 5 minutes (150 edge devices × 30 days is then ~1.3 M
   * rows instead of ~6.5 M at the live one-minute rate). Signal drifts in steps of the same size.
   */
  sampleEveryMs?: number;
};

export type BackfillResult = {
  /** History covers [from, to): from = midnight UTC `days` days before today, to = now. */
  from: number;
  to: number;
  events: StatusEvent[];
  /** Per device, no gap and no overlap over [from, to); the last one open, in the device's current status. */
  intervals: StatusInterval[];
  samples: WanSample[];
  /**
   * One row per device per complete day (`days` rows each); today is not rolled up yet. With the day's
   * WAN bytes, and the carrier's backup usage for the days it had reported by `to` (yesterday's may not be).
   */
  rollups: DeviceDay[];
  /** The live simulation's state at `to`, with the drifted signals. */
  state: SimState;
};

/**
 * Backfills a fleet deterministically from `seed`. Devices must be consistent with their site's
 * edge device as `generateFleet` makes them: behind an edge device that is down, a LAN device is
 * offline; behind a pending or uninstalled one it shares that status. Devices in a status the
 * simulator does not cycle (pending, uninstalled, error, unknown) keep it for the whole history;
 * the others start online and reach their current status at a plausible time before now.
 */
export function backfill(devices: readonly FleetDevice[], options: BackfillOptions): BackfillResult {
  const days = options.days ?? 30;
  const rng = mulberry32(options.seed);
  const to = Math.floor(options.now / SECOND) * SECOND;
  const from = Math.floor(to / DAY) * DAY - days * DAY;

  const start = startState(devices, options.seed, from, to, rng);
  const run = simulate(start, from, to, rng, { sampleEveryMs: options.sampleEveryMs ?? 5 * MINUTE });
  const opened = start.devices.map(
    (d): StatusInterval => ({ deviceId: d.id, status: d.status, from, to: null }),
  );
  const intervals = applyEvents(opened, run.events);
  const kinds = new Map(devices.map((d) => [d.id, d.kind]));
  const state = initialState(
    run.state.devices.map(({ id, kind, siteId, organizationId, region, status, signal }) => ({
      id,
      kind,
      siteId,
      ...whereIs({ organizationId, region }),
      status,
      modemSignalStatistics: signal ? [signal] : [],
    })),
    options.seed,
    to,
    rng,
  );
  return {
    from,
    to,
    events: run.events,
    intervals,
    samples: run.samples,
    rollups: withUsage(options.seed, dailyRollups(intervals, from, days), (id) => kinds.get(id), to),
    state,
  };
}

/**
 * The fleet at the start of history: cycling devices online, each holding for its current status
 * from `to − age` (a LAN device offline only because of its edge device just stays up itself).
 */
function startState(devices: readonly FleetDevice[], seed: number, from: number, to: number, rng: Rng) {
  const edges = edgeStatusBySite(devices);
  const sims = devices.map((d): SimDevice => {
    const edge = isEdgeKind(d.kind) ? undefined : edges.get(d.siteId);
    const signal = d.modemSignalStatistics?.[0] ?? null;
    const base = {
      id: d.id,
      kind: d.kind,
      siteId: d.siteId,
      ...whereIs(d),
      nextAt: Number.POSITIVE_INFINITY,
      signal: signal && { ...signal },
      signalHome: signal && signalHomeOf(signal),
    };
    if (!isCycling(d.status)) return { ...base, status: d.status, own: d.status };
    const following = edge !== undefined && !isUp(edge) && d.status === 'offline';
    const hold =
      following || d.status === 'online'
        ? { at: to, status: 'online' as const }
        : { at: to - currentAge(d, rng), status: d.status };
    const edgeAtStart = edge === undefined || !isCycling(edge) ? edge : 'online';
    return { ...base, status: reportedStatus('online', edgeAtStart), own: 'online', hold };
  });
  for (const d of sims) if (d.hold) d.nextAt = firstDue(d, from, false, rng);
  return { seed, devices: sims, regionalAt: nextRegionalOutage(from, rng) };
}

/** How long a device has been in its current trouble: up to the longest such episode for its kind. */
function currentAge(d: FleetDevice, rng: Rng): number {
  const longest = FAULTS[d.kind].find((f) => f.status === d.status)?.maxMinutes ?? 60;
  return Math.max(1, Math.round(rng() * longest * 60)) * SECOND;
}
