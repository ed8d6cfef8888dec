/**
 * The simulator driver's answers to troubleshooting jobs (issue 4): each handler
 * reads the device as it is now, lets the simulator work out how long the action takes and what it
 * finds, waits that long (simulated time, so 1/SIM_SPEED of it in real time), then applies what the
 * action changes — a reboot through the live simulation, port states on the device row.
 */
import { DIAGNOSTIC_ACTIONS, type DiagnosticAction, type RebootResult } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { ModemSignal, PortMapping, Vlan } from '../../db/schema.ts';
import type { Db, DbOrTx } from '../../plugins/db.ts';
import type { AlertEngine } from '../alerts/engine.ts';
import { type Job, JobFailure, type JobHandler } from '../jobs/index.ts';
import {
  ACTION_MESSAGES,
  type ActionDevice,
  actionRefusal,
  lanPortStates,
  runAction,
} from '../simulator/actions/index.ts';
import type { Gateway } from './gateway.ts';

export type ActionDriverOptions = {
  db: Db;
  gateway: Pick<Gateway, 'reboot'>;
  seed: number;
  /** SIM_SPEED: simulated ms per real ms. */
  speed: number;
  /** The real clock (tests pass their own). */
  now?: () => number;
  /** The alert engine, told when a port action changed the device (the LAN-port-disabled alert). */
  alerts?: Pick<AlertEngine, 'evaluate' | 'committed'>;
  /** Waits while the device works (real ms; tests pass their own to act meanwhile). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
};

type ActionDeviceRow = {
  id: string;
  kind: ActionDevice['kind'];
  model: string;
  status: ActionDevice['status'];
  connection: NonNullable<ActionDevice['connection']>;
  last_boot: Date | null;
  vlans: Vlan[];
  port_mapping: PortMapping[];
  modem_signal_statistics: ModemSignal[];
  disabled_ports: number[];
};

/** The device as the troubleshooting actions read it (also the device edge's handlers). */
export async function loadActionDevice(db: Db, id: string): Promise<ActionDevice | null> {
  const { rows } = await db.execute<ActionDeviceRow>(sql`
    select id, kind, model, status, connection, last_boot, vlans, port_mapping, modem_signal_statistics,
      disabled_ports
    from devices where id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    model: row.model,
    status: row.status,
    connection: row.connection,
    lastBoot: row.last_boot,
    vlans: row.vlans,
    portMapping: row.port_mapping,
    modemSignalStatistics: row.modem_signal_statistics,
    disabledPorts: row.disabled_ports,
  };
}

/** Waits `ms`, or throws as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sets the device's disabled LAN ports: `ports` added to them, none (revert), or `exactly` these (what a real
 * device answers); answers them.
 */
async function writeDisabledPorts(
  db: DbOrTx,
  id: string,
  ports: readonly number[] | 'none' | { exactly: readonly number[] },
): Promise<number[]> {
  const list = (p: readonly number[]) => `{${[...new Set(p)].sort((a, b) => a - b).join(',')}}`;
  const { rows } = await db.execute<{ disabled_ports: number[] }>(
    ports === 'none'
      ? sql`update devices set disabled_ports = '{}' where id = ${id} returning disabled_ports`
      : 'exactly' in ports
        ? sql`update devices set disabled_ports = ${list(ports.exactly)}::integer[] where id = ${id}
            returning disabled_ports`
        : sql`update devices set disabled_ports = array(
            select distinct p from unnest(disabled_ports || ${list(ports)}::integer[]) p order by p)
          where id = ${id} returning disabled_ports`,
  );
  return rows[0]?.disabled_ports ?? [];
}

/** The ports off once `change` is applied to those off now (as `writeDisabledPorts` stores it). */
function portsAfter(off: readonly number[], change: readonly number[] | 'none'): number[] {
  return change === 'none' ? [] : [...new Set([...off, ...change])].sort((a, b) => a - b);
}

/**
 * Writes the device's disabled ports and re-evaluates its alerts (the LAN-port-disabled alert) in one
 * transaction, then publishes the alert changes; answers the disabled ports. Shared by the simulator's handlers
 * and the device edge's.
 */
export async function applyDisabledPorts(
  db: Db,
  alerts: Pick<AlertEngine, 'evaluate' | 'committed'> | undefined,
  id: string,
  ports: readonly number[] | 'none' | { exactly: readonly number[] },
  nowMs: number,
): Promise<number[]> {
  const { disabled, changes } = await db.transaction(async (tx) => {
    const disabled = await writeDisabledPorts(tx, id, ports);
    return { disabled, changes: (await alerts?.evaluate(tx, [id], nowMs)) ?? [] };
  });
  alerts?.committed(changes);
  return disabled;
}

/**
 * The simulator's answer to one command (a troubleshooting action) for one of its devices: its result, or a
 * JobFailure with the simulator's words. What the device does meanwhile happens here too: a reboot goes through
 * the live simulation, a port action writes the device's disabled ports and re-evaluates its alerts.
 */
export type AnswerCommand = (
  deviceId: string,
  action: DiagnosticAction,
  params: unknown,
  signal: AbortSignal,
) => Promise<unknown>;

/**
 * The simulator's answers (see AnswerCommand): one function, used by its in-process job handlers (below) and by
 * its devices on the broker (sim-devices.ts), so both answer alike. `recordPorts: false` (a device on the broker):
 * a port action answers the ports as the device now keeps them and writes nothing, since the device edge's
 * handler records them from the answer, as it does a real device's.
 */
export function createCommandAnswerer(
  options: ActionDriverOptions,
  { recordPorts = true }: { recordPorts?: boolean } = {},
): AnswerCommand {
  const { db, gateway, seed, speed } = options;
  const now = options.now ?? Date.now;
  const wait = options.wait ?? sleep;

  return async (deviceId, action, params, signal) => {
    const device = await loadActionDevice(db, deviceId);
    if (!device) throw new JobFailure(ACTION_MESSAGES.offline);
    const run = runAction(device, action, params, { seed, nowMs: now() });
    await wait(run.durationMs / speed, signal);
    if (!run.outcome.ok) throw new JobFailure(run.outcome.error);
    const result = run.outcome.result;
    switch (action) {
      case 'reboot': {
        const planned = result as RebootResult;
        const downMs = Date.parse(planned.expectedBackAt) - Date.parse(planned.rebootedAt);
        const episode = await gateway.reboot(device.id, downMs / speed, now);
        if (!episode) {
          const current = await loadActionDevice(db, device.id);
          throw new JobFailure((current && actionRefusal(current, action)) ?? ACTION_MESSAGES.offline);
        }
        return {
          rebootedAt: new Date(episode.atMs).toISOString(),
          expectedBackAt: new Date(episode.backAtMs).toISOString(),
        } satisfies RebootResult;
      }
      case 'disableLanPorts':
      case 'revertLanPorts': {
        // Only the requested ports are added to those off now: a revert may have run meanwhile.
        const requested = (params as { ports?: number[] } | null | undefined)?.ports ?? [];
        const change = action === 'revertLanPorts' ? 'none' : requested;
        const disabled = recordPorts
          ? await applyDisabledPorts(db, options.alerts, device.id, change, now())
          : portsAfter((await loadActionDevice(db, device.id))?.disabledPorts ?? [], change);
        return lanPortStates(device, disabled);
      }
      default:
        return result;
    }
  };
}

/** A handler for every troubleshooting action, answering in process through the simulator and the live gateway. */
export function createActionHandlers(options: ActionDriverOptions): Record<DiagnosticAction, JobHandler> {
  const answer = createCommandAnswerer(options);
  const handle: JobHandler = (job: Job, signal: AbortSignal) =>
    answer(job.deviceId, job.action as DiagnosticAction, job.params, signal);
  return Object.fromEntries(DIAGNOSTIC_ACTIONS.map((a) => [a, handle])) as Record<
    DiagnosticAction,
    JobHandler
  >;
}
