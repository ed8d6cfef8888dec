/**
 * The fleet gateway with the simulator driver: keeps the live simulation's state in memory and, every tick,
 * advances it to the current time. What happened — status changes, heartbeats, WAN samples and drifted signals —
 * each simulated device then publishes over the device protocol (sim-messages.ts, through its connection to the
 * broker: sim-devices.ts), and the device edge's ingest records it as it records a real device's reports (status
 * periods, the device row, alerts, live events, samples). About once a minute after a tick, the days that ended
 * are rolled up and the carrier's backup usage filled in as it comes due (`daily.ts`). Ticks never overlap; a
 * message a device could not deliver is logged (its connection resends what it had not been acknowledged).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../plugins/db.ts';
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
import type { SimDeviceLink, SimMessage } from './sim-messages.ts';
import { statusMessage, tickMessages } from './sim-messages.ts';
import { type GatewayDevice, iso, loadDevices, loadOpenIntervals, type OpenInterval } from './sql.ts';
import { insertOpen } from './status-records.ts';

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
  /**
   * The simulated devices' connections (sim-devices.ts; tests may route in process): what happens is published
   * through them. Attach later with `attachDevices` (the devices connect after the gateway starts); until then
   * ticks are skipped.
   */
  devices?: SimDeviceLink;
};

export type TickResult =
  | { skipped: true }
  | {
      skipped: false;
      events: StatusEvent[];
      samples: number;
      signals: boolean;
      /** Messages the devices published and had acknowledged, and those they could not deliver. */
      sent: number;
      failed: number;
      error?: unknown;
    };

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
  /** Where the simulated devices publish (their connections to the broker); ticks wait for it. */
  attachDevices: (link: SimDeviceLink) => void;
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
  const start = Math.floor(options.now);
  const devices = await loadDevices(db);
  const byId = new Map(devices.map((d) => [d.id, d]));
  await reconcileOpenIntervals(db, devices, await loadOpenIntervals(db), start);

  const rng = mulberry32(seed);
  const clock = simClock(start, speed);
  let state = initialState(devices, seed, clock.toSim(start), rng);
  let link = options.devices;
  /** Reports of devices that lost their cloud connection, sent once they are heard from again. */
  const held = new Map<string, SimMessage[]>();
  let last = start;
  let lastSignals = start;
  let lastDaily = Number.NEGATIVE_INFINITY;
  // A tick or a command in progress: they never overlap.
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** Publishes the messages through the devices' connections; a failure is logged, not retried here. */
  async function deliver(
    to: SimDeviceLink,
    messages: readonly SimMessage[],
    now: number,
  ): Promise<{ sent: number; failed: number; error?: unknown }> {
    try {
      const outcome = await to.deliver(messages, now);
      if (outcome.failed > 0)
        log.warn(
          { failed: outcome.failed, sent: outcome.sent },
          'simulated devices could not deliver some messages',
        );
      return outcome;
    } catch (error) {
      log.error({ err: error }, 'simulated devices could not deliver their messages');
      return { sent: 0, failed: messages.length, error };
    }
  }

  async function advance(to: SimDeviceLink, now: number): Promise<TickResult> {
    const none = { skipped: false as const, events: [], samples: 0, signals: false, sent: 0, failed: 0 };
    if (now <= last) return none;
    const run = simulate(state, clock.toSim(last), clock.toSim(now), rng, { sampleEveryMs: MINUTE * speed });
    const toReal = (simMs: number) => Math.round(clock.toReal(simMs));
    const events = run.events.map((e) => ({ ...e, at: toReal(e.at) }));
    const samples = run.samples.map((s) => ({ ...s, at: toReal(s.at) }));
    const signals = now - lastSignals >= SIGNAL_WRITE_MS;
    const simNow = clock.toSim(now);
    const messages = tickMessages(
      {
        now,
        events,
        samples,
        devices: run.state.devices.map((d) => ({
          id: d.id,
          kind: d.kind,
          status: d.status,
          // Devices that lost their cloud connection send nothing until they are back.
          silent: isSilent(d, simNow),
          signal: signals ? d.signal : null,
        })),
      },
      held,
    );
    // What the simulator decided has happened, whether or not every message got through (a device's connection
    // resends what was not acknowledged).
    state = run.state;
    last = now;
    if (signals) lastSignals = now;
    const outcome = await deliver(to, messages, now);
    if (now - lastDaily >= DAILY_CHECK_MS) {
      lastDaily = now;
      // After the tick's reports are stored, so a day that just ended is rolled up with its last changes.
      await keepDailyFigures(db, seed, now).catch((err: unknown) =>
        log.error({ err }, 'rolling up the daily figures failed'),
      );
    }
    return { ...none, events, samples: samples.length, signals, ...outcome };
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
    const to = link;
    if (!to) return false;
    await advance(to, nowMs);
    const device = state.devices.find((d) => d.id === deviceId);
    if (!device || !isUp(device.status)) return false;
    const started = startEpisode(state, deviceId, clock.toSim(last), status, clock.toSim(backAtMs));
    if (!started) return false;
    const messages = started.events.flatMap((e) => {
      const d = byId.get(e.deviceId);
      const message = d && statusMessage(d, { ...e, at: Math.round(clock.toReal(e.at)) });
      return message ? [message] : [];
    });
    state = started.state;
    // The device was heard from (it says it is going down): what it kept goes first.
    const kept = held.get(deviceId) ?? [];
    held.delete(deviceId);
    const outcome = await deliver(to, [...kept, ...messages], last);
    if (outcome.failed > 0) throw new Error('The simulated device could not report its status change.');
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
      const to = link;
      if (running || !to) return Promise.resolve({ skipped: true });
      return exclusive(() => advance(to, now));
    },
    attachDevices(devices) {
      link = devices;
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

/**
 * Opens a status period from `now` for devices without one, or whose open one disagrees with the device (the
 * simulator's housekeeping of its own records at start, before its devices report).
 */
async function reconcileOpenIntervals(
  db: Db,
  devices: readonly GatewayDevice[],
  open: Map<string, OpenInterval>,
  now: number,
): Promise<void> {
  const fix = devices.filter((d) => open.get(d.id)?.status !== d.status);
  if (fix.length === 0) return;
  await db.transaction(async (tx) => {
    for (const d of fix) {
      const current = open.get(d.id);
      const at = Math.max(now, current?.from ?? now);
      await tx.execute(sql`update device_status_intervals set ended_at = ${iso(at)}
        where device_id = ${d.id} and ended_at is null`);
      await insertOpen(tx, d, d.status, at);
    }
  });
}
