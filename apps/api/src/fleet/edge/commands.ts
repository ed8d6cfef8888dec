/**
 * Commands to devices that report over MQTT (docs/device-protocol.md, section 4): the sender publishes a
 * command on the device's `commands` topic (QoS 1: a device with a persistent session gets it when it comes
 * back) and waits for its answer on `results`; the job handlers run the console's troubleshooting actions
 * through it, and `routeJobsByDriver` gives each job to the driver of its device.
 */
import { randomUUID } from 'node:crypto';
import {
  ACTION_SCHEMAS,
  type DeviceCommand,
  type DeviceCommandName,
  DeviceCommandResultSchema,
  DRIVER_REFUSALS,
  deviceTopic,
  JOB_ACTIONS,
  type JobAction,
  type PortsResult,
  PortsResultSchema,
} from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/db.ts';
import type { AlertEngine } from '../alerts/engine.ts';
import { applyDisabledPorts, loadActionDevice } from '../gateway/actions.ts';
import { JobFailure, type JobHandler } from '../jobs/index.ts';
import { ACTION_MESSAGES, actionRefusal } from '../simulator/actions/index.ts';
import type { EdgeLog } from './messages.ts';

export const COMMAND_MESSAGES = {
  noAnswer: 'The device did not answer in time.',
  unreadable: 'The device answered something vNOC cannot read.',
  interrupted: 'vNOC restarted before the device answered. Run the action again.',
  /** The API refuses such a job (contracts' deviceCapabilities); one queued before that still fails at once. */
  openwisp: DRIVER_REFUSALS.openwisp,
  simulatorStopped: 'This device is simulated and the simulator is not running.',
} as const;

/** How long the device may take per action (ms); it gives up and answers a failure after that. */
export const ACTION_TIMEOUTS_MS: Record<JobAction, number> = {
  reboot: 30_000,
  wantest: 60_000,
  lanpingtest: 60_000,
  systemTest: 30_000,
  speedtest: 120_000,
  traceroute: 120_000,
  disableLanPorts: 30_000,
  revertLanPorts: 30_000,
  confirmLanPorts: 30_000,
};

/** What a device answers to each job's command (confirming answers the ports as it keeps them). */
const resultSchemaOf = (action: JobAction) =>
  action === 'confirmLanPorts' ? PortsResultSchema : ACTION_SCHEMAS[action].result;
/** Jobs that change which ports are off (confirming keeps them as they are, and says so). */
const PORT_JOBS: readonly JobAction[] = ['disableLanPorts', 'revertLanPorts', 'confirmLanPorts'];

/** What the sender needs of an MQTT client (mqtt.js's `MqttClient` has it). */
export type CommandPublisher = {
  publishAsync: (topic: string, message: string, options: { qos: 1 }) => Promise<unknown>;
};

export type CommandSender = {
  /**
   * Sends the command and answers the device's result; throws JobFailure with the device's words when it
   * answered a failure, or when it answered nothing within `timeoutMs` (plus the sender's grace).
   */
  send: (
    deviceId: string,
    action: DeviceCommandName,
    params: Record<string, unknown>,
    timeoutMs: number,
    signal?: AbortSignal,
  ) => Promise<unknown>;
  /** A message from a device's `results` topic (parsed JSON): settles the command it answers. */
  onResult: (deviceId: string, body: unknown) => void;
  /** Commands waiting for their answer. */
  readonly pending: number;
};

export type CommandSenderOptions = {
  client: CommandPublisher;
  log: EdgeLog;
  now?: () => number;
  /** Waited beyond the device's own timeout for its failure answer to arrive; default 5 s. */
  graceMs?: number;
};

type Waiter = {
  deviceId: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
};

export function createCommandSender(options: CommandSenderOptions): CommandSender {
  const { client, log } = options;
  const now = options.now ?? Date.now;
  const graceMs = options.graceMs ?? 5_000;
  const waiting = new Map<string, Waiter>();

  return {
    get pending() {
      return waiting.size;
    },
    send(deviceId, action, params, timeoutMs, signal) {
      const command: DeviceCommand = { id: randomUUID(), action, params, timeoutMs, sentAt: now() };
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          waiting.delete(command.id);
        };
        const timer = setTimeout(() => {
          done();
          reject(new JobFailure(COMMAND_MESSAGES.noAnswer));
        }, timeoutMs + graceMs);
        // The command may already run on the device: the job fails rather than run it twice after a restart.
        const onAbort = () => {
          done();
          reject(new JobFailure(COMMAND_MESSAGES.interrupted));
        };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.set(command.id, {
          deviceId,
          resolve: (result) => {
            done();
            resolve(result);
          },
          reject: (error) => {
            done();
            reject(error);
          },
        });
        client
          .publishAsync(deviceTopic(deviceId, 'commands'), JSON.stringify(command), { qos: 1 })
          .catch((error: unknown) => {
            log.error({ err: error, deviceId, action }, 'publishing a device command failed');
            waiting.get(command.id)?.reject(new JobFailure(COMMAND_MESSAGES.noAnswer));
          });
      });
    },
    onResult(deviceId, body) {
      const parsed = DeviceCommandResultSchema.safeParse(body);
      if (!parsed.success) {
        log.warn({ deviceId }, 'a malformed command result was ignored');
        return;
      }
      const waiter = waiting.get(parsed.data.id);
      // Another worker's command, one that timed out, or (never through the broker's rules) another device's.
      if (!waiter || waiter.deviceId !== deviceId) return;
      if (parsed.data.ok) waiter.resolve(parsed.data.result);
      else waiter.reject(new JobFailure(parsed.data.error));
    },
  };
}

export type EdgeActionOptions = {
  db: Db;
  commands: Pick<CommandSender, 'send'>;
  /** Told when a port action changed the device (the LAN-port-disabled alert). */
  alerts?: Pick<AlertEngine, 'evaluate' | 'committed'>;
  now?: () => number;
  /** Per-action timeouts (tests shorten them); default ACTION_TIMEOUTS_MS. */
  timeoutsMs?: Partial<Record<JobAction, number>>;
};

/**
 * A handler for every troubleshooting job of a device that reports over MQTT (driver 'agent'): the console's
 * actions, and confirming disabled ports (`confirmLanPorts`).
 */
export function createEdgeActionHandlers(options: EdgeActionOptions): Record<JobAction, JobHandler> {
  const { db, commands } = options;
  const now = options.now ?? Date.now;

  const handle: JobHandler = async (job, signal) => {
    const action = job.action as JobAction;
    const device = await loadActionDevice(db, job.deviceId);
    if (!device) throw new JobFailure(ACTION_MESSAGES.offline);
    const refusal = actionRefusal(device, action);
    if (refusal) throw new JobFailure(refusal);
    const params = (job.params ?? {}) as Record<string, unknown>;
    const timeoutMs = options.timeoutsMs?.[action] ?? ACTION_TIMEOUTS_MS[action];
    const answer = await commands.send(device.id, action, params, timeoutMs, signal);
    const result = resultSchemaOf(action).safeParse(answer);
    if (!result.success) throw new JobFailure(COMMAND_MESSAGES.unreadable);
    if (PORT_JOBS.includes(action)) {
      // The device says which ports are off now; the console's record and the port alert follow it.
      const off = (result.data as PortsResult).ports.filter((p) => !p.enabled).map((p) => p.systemNumber);
      await applyDisabledPorts(db, options.alerts, device.id, { exactly: off }, now());
    }
    return result.data;
  };

  return Object.fromEntries(JOB_ACTIONS.map((a) => [a, handle])) as Record<JobAction, JobHandler>;
}

export type DriverHandlers = {
  /** The simulator's handlers, when the simulator runs. */
  simulator?: Readonly<Record<string, JobHandler>>;
  agent: Readonly<Record<string, JobHandler>>;
};

/**
 * One handler per job action that hands each job to the driver of its device (a simulated device has no
 * `confirmLanPorts`: the API refuses it, and a job of it would fail as an unknown action).
 */
export function routeJobsByDriver(db: Db, drivers: DriverHandlers): Record<JobAction, JobHandler> {
  const handle: JobHandler = async (job, signal) => {
    const { rows } = await db.execute<{ driver: string }>(
      sql`select driver from devices where id = ${job.deviceId}`,
    );
    const driver = rows[0]?.driver;
    if (driver === undefined) throw new JobFailure(ACTION_MESSAGES.offline);
    if (driver === 'openwisp') throw new JobFailure(COMMAND_MESSAGES.openwisp);
    const handlers = driver === 'agent' ? drivers.agent : drivers.simulator;
    if (!handlers) throw new JobFailure(COMMAND_MESSAGES.simulatorStopped);
    const handler = handlers[job.action];
    if (!handler) throw new JobFailure(`Unknown action: ${job.action}.`);
    return handler(job, signal);
  };
  return Object.fromEntries(JOB_ACTIONS.map((a) => [a, handle])) as Record<JobAction, JobHandler>;
}
