/**
 * What the MQTT transport tests share: a recording `DeviceIngest` (an in-memory stand-in for the seam only —
 * the real ingest is tested in device-ingest.test.ts; here the transport is under test), devices with their
 * secrets, and device clients that connect as the protocol says.
 */
import net from 'node:net';
import { DEVICE_TOPIC_ROOT, deviceTopic } from '@vnoc/contracts';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { vi } from 'vitest';
import { type EmbeddedBroker, newGatewayCredentials, startEmbeddedBroker } from '../src/fleet/edge/broker.ts';
import { type CommandSender, createCommandSender } from '../src/fleet/edge/commands.ts';
import { issueDeviceSecret } from '../src/fleet/edge/credentials.ts';
import { createDeviceMessageRouter } from '../src/fleet/edge/messages.ts';
import { type MqttGateway, startMqttGateway } from '../src/fleet/edge/mqtt-gateway.ts';
import type { DeviceIngest, IngestOutcome, ReportSource } from '../src/fleet/edge/types.ts';
import { byDevice, type SimDeviceLink } from '../src/fleet/gateway/sim-messages.ts';
import type { Db } from '../src/plugins/db.ts';
import { createDevice, type DeviceRow } from './factories.ts';
import { silentLog } from './helpers.ts';

export type RecordedReport = {
  deviceId: string;
  /** What the device sent: its JSON, or its text when it is not JSON (the router hands the raw payload over). */
  body: unknown;
  options: { source: ReportSource; receivedAt: number; sampledAt?: number };
  /** The time the ingest takes it was sampled at: the option, else the body's `vnoc.sampledAt` (undefined: none). */
  sampledAt: number | undefined;
};

/** A payload as the stand-in records it (JSON parsed, else its text). */
function bodyOf(raw: unknown): unknown {
  const text = raw instanceof Uint8Array ? Buffer.from(raw).toString('utf8') : raw;
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type RecordingIngest = DeviceIngest & {
  reports: RecordedReport[];
  online: DeviceIngest['online'] & { calls: { deviceId: string; at: number }[] };
  gone: DeviceIngest['gone'] & { calls: { deviceId: string; at: number }[] };
  rebooting: DeviceIngest['rebooting'] & { calls: { deviceId: string; at: number }[] };
  /** Replaces how `report` answers (e.g. hold it, or fail it); none: back to stored, or malformed for a non-report. */
  onReport: (answer?: (report: RecordedReport) => Promise<IngestOutcome>) => void;
};

const defaultAnswer = async (report: RecordedReport): Promise<IngestOutcome> =>
  typeof report.body === 'object' &&
  report.body !== null &&
  (report.body as { type?: unknown }).type === 'DeviceMonitoring'
    ? { ok: true, stored: 'current' }
    : { ok: false, reason: 'malformed', message: 'not a DeviceMonitoring object' };

export function recordingIngest(): RecordingIngest {
  const reports: RecordedReport[] = [];
  const malformed = new Map<string, number>();
  let answer = defaultAnswer;
  /** A state handler that records its calls. */
  const recorded = () => {
    const calls: { deviceId: string; at: number }[] = [];
    return Object.assign(
      async (deviceId: string, at: number) => {
        calls.push({ deviceId, at });
      },
      { calls },
    );
  };
  return {
    reports,
    online: recorded(),
    gone: recorded(),
    rebooting: recorded(),
    onReport: (next) => {
      answer = next ?? defaultAnswer;
    },
    async report(deviceId, body, options) {
      const parsed = bodyOf(body);
      const carried = (parsed as { vnoc?: { sampledAt?: number } } | null)?.vnoc?.sampledAt;
      const report = { deviceId, body: parsed, options, sampledAt: options.sampledAt ?? carried };
      reports.push(report);
      const outcome = await answer(report);
      if (!outcome.ok && outcome.reason === 'malformed')
        malformed.set(deviceId, (malformed.get(deviceId) ?? 0) + 1);
      return outcome;
    },
    sweep: async () => 0,
    refuses: async () => false,
    malformedCount: (deviceId) => malformed.get(deviceId) ?? 0,
    refusedCount: () => 0,
    idle: () => Promise.resolve(),
  };
}

/** A device of `driver` on the site, with a secret when it should have one. */
export async function edgeDevice(
  db: Db,
  site: { id: string; organizationId: string },
  driver: 'agent' | 'openwisp' | 'simulator' = 'agent',
  overrides: Parameters<typeof createDevice>[2] = {},
): Promise<{ device: DeviceRow; secret: string }> {
  const device = await createDevice(db, site, { driver, ...overrides });
  const secret = await issueDeviceSecret(db, device.id, site.organizationId);
  return { device, secret };
}

/** Connects as a device does (clientId = username = id, password = secret); rejects with the CONNACK's error. */
export function connectDevice(
  url: string,
  deviceId: string,
  password: string,
  options: IClientOptions = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    clientId: deviceId,
    username: deviceId,
    password,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...options,
  });
}

/** The CONNACK return code a refused connection got (mqtt.js puts it on the error's `code`). */
export async function refusalCode(connecting: Promise<MqttClient>): Promise<number | undefined> {
  try {
    const client = await connecting;
    await client.endAsync(true);
    return 0;
  } catch (error) {
    return (error as { code?: number }).code;
  }
}

/** The SUBACK's granted QoS per topic (128: refused); mqtt.js rejects when one is refused, with the packet. */
export async function grantedOf(client: MqttClient, topics: string[]): Promise<number[]> {
  try {
    return (await client.subscribeAsync(topics, { qos: 1 })).map((g) => g.qos);
  } catch (error) {
    const packet = (error as { packet?: { granted?: number[] } }).packet;
    if (!packet?.granted) throw error;
    return packet.granted;
  }
}

/** Resolves when the client's connection closes. */
export const closed = (client: MqttClient) =>
  new Promise<void>((resolve) => {
    if (!client.connected) return resolve();
    client.once('close', () => resolve());
  });

/** Waits for a condition the broker or gateway makes true (no fixed sleep; fails after 5 s). */
export const until = (condition: () => boolean, timeout = 5_000) =>
  vi.waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout, interval: 10 },
  );

export const report = (sampledAt?: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'DeviceMonitoring',
    general: { hostname: 'edge-test', uptime: 100 },
    ...(sampledAt === undefined ? {} : { vnoc: { protocol: 1, sampledAt } }),
    ...extra,
  });

export const topicOf = deviceTopic;
export const allDevicesTopic = (kind: string) => `${DEVICE_TOPIC_ROOT}/+/${kind}`;

/** Whether an MQTT broker answers a CONNECT at the URL within a second (the machine's Mosquitto may be off). */
export async function mqttBrokerAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const open = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 1883) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => done(true));
  });
  if (!open) return false;
  try {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 1_000 });
    await client.endAsync(true);
    return true;
  } catch {
    return false;
  }
}

/**
 * The command path as the server runs it on the embedded broker: the broker (port 0), the gateway's in-process
 * client and the command sender, with no grace beyond a device's own timeout (silence fails a job at once).
 */
export async function startCommandPath(
  db: Db,
): Promise<{ broker: EmbeddedBroker; gateway: MqttGateway; commands: CommandSender }> {
  const credentials = newGatewayCredentials();
  let commands: CommandSender | undefined;
  const route = createDeviceMessageRouter({
    ingest: recordingIngest(),
    log: silentLog,
    onResult: (deviceId, body) => commands?.onResult(deviceId, body),
  });
  const broker = await startEmbeddedBroker({
    db,
    log: silentLog,
    port: 0,
    host: '127.0.0.1',
    gatewayCredentials: credentials,
    consume: route,
  });
  const gateway = startMqttGateway({
    connection: { stream: () => broker.connectInProcess() },
    ...credentials,
    clientId: 'vnoc-gateway',
    consumeReports: false,
    route,
    log: silentLog,
  });
  await gateway.ready;
  commands = createCommandSender({ client: gateway.client, log: silentLog, graceMs: 0 });
  return { broker, gateway, commands };
}

/**
 * The simulated devices' messages handed to the device edge's router in process, as the embedded broker hands them
 * over (no MQTT in between): each device's in order, received at the tick's time, so a gateway on a test clock is
 * recorded by the real ingest. The broker's own path is proven in sim-devices.test.ts.
 */
export function inProcessDevices(ingest: DeviceIngest): SimDeviceLink {
  const route = createDeviceMessageRouter({ ingest, log: silentLog });
  return {
    async deliver(messages, now) {
      let sent = 0;
      await Promise.all(
        [...byDevice(messages)].map(async ([deviceId, list]) => {
          for (const m of list) {
            const payload = Buffer.from(JSON.stringify(m.body));
            if ((await route(deviceTopic(deviceId, m.topic), payload, now)) !== 'stored') return;
            sent += 1;
          }
        }),
      );
      return { sent, failed: messages.length - sent };
    },
  };
}
