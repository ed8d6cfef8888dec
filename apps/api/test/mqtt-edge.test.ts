/**
 * Issue 36, the MQTT transport: what a device publishes reaches the seam (`DeviceIngest`) with its id, source
 * and sample time, acknowledged only once stored; its last will says it is gone; on an external broker (the
 * machine's Mosquitto, when it answers) gateway workers split the devices through shared subscriptions.
 * Real aedes on a free port and real mqtt.js clients; the ingest is a recording stand-in for the seam (the real
 * one is tested in its own file).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { deviceTopic } from '@vnoc/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it, type TestContext, vi } from 'vitest';
import { type EmbeddedBroker, newGatewayCredentials, startEmbeddedBroker } from '../src/fleet/edge/broker.ts';
import { EXTERNAL_BROKER_LINKS, startDeviceEdge } from '../src/fleet/edge/index.ts';
import { createDeviceMessageRouter, type MessageOutcome } from '../src/fleet/edge/messages.ts';
import { type MqttGateway, startMqttGateway } from '../src/fleet/edge/mqtt-gateway.ts';
import { createJobEngine } from '../src/fleet/jobs/index.ts';
import {
  closed,
  connectDevice,
  edgeDevice,
  mqttBrokerAnswers,
  type RecordingIngest,
  recordingIngest,
  report,
  until,
} from './edge-support.ts';
import { createOrganization, createSite, createUser, type SiteRow } from './factories.ts';
import { createTestDatabase, silentLog, testConfig } from './helpers.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let site: SiteRow;
let org: Awaited<ReturnType<typeof createOrganization>>;
const clients: MqttClient[] = [];
const track = (client: MqttClient) => {
  clients.push(client);
  return client;
};

beforeAll(async () => {
  database = await createTestDatabase();
  org = await createOrganization(database.db);
  site = await createSite(database.db, org);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await database?.drop();
});

/** A deferred: `hold` resolves when `release` is called. */
function deferred() {
  let release: () => void = () => undefined;
  const hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { hold, release };
}

describe('the embedded broker hands device messages to the ingest', () => {
  let broker: EmbeddedBroker;
  let ingest: RecordingIngest;
  beforeAll(async () => {
    ingest = recordingIngest();
    broker = await startEmbeddedBroker({
      db: database.db,
      log: silentLog,
      port: 0,
      host: '127.0.0.1',
      gatewayCredentials: newGatewayCredentials(),
      consume: createDeviceMessageRouter({ ingest, log: silentLog }),
    });
  });
  afterAll(() => broker?.close());

  it('a report reaches the ingest with the device id, source agent and the sample time it carries', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const client = track(await connectDevice(broker.url, device.id, secret));
    const before = Date.now();
    await client.publishAsync(deviceTopic(device.id, 'report'), report(1_795_950_000_000), { qos: 1 });
    await client.publishAsync(deviceTopic(device.id, 'report'), report(), { qos: 1 });
    const mine = ingest.reports.filter((r) => r.deviceId === device.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]?.options).toMatchObject({ source: 'agent' });
    expect(mine[0]?.sampledAt).toBe(1_795_950_000_000);
    expect(mine[0]?.body).toMatchObject({ type: 'DeviceMonitoring', general: { hostname: 'edge-test' } });
    // No `vnoc.sampledAt`: the ingest takes the time it was received.
    expect(mine[1]?.sampledAt).toBeUndefined();
    expect(mine[1]?.options.receivedAt).toBeGreaterThanOrEqual(before);
  });

  it('acknowledges a report (PUBACK) only after the ingest stored it', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const client = track(await connectDevice(broker.url, device.id, secret));
    const other = await edgeDevice(database.db, site);
    const otherClient = track(await connectDevice(broker.url, other.device.id, other.secret));
    const store = deferred();
    ingest.onReport(async (r) => {
      if (r.deviceId === device.id) await store.hold;
      return { ok: true, stored: 'current' };
    });
    let acknowledged = false;
    const publishing = client
      .publishAsync(deviceTopic(device.id, 'report'), report(Date.now()), { qos: 1 })
      .then(() => {
        acknowledged = true;
      });
    await until(() => ingest.reports.some((r) => r.deviceId === device.id));
    // A whole round trip of another device's report meanwhile: the broker works, this report waits for its store.
    await otherClient.publishAsync(deviceTopic(other.device.id, 'report'), report(), { qos: 1 });
    expect(acknowledged).toBe(false);
    store.release();
    await publishing;
    expect(acknowledged).toBe(true);
    ingest.onReport();
  });

  it('a report the ingest could not store is not acknowledged: the device sends it again and it is stored', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const client = track(
      await connectDevice(broker.url, device.id, secret, { clean: false, reconnectPeriod: 50 }),
    );
    let calls = 0;
    ingest.onReport(async (r) => {
      if (r.deviceId === device.id && ++calls === 1) throw new Error('the database is away');
      return { ok: true, stored: 'current' };
    });
    await client.publishAsync(deviceTopic(device.id, 'report'), report(1_795_950_060_000), { qos: 1 });
    const mine = ingest.reports.filter((r) => r.deviceId === device.id);
    expect(mine.map((r) => r.sampledAt)).toEqual([1_795_950_060_000, 1_795_950_060_000]);
    ingest.onReport();
  });

  it('a report that is not JSON goes to the ingest as malformed; the device stays connected', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const client = track(await connectDevice(broker.url, device.id, secret));
    await client.publishAsync(deviceTopic(device.id, 'report'), '{"type": "DeviceMonitoring", ', { qos: 1 });
    expect(ingest.malformedCount(device.id)).toBe(1);
    expect(typeof ingest.reports.find((r) => r.deviceId === device.id)?.body).toBe('string');
    expect(client.connected).toBe(true);
  });

  it("the device's online state and its last will ('gone', when its socket dies) reach the ingest", async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const client = track(
      await connectDevice(broker.url, device.id, secret, {
        clean: false,
        keepalive: 30,
        will: {
          topic: deviceTopic(device.id, 'state'),
          payload: Buffer.from(JSON.stringify({ status: 'gone' })),
          qos: 1,
          retain: true,
        },
      }),
    );
    await client.publishAsync(
      deviceTopic(device.id, 'state'),
      JSON.stringify({ status: 'online', protocol: 1, agent: 'test/1' }),
      { qos: 1, retain: true },
    );
    expect(ingest.online.calls.filter((c) => c.deviceId === device.id)).toHaveLength(1);
    expect(ingest.gone.calls.filter((c) => c.deviceId === device.id)).toEqual([]);
    // The socket dies without a DISCONNECT (power cut, cable pulled): the broker publishes the will.
    const ended = closed(client);
    client.stream.destroy();
    await ended;
    await until(() => ingest.gone.calls.some((c) => c.deviceId === device.id));
  });

  it('a device that says goodbye (DISCONNECT) has no will published', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const client = await connectDevice(broker.url, device.id, secret, {
      will: {
        topic: deviceTopic(device.id, 'state'),
        payload: Buffer.from('{"status":"gone"}'),
        qos: 1,
        retain: false,
      },
    });
    await client.endAsync();
    // Its report afterwards through another session proves the broker handled the DISCONNECT first.
    const again = track(await connectDevice(broker.url, device.id, secret));
    await again.publishAsync(deviceTopic(device.id, 'report'), report(), { qos: 1 });
    expect(ingest.gone.calls.filter((c) => c.deviceId === device.id)).toEqual([]);
  });
});

describe("the gateway's MQTT client (a broker that does not hand messages over in-process)", () => {
  it('subscribes to reports and states, routes them and acknowledges each once stored', async () => {
    const ingest = recordingIngest();
    const credentials = newGatewayCredentials();
    const broker = await startEmbeddedBroker({
      db: database.db,
      log: silentLog,
      port: 0,
      host: '127.0.0.1',
      gatewayCredentials: credentials,
    });
    const gateway = startMqttGateway({
      connection: { stream: () => broker.connectInProcess() },
      ...credentials,
      clientId: 'vnoc-gateway-test',
      consumeReports: true,
      route: createDeviceMessageRouter({ ingest, log: silentLog }),
      log: silentLog,
    });
    try {
      await gateway.ready;
      const { device, secret } = await edgeDevice(database.db, site);
      const client = track(await connectDevice(broker.url, device.id, secret));
      await client.publishAsync(deviceTopic(device.id, 'report'), report(1_795_950_120_000), { qos: 1 });
      await client.publishAsync(deviceTopic(device.id, 'state'), '{"status":"online"}', { qos: 1 });
      await until(() => ingest.online.calls.some((c) => c.deviceId === device.id));
      expect(ingest.reports.map((r) => [r.deviceId, r.sampledAt])).toEqual([[device.id, 1_795_950_120_000]]);
    } finally {
      await gateway.close();
      await broker.close();
    }
  });
});

describe('a gateway connection storing several messages at once (inFlight, acks.ts)', () => {
  /** The connection's packets to the broker, read as the broker reads them: its PUBACKs, in the order sent. */
  function tapped(stream: Duplex, pubacks: number[]): Duplex {
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    parser.on('packet', (packet) => {
      if (packet.cmd === 'puback') pubacks.push(packet.messageId as number);
    });
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: Buffer, ...rest: unknown[]) => {
      parser.parse(Buffer.from(chunk));
      return write(chunk, ...rest);
    }) as typeof stream.write;
    return stream;
  }
  const turns = async (n = 20) => {
    for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  it('takes up to inFlight messages before any is stored, acknowledges in arrival order, and a refusal renews', async () => {
    const credentials = newGatewayCredentials();
    // No `consume`: the broker forwards reports to the gateway's subscription like an external one.
    const broker = await startEmbeddedBroker({
      db: database.db,
      log: silentLog,
      port: 0,
      host: '127.0.0.1',
      gatewayCredentials: credentials,
    });
    const pubacks: number[] = [];
    const routed: { topic: string; id: number; settle: (outcome: MessageOutcome) => void }[] = [];
    const gateway = startMqttGateway({
      connection: { stream: () => tapped(broker.connectInProcess(), pubacks) },
      ...credentials,
      clientId: 'vnoc-gateway-in-flight',
      consumeReports: true,
      inFlight: 3,
      route: (topic, payload) =>
        new Promise<MessageOutcome>((settle) => {
          const id = (JSON.parse(payload.toString()) as { vnoc: { sampledAt: number } }).vnoc.sampledAt;
          routed.push({ topic, id, settle });
        }),
      log: silentLog,
    });
    try {
      await gateway.ready;
      const { device, secret } = await edgeDevice(database.db, site);
      const client = track(await connectDevice(broker.url, device.id, secret));
      const at = (n: number) => 1_795_960_000_000 + n * 60_000;
      for (const n of [1, 2, 3, 4, 5]) {
        await client.publishAsync(deviceTopic(device.id, 'report'), report(at(n)), { qos: 1 });
      }
      // Three handed over while none is stored; the fourth waits.
      await until(() => routed.length === 3);
      await turns();
      expect(routed.map((r) => r.id)).toEqual([at(1), at(2), at(3)]);
      expect(pubacks).toEqual([]);
      // The second stored first: no PUBACK before the first's.
      routed[1]?.settle('stored');
      await turns();
      expect(pubacks).toEqual([]);
      routed[0]?.settle('stored');
      await until(() => pubacks.length === 2);
      // Two acknowledged: the fourth and fifth come.
      await until(() => routed.length === 5);
      const [first, second] = pubacks;
      expect(first).not.toBe(second);
      // The third refused: nothing after it is acknowledged, the connection is renewed and the broker sends the
      // third, fourth and fifth again.
      routed[3]?.settle('stored');
      routed[2]?.settle('retry');
      await until(() => routed.length >= 6);
      expect(routed[5]?.id).toBe(at(3));
      await until(() => routed.length >= 8);
      expect(routed.slice(5, 8).map((r) => r.id)).toEqual([at(3), at(4), at(5)]);
      for (const r of routed.slice(5)) r.settle('stored');
      await until(() => pubacks.length === 5);
      expect(new Set(pubacks).size).toBe(5);
    } finally {
      await gateway.close();
      await broker.close();
    }
  });
});

describe('retained messages on the embedded broker', () => {
  it("keeps a device's state retained, never its reports", async () => {
    const ingest = recordingIngest();
    const credentials = newGatewayCredentials();
    const broker = await startEmbeddedBroker({
      db: database.db,
      log: silentLog,
      port: 0,
      host: '127.0.0.1',
      gatewayCredentials: credentials,
    });
    let gateway: MqttGateway | undefined;
    try {
      const { device, secret } = await edgeDevice(database.db, site);
      const client = track(await connectDevice(broker.url, device.id, secret));
      await client.publishAsync(deviceTopic(device.id, 'report'), report(1_795_950_360_000), {
        qos: 1,
        retain: true,
      });
      await client.publishAsync(deviceTopic(device.id, 'state'), '{"status":"online"}', {
        qos: 1,
        retain: true,
      });
      // A gateway that subscribes afterwards gets the retained state only.
      gateway = startMqttGateway({
        connection: { stream: () => broker.connectInProcess() },
        ...credentials,
        clientId: 'vnoc-gateway-retained',
        consumeReports: true,
        route: createDeviceMessageRouter({ ingest, log: silentLog }),
        log: silentLog,
      });
      await gateway.ready;
      await until(() => ingest.online.calls.some((c) => c.deviceId === device.id));
      // A fresh report after it: anything retained would have come first on the gateway's one connection.
      await client.publishAsync(deviceTopic(device.id, 'report'), report(1_795_950_420_000), { qos: 1 });
      await until(() => ingest.reports.length > 0);
      expect(ingest.reports.map((r) => r.sampledAt)).toEqual([1_795_950_420_000]);
    } finally {
      await gateway?.close();
      await broker.close();
    }
  });
});

describe('the embedded broker with TLS (MQTT_TLS_CERT, MQTT_TLS_KEY)', () => {
  it('accepts devices over mqtts with their secret, and no plain MQTT', async (ctx) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vnoc-mqtt-tls-'));
    const certFile = path.join(dir, 'cert.pem');
    const keyFile = path.join(dir, 'key.pem');
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]);
    if (made.error || made.status !== 0)
      ctx.skip('openssl is not installed: no certificate to test TLS with');
    const ingest = recordingIngest();
    const broker = await startEmbeddedBroker({
      db: database.db,
      log: silentLog,
      port: 0,
      host: '127.0.0.1',
      tls: { certFile, keyFile },
      gatewayCredentials: newGatewayCredentials(),
      consume: createDeviceMessageRouter({ ingest, log: silentLog }),
    });
    try {
      expect(broker.url).toMatch(/^mqtts:\/\/127\.0\.0\.1:\d+$/);
      const { device, secret } = await edgeDevice(database.db, site);
      const client = await connectDevice(broker.url, device.id, secret, { ca: readFileSync(certFile) });
      await client.publishAsync(deviceTopic(device.id, 'report'), report(1_795_950_240_000), { qos: 1 });
      expect(ingest.reports.map((r) => r.deviceId)).toEqual([device.id]);
      await client.endAsync();
      // A plain MQTT client gets no CONNACK: its CONNECT is no TLS handshake, and the connection ends.
      const plain = mqtt.connect(broker.url.replace('mqtts://', 'mqtt://'), {
        clientId: device.id,
        username: device.id,
        password: secret,
        reconnectPeriod: 0,
        connectTimeout: 2_000,
      });
      const outcome = await new Promise<string>((resolve) => {
        plain.once('connect', () => resolve('connected'));
        plain.once('close', () => resolve('closed'));
      });
      plain.end(true);
      expect(outcome).toBe('closed');
    } finally {
      await broker.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('startDeviceEdge (what main.ts starts)', () => {
  it('starts the embedded broker, the gateway and the job worker, and stops them in order', async () => {
    const ingest = recordingIngest();
    const jobs = createJobEngine({ db: database.db, log: silentLog });
    const edge = await startDeviceEdge({
      config: testConfig(),
      db: database.db,
      log: silentLog,
      ingest,
      jobs,
    });
    try {
      expect(edge.brokerUrl).toMatch(/^mqtt:\/\/[^:]+:\d+$/);
      const { device, secret } = await edgeDevice(database.db, site);
      const client = await connectDevice(edge.brokerUrl, device.id, secret, {
        will: {
          topic: deviceTopic(device.id, 'state'),
          payload: Buffer.from('{"status":"gone"}'),
          qos: 1,
          retain: false,
        },
      });
      await client.publishAsync(deviceTopic(device.id, 'report'), report(1_795_950_180_000), { qos: 1 });
      expect(ingest.reports.map((r) => r.deviceId)).toEqual([device.id]);
      const ended = closed(client);
      edge.disconnect(device.id);
      await ended;
      await until(() => ingest.gone.calls.some((c) => c.deviceId === device.id));
    } finally {
      await jobs.stop();
      await edge.stop();
    }
    // Stopped: nothing listens any more.
    const { device, secret } = await edgeDevice(database.db, site);
    await expect(
      connectDevice(edge.brokerUrl, device.id, secret, { connectTimeout: 1_000 }),
    ).rejects.toThrow();
  });
});

describe("an external broker: the machine's Mosquitto", () => {
  const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  let reachable = false;
  beforeAll(async () => {
    reachable = await mqttBrokerAnswers(MOSQUITTO);
  });
  const requireMosquitto = (ctx: TestContext) => {
    if (!reachable) ctx.skip(`no MQTT broker answers at ${MOSQUITTO} (set TEST_MQTT_URL to run this test)`);
  };

  it('startDeviceEdge with MQTT_URL: reports reach the ingest and a job of an agent device gets its answer', async (ctx) => {
    requireMosquitto(ctx);
    const ingest = recordingIngest();
    const jobs = createJobEngine({ db: database.db, log: silentLog, pollMs: 50 });
    const clientId = `vnoc-gateway-test-${randomUUID().slice(0, 8)}`;
    const edge = await startDeviceEdge({
      config: testConfig({ MQTT_URL: MOSQUITTO, MQTT_SHARE_GROUP: clientId }),
      db: database.db,
      log: silentLog,
      ingest,
      jobs,
      gatewayClientId: clientId,
    });
    const devices: MqttClient[] = [];
    try {
      expect(edge.broker).toBeUndefined();
      await edge.gateway.ready;
      const { device } = await edgeDevice(database.db, site);
      const client = await mqtt.connectAsync(MOSQUITTO, { clientId: device.id, reconnectPeriod: 0 });
      devices.push(client);
      await client.subscribeAsync(deviceTopic(device.id, 'commands'), { qos: 1 });
      client.on('message', (_topic, payload) => {
        const { id } = JSON.parse(payload.toString()) as { id: string };
        const result = {
          cpuPercent: 12,
          memoryPercent: 40,
          sessions: 3,
          temperatureC: 45,
          uptimeSeconds: 100,
        };
        client.publish(deviceTopic(device.id, 'results'), JSON.stringify({ id, ok: true, result }), {
          qos: 1,
        });
      });
      await client.publishAsync(deviceTopic(device.id, 'report'), report(1_795_950_300_000), { qos: 1 });
      await until(() => ingest.reports.some((r) => r.deviceId === device.id));
      const user = await createUser(database.db, org, { role: 'ADMINISTRATOR' });
      const job = await jobs.enqueue({
        organizationId: site.organizationId,
        deviceId: device.id,
        action: 'systemTest',
        requestedBy: user.id,
      });
      const done = await vi.waitFor(
        async () => {
          const j = await jobs.getJob(job.id, site.organizationId);
          if (j?.state !== 'succeeded' && j?.state !== 'failed') throw new Error('not yet');
          return j;
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(done).toMatchObject({ state: 'succeeded', result: { cpuPercent: 12 } });
    } finally {
      await Promise.all(devices.map((d) => d.endAsync(true)));
      await jobs.stop();
      await edge.stop();
      // Every connection of the shared group is closed by stop, not only the first.
      // MQTT 5, the default: its number of connections.
      const { connections } = EXTERNAL_BROKER_LINKS[5];
      expect(edge.gatewayConnections).toHaveLength(connections);
      expect(edge.gatewayConnections.filter((g) => !g.client.disconnected)).toEqual([]);
      // Every connection's persistent session: left on the machine's broker, they would pile up run after run.
      const ids = Array.from({ length: connections }, (_, n) => (n ? `${clientId}-${n}` : clientId));
      await Promise.all(
        ids.map(async (id) => {
          const cleaner = await mqtt.connectAsync(MOSQUITTO, {
            clientId: id,
            clean: true,
            reconnectPeriod: 0,
          });
          await cleaner.endAsync();
        }),
      );
    }
  });

  it('two gateway workers with shared subscriptions split 20 devices: each report is handled once', async (ctx) => {
    requireMosquitto(ctx);
    const run = randomUUID().slice(0, 8);
    const ids = new Set<string>(Array.from({ length: 20 }, () => randomUUID()));
    const workers: { gateway: MqttGateway; ingest: RecordingIngest; clientId: string }[] = [];
    const devices: MqttClient[] = [];
    try {
      for (const n of [1, 2]) {
        const ingest = recordingIngest();
        const clientId = `vnoc-gateway-test-${run}-${n}`;
        const gateway = startMqttGateway({
          connection: { url: MOSQUITTO },
          clientId,
          // A group of this run's own: a session other runs left on the machine's broker takes no share.
          shareGroup: `vnoc-test-${run}`,
          protocolVersion: n === 1 ? 5 : 4,
          consumeReports: true,
          route: createDeviceMessageRouter({ ingest, log: silentLog }),
          log: silentLog,
        });
        workers.push({ gateway, ingest, clientId });
        await gateway.ready;
      }
      for (const id of ids) {
        const client = await mqtt.connectAsync(MOSQUITTO, { clientId: id, reconnectPeriod: 0 });
        devices.push(client);
        await client.publishAsync(deviceTopic(id, 'report'), report(1_795_950_000_000), { qos: 1 });
      }
      // Other runs may use the same broker: only this run's devices count.
      const handled = () => workers.flatMap((w) => w.ingest.reports.filter((r) => ids.has(r.deviceId)));
      await until(() => new Set(handled().map((r) => r.deviceId)).size === ids.size);
      expect(handled()).toHaveLength(ids.size);
      for (const worker of workers)
        expect(worker.ingest.reports.filter((r) => ids.has(r.deviceId)).length).toBeGreaterThan(0);
    } finally {
      await Promise.all(devices.map((d) => d.endAsync(true)));
      for (const { gateway, clientId } of workers) {
        await gateway.close();
        // A persistent session left on the machine's broker would take a share of others' messages: end it.
        const cleaner = await mqtt.connectAsync(MOSQUITTO, { clientId, clean: true, reconnectPeriod: 0 });
        await cleaner.endAsync();
      }
    }
  });
});
