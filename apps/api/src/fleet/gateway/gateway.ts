/**
 * The fleet gateway with the simulator driver: keeps the live simulation's state
 * in memory and, every tick, advances it to the current time and records what happened — status
 * changes (devices and their status intervals), heartbeats, last boots, WAN samples and drifted
 * signals — in one transaction; about once a minute after it, the days that ended are rolled up and the
 * carrier's backup usage filled in as it comes due (`daily.ts`). Ticks never overlap; a failed tick is logged and the next one
 * simulates the same span again.
 */
import type { LiveEvent } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../plugins/db.ts';
import type { AlertChange, AlertEngine } from '../alerts/engine.ts';
import { mulberry32 } from '../seed-fleet.ts';
import {
  initialState,
  isSilent,
  isUp,
  MINUTE,
  type SimState,
  type StatusEvent,
  simClock,
  simulate,
  startEpisode,
} from '../simulator/index.ts';
import { keepDailyFigures } from './daily.ts';
import {
  arr,
  type GatewayDevice,
  insertSamples,
  iso,
  loadDevices,
  loadOpenIntervals,
  type OpenInterval,
  writeSignals,
} from './sql.ts';
import { insertOpen, publishStatusEvents, recordEvents } from './status-records.ts';

export const TICK_MS = 5_000;
/** Drifted signals are written about once a real minute (they drift every simulated sample step). */
export const SIGNAL_WRITE_MS = 60_000;
/** Complete days are rolled up and due carrier figures filled in at most this often (real ms). */
export const DAILY_CHECK_MS = 60_000;

export type GatewayOptions = {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  seed: number;
  /** SIM_SPEED: simulated ms per real ms. */
  speed: number;
  /** Real ms the simulation starts from (server start); the clock is anchored here. */
  now: number;
  /** The alert engine: told, in the same transaction, which devices changed (docs/decisions/alerts-and-notifications.md). */
  alerts?: AlertEngine;
  /** Live events (the event bus): told each status change once its tick or reboot is committed. */
  publish?: (organizationId: string, event: LiveEvent) => void;
};

export type TickResult =
  | { skipped: true }
  | { skipped: false; events: StatusEvent[]; samples: number; signals: boolean; error?: unknown };

/** A reboot or outage as it happened: real ms when the device went down and when it is due back. */
export type Episode = { atMs: number; backAtMs: number };

export type Gateway = {
  /** Advances the simulation to `nowMs` (real) and records it; a tick while one runs is skipped. */
  tick: (nowMs: number) => Promise<TickResult>;
  /** Ticks every `everyMs` of real time until `stop`. */
  run: (everyMs?: number) => void;
  /**
   * Reboots a device asked for from the console (a troubleshooting job). Serialized with ticks: once
   * a running tick has finished, the simulation is brought up to `now()` (real), then the device goes
   * `rebooting` — and the LAN devices behind it `offline` — for `downMs` (real), when it comes back
   * online with its last boot then. The downtime counts from when the device really went down, not
   * from when it was asked for, so a slow tick does not shorten it. Answers the real start and end, or
   * null (and changes nothing) when the device is not up or not in the fleet.
   */
  reboot: (deviceId: string, downMs: number, now?: () => number) => Promise<Episode | null>;
  /** Like `reboot`, but the device goes `offline` (a power or line outage, from the demo's dev control). */
  outage: (deviceId: string, downMs: number, now?: () => number) => Promise<Episode | null>;
  /** The simulated clock (SIM_SPEED) the gateway runs on. */
  readonly clock: ReturnType<typeof simClock>;
  /** Stops the loop and waits for a running tick to finish (call before the pool closes). */
  stop: () => Promise<void>;
  /** The live state (for tests and diagnostics). */
  readonly state: SimState;
};

/**
 * Loads the fleet from the database and makes it ready to tick from `now`: a device without a current
 * status period (added after the history was written) gets one from `now`, as does one whose record
 * disagrees with its status. Restarts continue from the stored statuses (no history is replayed).
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { db, log, seed, speed } = options;
  const announce = (events: readonly StatusEvent[]) => {
    if (options.publish) publishStatusEvents(options.publish, events, byId, log);
  };
  const start = Math.floor(options.now);
  const devices = await loadDevices(db);
  const byId = new Map(devices.map((d) => [d.id, d]));
  let open = await reconcileOpenIntervals(db, devices, await loadOpenIntervals(db), start);

  const rng = mulberry32(seed);
  const clock = simClock(start, speed);
  let state = initialState(devices, seed, clock.toSim(start), rng);
  let last = start;
  let lastSignals = start;
  let lastDaily = Number.NEGATIVE_INFINITY;
  // A tick or a command in progress: they never overlap.
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function advance(now: number): Promise<TickResult> {
    if (now <= last) return { skipped: false, events: [], samples: 0, signals: false };
    const run = simulate(state, clock.toSim(last), clock.toSim(now), rng, { sampleEveryMs: MINUTE * speed });
    const toReal = (simMs: number) => Math.round(clock.toReal(simMs));
    const events = run.events.map((e) => ({ ...e, at: toReal(e.at) }));
    const samples = run.samples.map((s) => ({ ...s, at: toReal(s.at) }));
    const signals = now - lastSignals >= SIGNAL_WRITE_MS;
    const nextOpen = new Map(open);
    let alertChanges: AlertChange[] = [];
    try {
      await db.transaction(async (tx) => {
        await recordEvents(tx, events, byId, nextOpen);
        // Heartbeats: every device that is up reported just now, but those that lost their cloud connection.
        const simNow = clock.toSim(now);
        const up = run.state.devices.filter((d) => isUp(d.status) && !isSilent(d, simNow)).map((d) => d.id);
        if (up.length > 0)
          await tx.execute(
            sql`update devices set last_update = ${iso(now)} where id = any(${arr(up)}::uuid[])`,
          );
        await insertSamples(tx, samples);
        if (signals) {
          await writeSignals(
            tx,
            run.state.devices.flatMap((d) => (d.signal ? [{ id: d.id, signal: d.signal }] : [])),
          );
        }
        alertChanges = await evaluateAlerts(tx, events, now);
      });
    } catch (error) {
      // Nothing was written; the next tick simulates this span again (with the rng further on).
      log.error({ err: error }, 'simulator tick failed');
      return { skipped: false, events: [], samples: 0, signals: false, error };
    }
    state = run.state;
    open = nextOpen;
    last = now;
    if (signals) lastSignals = now;
    announce(events);
    options.alerts?.committed(alertChanges);
    if (now - lastDaily >= DAILY_CHECK_MS) {
      lastDaily = now;
      // After the tick's commit, so a day that just ended is rolled up with its last changes.
      await keepDailyFigures(db, seed, now).catch((err: unknown) =>
        log.error({ err }, 'rolling up the daily figures failed'),
      );
    }
    return { skipped: false, events, samples: samples.length, signals };
  }

  /** The devices whose status changed, re-evaluated by the alert engine in the transaction that recorded them. */
  function evaluateAlerts(tx: DbOrTx, events: readonly StatusEvent[], now: number): Promise<AlertChange[]> {
    if (!options.alerts || events.length === 0) return Promise.resolve([]);
    return options.alerts.evaluate(tx, [...new Set(events.map((e) => e.deviceId))], now);
  }

  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const current = work().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };

  async function episode(
    deviceId: string,
    status: 'rebooting' | 'offline',
    nowMs: number,
    backAtMs: number,
  ): Promise<boolean> {
    await advance(nowMs);
    const device = state.devices.find((d) => d.id === deviceId);
    if (!device || !isUp(device.status)) return false;
    const started = startEpisode(state, deviceId, clock.toSim(last), status, clock.toSim(backAtMs));
    if (!started) return false;
    const events = started.events.map((e) => ({ ...e, at: Math.round(clock.toReal(e.at)) }));
    const nextOpen = new Map(open);
    const alertChanges = await db.transaction(async (tx) => {
      await recordEvents(tx, events, byId, nextOpen);
      return evaluateAlerts(tx, events, last);
    });
    state = started.state;
    open = nextOpen;
    announce(events);
    options.alerts?.committed(alertChanges);
    return true;
  }

  /** A reboot or outage asked for from outside, serialized with ticks; it starts once it holds the turn. */
  const command =
    (status: 'rebooting' | 'offline') =>
    async (deviceId: string, downMs: number, now: () => number = Date.now): Promise<Episode | null> => {
      while (running) await running.catch(() => undefined);
      if (stopped) return null;
      return exclusive(async () => {
        const atMs = now();
        const backAtMs = atMs + downMs;
        return (await episode(deviceId, status, atMs, backAtMs)) ? { atMs, backAtMs } : null;
      });
    };

  const gateway: Gateway = {
    tick(now) {
      if (running) return Promise.resolve({ skipped: true });
      return exclusive(() => advance(now));
    },
    reboot: command('rebooting'),
    outage: command('offline'),
    clock,
    run(everyMs = TICK_MS) {
      if (timer || stopped) return;
      timer = setInterval(() => {
        if (running) return; // never overlap: this tick is skipped, the next one covers its span
        void gateway.tick(Date.now());
      }, everyMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    get state() {
      return state;
    },
  };
  log.info(`Simulator running: ${devices.length} devices, SIM_SPEED ${speed}, seed ${seed}`);
  return gateway;
}

/** Opens a status period from `now` for devices without one, or whose open one disagrees with the device. */
async function reconcileOpenIntervals(
  db: Db,
  devices: readonly GatewayDevice[],
  open: Map<string, OpenInterval>,
  now: number,
): Promise<Map<string, OpenInterval>> {
  const fix = devices.filter((d) => open.get(d.id)?.status !== d.status);
  if (fix.length === 0) return open;
  await db.transaction(async (tx) => {
    for (const d of fix) {
      const current = open.get(d.id);
      const at = Math.max(now, current?.from ?? now);
      await tx.execute(sql`update device_status_intervals set ended_at = ${iso(at)}
        where device_id = ${d.id} and ended_at is null`);
      await insertOpen(tx, d, d.status, at);
      open.set(d.id, { status: d.status, from: at });
    }
  });
  return open;
}
