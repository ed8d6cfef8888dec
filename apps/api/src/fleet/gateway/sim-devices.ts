/**
 * The simulator's devices on the broker (issue 36: the simulator is one more client of the device protocol).
 * Each device the simulator drives connects to the broker like a real one (docs/device-protocol.md, sections 2
 * and 4): client id = username = its id, a secret issued at start (stored hashed as any device's, the plaintext
 * kept in this process's memory only), subscribed to its own `commands` topic. A command is answered by the
 * simulator (`AnswerCommand`, the same function its in-process job handlers use) and the answer published on
 * the device's `results` topic, so a troubleshooting job of a simulated device takes the same path as a real
 * device's. What the simulator decides happens to a device (its status changes, heartbeats, samples:
 * sim-messages.ts) it publishes on its own `report` and `state` topics (`deliver`), so the device edge's ingest
 * records it as it records a real device's; the embedded broker acknowledges a message once it is stored.
 *
 * With the embedded broker the connections are in-process streams (no sockets), a few hundred cost little.
 * Unlike a real device, a simulated one sets no last will and publishes no retained state: the simulator alone
 * says when it goes down (a will fired as the server stops would take the whole fleet offline), and a retained
 * `gone` would be read again by a gateway subscribing later, against what the simulator decided since.
 */
import type { Duplex } from 'node:stream';
import {
  type DeviceCommand,
  type DeviceCommandResult,
  DeviceCommandSchema,
  DIAGNOSTIC_ACTIONS,
  type DiagnosticAction,
  deviceTopic,
} from '@vnoc/contracts';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Db } from '../../plugins/db.ts';
import { COMMAND_MESSAGES } from '../edge/commands.ts';
import { issueDeviceSecret } from '../edge/credentials.ts';
import type { EdgeLog } from '../edge/messages.ts';
import { JobFailure, UNEXPECTED_ERROR } from '../jobs/index.ts';
import type { AnswerCommand } from './actions.ts';
import { byDevice, type SimDeviceLink, type SimMessage } from './sim-messages.ts';
import { loadDevices } from './sql.ts';

export type SimulatedDevicesOptions = {
  db: Db;
  log: EdgeLog;
  /** The embedded broker's in-process connection, or an external broker's URL (its credentials are not used). */
  connection: { stream: () => Duplex } | { url: string };
  /** MQTT 5 or 3.1.1 (default) on an external broker; the embedded broker speaks 3.1.1. */
  protocolVersion?: 4 | 5;
  answer: AnswerCommand;
  /** The devices to connect; default every device the simulator drives (driver 'simulator'). */
  devices?: readonly { id: string; organizationId: string }[];
};

export type SimulatedDevices = SimDeviceLink & {
  /** Settles once every device connected and subscribed, or was refused (an external broker may be away: later). */
  ready: Promise<void>;
  /** Whether this device is connected here and takes commands. */
  has: (deviceId: string) => boolean;
  /** Devices connected. */
  readonly size: number;
  /** Commands received and answered (or being answered). */
  readonly commandsReceived: number;
  /** Ends the answers under way (unanswered: the server is stopping) and the connections. */
  stop: () => Promise<void>;
};

/** Secrets issued at once (each a statement of its own). */
const ISSUE_CONCURRENCY = 8;

const SIMULATED_ACTIONS: readonly string[] = DIAGNOSTIC_ACTIONS;

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function startSimulatedDevices(options: SimulatedDevicesOptions): Promise<SimulatedDevices> {
  const { db, log, answer, connection } = options;
  const devices = options.devices ?? (await loadDevices(db));
  const clients = new Map<string, MqttClient>();
  /** Answers under way, by command id: aborted on stop; a command delivered again (QoS 1) is not run twice. */
  const running = new Map<string, AbortController>();
  let received = 0;
  let stopping = false;

  const secrets = new Map<string, string>();
  await eachLimited(devices, ISSUE_CONCURRENCY, async (d) => {
    secrets.set(d.id, await issueDeviceSecret(db, d.id, d.organizationId));
  });

  const publishResult = (client: MqttClient, deviceId: string, result: DeviceCommandResult) =>
    client
      .publishAsync(deviceTopic(deviceId, 'results'), JSON.stringify(result), { qos: 1 })
      .catch((error: unknown) =>
        log.warn({ err: error, deviceId }, 'a simulated device could not publish its command result'),
      );

  async function run(client: MqttClient, deviceId: string, command: DeviceCommand): Promise<void> {
    if (running.has(command.id)) return;
    received += 1;
    const controller = new AbortController();
    running.set(command.id, controller);
    // Like a real device, it gives up after the command's timeout and says so.
    const timer = setTimeout(
      () => controller.abort(new JobFailure(COMMAND_MESSAGES.noAnswer)),
      command.timeoutMs,
    );
    let result: DeviceCommandResult;
    try {
      if (!SIMULATED_ACTIONS.includes(command.action))
        throw new JobFailure(`Unknown action: ${command.action}.`);
      const value = await answer(
        deviceId,
        command.action as DiagnosticAction,
        command.params,
        controller.signal,
      );
      result = { id: command.id, ok: true, result: value };
    } catch (error) {
      if (stopping) return;
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      if (!(reason instanceof JobFailure))
        log.error(
          { err: error, deviceId, action: command.action },
          'a simulated device failed to answer a command',
        );
      result = {
        id: command.id,
        ok: false,
        error: reason instanceof JobFailure ? reason.message : UNEXPECTED_ERROR,
      };
    } finally {
      clearTimeout(timer);
      running.delete(command.id);
    }
    await publishResult(client, deviceId, result);
  }

  const base: IClientOptions = {
    clean: true,
    keepalive: 60,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    resubscribe: true,
  };
  const external =
    'url' in connection
      ? (() => {
          // The device's own credentials, never the gateway's that MQTT_URL may carry.
          const url = new URL(connection.url);
          url.username = '';
          url.password = '';
          return url.href;
        })()
      : undefined;

  const connect = (deviceId: string, secret: string): Promise<void> => {
    const clientOptions: IClientOptions = {
      ...base,
      clientId: deviceId,
      username: deviceId,
      password: secret,
    };
    const client =
      external !== undefined
        ? mqtt.connect(external, {
            ...clientOptions,
            protocolVersion: options.protocolVersion ?? 4,
          })
        : new mqtt.MqttClient(() => (connection as { stream: () => Duplex }).stream() as never, {
            ...clientOptions,
            protocolVersion: 4,
          });
    clients.set(deviceId, client);
    const commandsTopic = deviceTopic(deviceId, 'commands');
    client.on('message', (topic, payload) => {
      if (topic !== commandsTopic) return;
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        body = undefined;
      }
      const command = DeviceCommandSchema.safeParse(body);
      if (!command.success) {
        log.warn({ deviceId }, 'a simulated device ignored a malformed command');
        return;
      }
      void run(client, deviceId, command.data);
    });
    return new Promise((resolve, reject) => {
      client.on('error', (error: Error & { code?: unknown }) => {
        // Refused (CONNACK 4 or 5: its secret is not taken): it stops trying; its jobs stay in process.
        if (error.code === 4 || error.code === 5) {
          clients.delete(deviceId);
          void client.endAsync(true).catch(() => undefined);
          reject(error);
          return;
        }
        log.warn({ err: error, deviceId }, 'a simulated device connection had an error');
      });
      client.once('connect', () => {
        client.subscribeAsync(commandsTopic, { qos: 1 }).then(
          () => resolve(),
          (error: unknown) => {
            clients.delete(deviceId);
            void client.endAsync(true).catch(() => undefined);
            reject(error);
          },
        );
      });
    });
  };

  /**
   * Settles (rejects) once `stop` ends the connections: a publish then in flight is never acknowledged (mqtt.js keeps
   * it for a reconnection that will not come), and a tick waiting for it must end.
   */
  let endPublishing: (reason: Error) => void = () => undefined;
  const ended = new Promise<never>((_, reject) => {
    endPublishing = reject;
  });
  ended.catch(() => undefined);

  /** Publishes one device's messages in order, each once the previous was acknowledged (so they are stored in order). */
  async function publishInOrder(deviceId: string, messages: readonly SimMessage[]): Promise<number> {
    let sent = 0;
    for (const m of messages) {
      const client = clients.get(deviceId);
      if (!client || stopping) break;
      const topic = deviceTopic(deviceId, m.topic);
      await Promise.race([client.publishAsync(topic, JSON.stringify(m.body), { qos: 1 }), ended]);
      sent += 1;
    }
    return sent;
  }

  const connecting = devices.map((d) => connect(d.id, secrets.get(d.id) as string));
  secrets.clear();
  const ready = Promise.allSettled(connecting).then((started) => {
    const failed = started.filter((s) => s.status === 'rejected');
    if (failed.length > 0)
      log.warn(
        { count: failed.length, err: (failed[0] as PromiseRejectedResult).reason },
        'some simulated devices could not take commands over the broker; their jobs are answered in process',
      );
  });

  return {
    ready,
    has: (deviceId) => clients.has(deviceId),
    get size() {
      return clients.size;
    },
    get commandsReceived() {
      return received;
    },
    async deliver(messages) {
      let sent = 0;
      let firstError: unknown;
      await Promise.all(
        [...byDevice(messages)].map(([deviceId, list]) =>
          publishInOrder(deviceId, list).then(
            (n) => {
              sent += n;
            },
            (error: unknown) => {
              firstError ??= error;
            },
          ),
        ),
      );
      if (firstError !== undefined)
        log.warn({ err: firstError }, 'a simulated device could not publish its messages');
      return { sent, failed: messages.length - sent };
    },
    async stop() {
      stopping = true;
      endPublishing(new Error('the simulated devices stopped'));
      for (const controller of running.values()) controller.abort(new Error('the simulator is stopping'));
      await Promise.all(
        [...clients.values()].map((c) =>
          c
            .endAsync(true)
            .catch((error: unknown) => log.warn({ err: error }, 'closing a simulated device failed')),
        ),
      );
      clients.clear();
    },
  };
}
