/**
 * Issue 36, security of the MQTT transport: the embedded broker (real aedes on a free port, real mqtt.js
 * clients as devices) lets a device use only its own topics and refuses any credential that is not a live
 * secret of an 'agent' device; the HTTP authentication and ACL an external broker calls apply the same rules.
 * The ingest behind the broker is a recording stand-in for the seam (the real one is tested on its own), except
 * where the real ingest refuses what a device sends after its secret was revoked or rotated on a connection
 * that stayed open: through the embedded broker, and through the machine's Mosquitto (when it answers), which
 * keeps a connection it accepted.
 */
import { randomUUID } from 'node:crypto';
import { deviceTopic } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, type TestContext, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { gatewayPasswordFor } from '../src/fleet/edge/acl.ts';
import { type EmbeddedBroker, newGatewayCredentials, startEmbeddedBroker } from '../src/fleet/edge/broker.ts';
import { issueDeviceSecret, revokeDeviceSecret } from '../src/fleet/edge/credentials.ts';
import { createDeviceMessageRouter } from '../src/fleet/edge/messages.ts';
import { startMqttGateway } from '../src/fleet/edge/mqtt-gateway.ts';
import type { Db } from '../src/plugins/db.ts';
import {
  closed,
  connectDevice,
  edgeDevice,
  grantedOf,
  mqttBrokerAnswers,
  type RecordingIngest,
  recordingIngest,
  refusalCode,
  report,
  until,
} from './edge-support.ts';
import { createOrganization, createSite, type SiteRow } from './factories.ts';
import { createTestApp, createTestDatabase, silentLog, type TestApp, testConfig } from './helpers.ts';

const NOT_AUTHORIZED = 5;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let broker: EmbeddedBroker;
let ingest: RecordingIngest;
let site: SiteRow;
const clients: MqttClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const org = await createOrganization(database.db);
  site = await createSite(database.db, org);
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

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await broker?.close();
  await database?.drop();
});

const track = (client: MqttClient) => {
  clients.push(client);
  return client;
};
const reportsOf = (deviceId: string) => ingest.reports.filter((r) => r.deviceId === deviceId);

describe('the embedded broker keeps each device to its own topics', () => {
  it("refuses a publish to another device's report, state or results topic: it never reaches the gateway", async () => {
    const victim = await edgeDevice(database.db, site);
    for (const kind of ['report', 'state', 'results'] as const) {
      const attacker = await edgeDevice(database.db, site);
      const client = track(await connectDevice(broker.url, attacker.device.id, attacker.secret));
      const body = kind === 'state' ? JSON.stringify({ status: 'gone' }) : report(Date.now());
      client.publish(deviceTopic(victim.device.id, kind), body, { qos: 1 });
      // The broker drops the publish by closing the connection (MQTT 3.1.1 has no negative PUBACK).
      await closed(client);
    }
    // The victim's own report, sent after the refused ones were handled, is the only thing of it that arrives.
    const own = track(await connectDevice(broker.url, victim.device.id, victim.secret));
    await own.publishAsync(deviceTopic(victim.device.id, 'report'), report(1_795_950_000_000), { qos: 1 });
    expect(reportsOf(victim.device.id)).toHaveLength(1);
    expect(ingest.gone.calls.filter((c) => c.deviceId === victim.device.id)).toEqual([]);
  });

  it("refuses a subscription to another device's commands (return code 128); its own is granted", async () => {
    const victim = await edgeDevice(database.db, site);
    const attacker = await edgeDevice(database.db, site);
    const client = track(await connectDevice(broker.url, attacker.device.id, attacker.secret));
    const granted = await grantedOf(client, [
      deviceTopic(victim.device.id, 'commands'),
      deviceTopic(victim.device.id, 'report'),
      'vnoc/v1/devices/+/commands',
      'vnoc/v1/devices/+/report',
      '#',
      deviceTopic(attacker.device.id, 'report'),
      deviceTopic(attacker.device.id, 'commands'),
    ]);
    expect(granted).toEqual([128, 128, 128, 128, 128, 128, 1]);
    // The connection stays: a refused subscription is answered, not punished.
    expect(client.connected).toBe(true);
  });

  it('refuses a message larger than the protocol allows before it is stored', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const client = track(await connectDevice(broker.url, device.id, secret));
    const huge = report(Date.now(), { padding: 'x'.repeat(600 * 1024) });
    client.publish(deviceTopic(device.id, 'report'), huge, { qos: 1 });
    await closed(client);
    expect(reportsOf(device.id)).toEqual([]);
  });
});

describe("the embedded broker lets in only live secrets of agent and the simulator's devices", () => {
  it.each([
    ['a wrong secret', async () => ({ ...(await edgeDevice(database.db, site)), secret: 'x'.repeat(43) })],
    ['an empty secret', async () => ({ ...(await edgeDevice(database.db, site)), secret: '' })],
    [
      'an unknown device id',
      async () => ({ ...(await edgeDevice(database.db, site)), device: { id: crypto.randomUUID() } }),
    ],
    [
      'a simulated device with a wrong secret',
      async () => ({ ...(await edgeDevice(database.db, site, 'simulator')), secret: 'x'.repeat(43) }),
    ],
    [
      'an OpenWISP device (it posts over HTTPS, it has no MQTT access)',
      () => edgeDevice(database.db, site, 'openwisp'),
    ],
  ])('refuses %s with CONNACK "Not authorized"', async (_name, make) => {
    const { device, secret } = await make();
    expect(await refusalCode(connectDevice(broker.url, device.id, secret))).toBe(NOT_AUTHORIZED);
  });

  it("lets a simulated device in with its secret, on its own topics only (the simulator's side of the protocol)", async () => {
    const { device, secret } = await edgeDevice(database.db, site, 'simulator');
    const other = await edgeDevice(database.db, site, 'simulator');
    const client = track(await connectDevice(broker.url, device.id, secret));
    expect(
      await grantedOf(client, [deviceTopic(device.id, 'commands'), deviceTopic(other.device.id, 'commands')]),
    ).toEqual([1, 128]);
  });

  it('refuses a client id that is not the username', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const other = await edgeDevice(database.db, site);
    expect(
      await refusalCode(connectDevice(broker.url, device.id, secret, { clientId: other.device.id })),
    ).toBe(NOT_AUTHORIZED);
    expect(await refusalCode(connectDevice(broker.url, device.id, secret, { clientId: 'anything' }))).toBe(
      NOT_AUTHORIZED,
    );
  });

  it("refuses the gateway's username without this process's gateway credential", async () => {
    expect(
      await refusalCode(connectDevice(broker.url, 'vnoc-gateway', 'guess', { clientId: 'vnoc-gateway' })),
    ).toBe(NOT_AUTHORIZED);
  });

  it('refuses a revoked secret at once, and `disconnect` ends a connected device at once (its will says gone)', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const client = track(
      await connectDevice(broker.url, device.id, secret, {
        clean: false,
        will: {
          topic: deviceTopic(device.id, 'state'),
          payload: Buffer.from('{"status":"gone"}'),
          qos: 1,
          retain: true,
        },
      }),
    );
    expect(await revokeDeviceSecret(database.db, device.id)).toBe(true);
    expect(await refusalCode(connectDevice(broker.url, device.id, secret, { clientId: device.id }))).toBe(
      NOT_AUTHORIZED,
    );
    // The refused attempt did not take over the live session; revocation's disconnect does.
    expect(client.connected).toBe(true);
    const ended = closed(client);
    broker.disconnect(device.id);
    await ended;
    await until(() => ingest.gone.calls.some((c) => c.deviceId === device.id));
  });

  it('refuses the old secret once it is rotated, and accepts the new one', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const rotated = await issueDeviceSecret(database.db, device.id, site.organizationId);
    expect(await refusalCode(connectDevice(broker.url, device.id, secret))).toBe(NOT_AUTHORIZED);
    expect(await refusalCode(connectDevice(broker.url, device.id, rotated))).toBe(0);
  });
});

describe("the external broker's HTTP authentication and ACL (POST /api/edge/mqtt/auth, /acl)", () => {
  const TOKEN = 'broker-token-0123456789abcdefghij';
  let t: TestApp;
  let device: { id: string };
  let secret: string;
  let other: { id: string };
  let openwisp: { device: { id: string }; secret: string };
  let simulated: { device: { id: string }; secret: string };

  beforeAll(async () => {
    t = await createTestApp({ MQTT_AUTH_TOKEN: TOKEN });
    const org = await createOrganization(t.db);
    const s = await createSite(t.db, org);
    ({ device, secret } = await edgeDevice(t.db, s));
    other = (await edgeDevice(t.db, s)).device;
    openwisp = await edgeDevice(t.db, s, 'openwisp');
    simulated = await edgeDevice(t.db, s, 'simulator');
  });
  afterAll(() => t?.close());

  const post = (path: 'auth' | 'acl', body: object, token: string | null = TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: `/api/edge/mqtt/${path}`,
      payload: body,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });

  it('answers 401 without the broker token or with a wrong one, and 404 where none is configured', async () => {
    const body = { clientid: device.id, username: device.id, password: secret };
    const missing = await post('auth', body, null);
    expect([missing.statusCode, missing.json()]).toEqual([401, { result: 'deny' }]);
    const wrong = await post('auth', body, `${TOKEN}x`);
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { result: 'deny' }]);
    const acl = await post(
      'acl',
      { clientid: device.id, username: device.id, topic: 'x', action: 'publish' },
      'no',
    );
    expect(acl.statusCode).toBe(401);

    const unconfigured = await buildApp({ config: testConfig(), db: t.db, logger: false });
    try {
      const res = await unconfigured.inject({
        method: 'POST',
        url: '/api/edge/mqtt/auth',
        payload: body,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await unconfigured.close();
    }
  });

  it.each<[string, number, () => object]>([
    ['a device with its secret', 200, () => ({ clientid: device.id, username: device.id, password: secret })],
    ['a wrong secret', 403, () => ({ clientid: device.id, username: device.id, password: `${secret}x` })],
    [
      'a client id that is not the username',
      403,
      () => ({ clientid: other.id, username: device.id, password: secret }),
    ],
    [
      "an OpenWISP device's key",
      403,
      () => ({ clientid: openwisp.device.id, username: openwisp.device.id, password: openwisp.secret }),
    ],
    [
      "a simulated device with its secret (the simulator's side of the protocol)",
      200,
      () => ({ clientid: simulated.device.id, username: simulated.device.id, password: simulated.secret }),
    ],
    ['an unknown id', 403, () => ({ clientid: 'nobody', username: 'nobody', password: secret })],
    [
      "vNOC's gateway with its derived password",
      200,
      () => ({ clientid: 'vnoc-gateway-a', username: 'vnoc-gateway', password: gatewayPasswordFor(TOKEN) }),
    ],
    [
      "vNOC's gateway with the bearer token itself",
      403,
      () => ({ clientid: 'g', username: 'vnoc-gateway', password: TOKEN }),
    ],
  ])('auth: %s → %i', async (_name, status, body) => {
    const res = await post('auth', body());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ result: status === 200 ? 'allow' : 'deny' });
  });

  const as = (id: string) => ({ clientid: id, username: id });
  const gateway = { clientid: 'vnoc-gateway-a', username: 'vnoc-gateway' };
  it.each<[string, number, () => object]>([
    [
      'a device publishing its report',
      200,
      () => ({ ...as(device.id), topic: deviceTopic(device.id, 'report'), action: 'publish' }),
    ],
    [
      'a device publishing its state',
      200,
      () => ({ ...as(device.id), topic: deviceTopic(device.id, 'state'), action: 'publish' }),
    ],
    [
      'a device publishing its results',
      200,
      () => ({ ...as(device.id), topic: deviceTopic(device.id, 'results'), action: 'publish' }),
    ],
    [
      "a device publishing another's report",
      403,
      () => ({ ...as(device.id), topic: deviceTopic(other.id, 'report'), action: 'publish' }),
    ],
    [
      'a device publishing to its own commands',
      403,
      () => ({ ...as(device.id), topic: deviceTopic(device.id, 'commands'), action: 'publish' }),
    ],
    [
      'a device subscribing to its commands',
      200,
      () => ({ ...as(device.id), topic: deviceTopic(device.id, 'commands'), action: 'subscribe' }),
    ],
    [
      "a device subscribing to another's commands",
      403,
      () => ({ ...as(device.id), topic: deviceTopic(other.id, 'commands'), action: 'subscribe' }),
    ],
    [
      'a device subscribing to every command',
      403,
      () => ({ ...as(device.id), topic: 'vnoc/v1/devices/+/commands', action: 'subscribe' }),
    ],
    ['a device subscribing to #', 403, () => ({ ...as(device.id), topic: '#', action: 'subscribe' })],
    [
      'a device whose client id differs',
      403,
      () => ({
        clientid: other.id,
        username: device.id,
        topic: deviceTopic(device.id, 'report'),
        action: 'publish',
      }),
    ],
    [
      'mosquitto-go-auth acc 1 (read) of its commands',
      200,
      () => ({ ...as(device.id), topic: deviceTopic(device.id, 'commands'), acc: 1 }),
    ],
    [
      "acc 1 (read) of another's commands",
      403,
      () => ({ ...as(device.id), topic: deviceTopic(other.id, 'commands'), acc: 1 }),
    ],
    [
      'acc 2 (write) of its report',
      200,
      () => ({ ...as(device.id), topic: deviceTopic(device.id, 'report'), acc: 2 }),
    ],
    [
      'acc 3 (read and write) of its commands',
      403,
      () => ({ ...as(device.id), topic: deviceTopic(device.id, 'commands'), acc: 3 }),
    ],
    [
      'acc 4 (subscribe) of its commands',
      200,
      () => ({ ...as(device.id), topic: deviceTopic(device.id, 'commands'), acc: 4 }),
    ],
    ['neither action nor acc', 403, () => ({ ...as(device.id), topic: deviceTopic(device.id, 'report') })],
    [
      'the gateway sharing reports',
      200,
      () => ({ ...gateway, topic: '$share/vnoc-gateway/vnoc/v1/devices/+/report', action: 'subscribe' }),
    ],
    [
      'the gateway subscribing to results',
      200,
      () => ({ ...gateway, topic: 'vnoc/v1/devices/+/results', action: 'subscribe' }),
    ],
    ['the gateway subscribing to #', 403, () => ({ ...gateway, topic: '#', action: 'subscribe' })],
    [
      'the gateway reading a report',
      200,
      () => ({ ...gateway, topic: deviceTopic(device.id, 'report'), acc: 1 }),
    ],
    [
      'the gateway publishing a command',
      200,
      () => ({ ...gateway, topic: deviceTopic(device.id, 'commands'), action: 'publish' }),
    ],
    [
      'the gateway publishing a report',
      403,
      () => ({ ...gateway, topic: deviceTopic(device.id, 'report'), action: 'publish' }),
    ],
  ])('acl: %s → %i', async (_name, status, body) => {
    const res = await post('acl', body());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ result: status === 200 ? 'allow' : 'deny' });
  });

  it('answers 400 for a body that is not an authentication request, and decides nothing', async () => {
    const res = await post('auth', { clientid: device.id });
    expect(res.statusCode).toBe(400);
  });
});

describe('a secret revoked or rotated while the device stays connected: the ingest refuses what it sends', () => {
  const TOKEN = 'broker-token-0123456789abcdefghij';
  const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  let t: TestApp;
  let org: Awaited<ReturnType<typeof createOrganization>>;
  let s: SiteRow;
  beforeAll(async () => {
    t = await createTestApp({ MQTT_AUTH_TOKEN: TOKEN });
    org = await createOrganization(t.db);
    s = await createSite(t.db, org);
  });
  afterAll(() => t?.close());

  const samples = async (db: Db, deviceId: string) =>
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from device_resource_samples where device_id = ${deviceId}`,
      )
    ).rows[0]?.n;
  const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 5_000, interval: 20 });
  const sent = (client: MqttClient, deviceId: string, kind: 'report' | 'results', body: string) =>
    client.publishAsync(deviceTopic(deviceId, kind), body, { qos: 1 });
  const result = (id: string) => JSON.stringify({ id, ok: true, result: {} });

  it('through the embedded broker, on a connection nothing ended: refused, counted, nothing stored', async () => {
    const ingest = t.app.edge.ingest;
    const results: string[] = [];
    const embedded = await startEmbeddedBroker({
      db: t.db,
      log: silentLog,
      port: 0,
      host: '127.0.0.1',
      gatewayCredentials: newGatewayCredentials(),
      consume: createDeviceMessageRouter({ ingest, log: silentLog, onResult: (id) => results.push(id) }),
    });
    try {
      const { device, secret } = await edgeDevice(t.db, s);
      const client = track(await connectDevice(embedded.url, device.id, secret));
      await sent(client, device.id, 'report', report(Date.now() - 1_000));
      expect(await samples(t.db, device.id)).toBe(1);
      // Revoked in the database only (revocation through provisioning also ends the connection).
      await revokeDeviceSecret(t.db, device.id);
      await sent(client, device.id, 'report', report(Date.now()));
      expect(ingest.refusedCount(device.id)).toBe(1);
      expect(await samples(t.db, device.id)).toBe(1);
      // The broker hands command results to the gateway's client: none here, so straight through the router.
      const route = createDeviceMessageRouter({ ingest, log: silentLog, onResult: (id) => results.push(id) });
      expect(
        await route(deviceTopic(device.id, 'results'), Buffer.from(result(randomUUID())), Date.now()),
      ).toBe('stored');
      expect(results).toEqual([]);
      expect(ingest.refusedCount(device.id)).toBe(2);
      expect(client.connected).toBe(true);
    } finally {
      await embedded.close();
    }
  });

  it("through the machine's Mosquitto, which keeps the connection: refused until the new secret connects", async (ctx: TestContext) => {
    if (!(await mqttBrokerAnswers(MOSQUITTO)))
      return ctx.skip(`no MQTT broker answers at ${MOSQUITTO} (set TEST_MQTT_URL to run this test)`);
    const ingest = t.app.edge.ingest;
    const run = randomUUID().slice(0, 8);
    const clientId = `vnoc-gateway-test-${run}`;
    const results: string[] = [];
    const gateway = startMqttGateway({
      connection: { url: MOSQUITTO },
      clientId,
      // A group of this run's own: a session other runs left on the machine's broker takes no share.
      shareGroup: `vnoc-test-${run}`,
      consumeReports: true,
      route: createDeviceMessageRouter({ ingest, log: silentLog, onResult: (id) => results.push(id) }),
      log: silentLog,
    });
    const devices: MqttClient[] = [];
    // The HTTP authentication Mosquitto calls (mosquitto-go-auth) when a device connects with its secret.
    const brokerAuth = (deviceId: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/edge/mqtt/auth',
        payload: { clientid: deviceId, username: deviceId, password },
        headers: { authorization: `Bearer ${TOKEN}` },
      });
    const connect = async (deviceId: string, password: string) => {
      expect((await brokerAuth(deviceId, password)).statusCode).toBe(200);
      const client = await mqtt.connectAsync(MOSQUITTO, { clientId: deviceId, reconnectPeriod: 0 });
      devices.push(client);
      return client;
    };
    try {
      await gateway.ready;
      const { device, secret } = await edgeDevice(t.db, s);
      const old = await connect(device.id, secret);
      await sent(old, device.id, 'report', report(Date.now() - 3_000));
      await waitFor(async () => expect(await samples(t.db, device.id)).toBe(1));

      // Rotated: the connection Mosquitto keeps is the old secret's.
      const rotated = await issueDeviceSecret(t.db, device.id, org.id);
      await sent(old, device.id, 'report', report(Date.now() - 2_000));
      await sent(old, device.id, 'results', result(randomUUID()));
      await waitFor(() => expect(ingest.refusedCount(device.id)).toBe(2));
      expect(results).toEqual([]);
      expect(await samples(t.db, device.id)).toBe(1);
      expect(old.connected).toBe(true);
      // The old secret proves nothing; the new one connects, and Mosquitto ends the old connection (same client id).
      expect((await brokerAuth(device.id, secret)).statusCode).toBe(403);
      const ended = closed(old);
      const renewed = await connect(device.id, rotated);
      await ended;
      await sent(renewed, device.id, 'report', report(Date.now() - 1_000));
      await waitFor(async () => expect(await samples(t.db, device.id)).toBe(2));

      // Revoked: refused at once on the connection Mosquitto keeps.
      await revokeDeviceSecret(t.db, device.id);
      await sent(renewed, device.id, 'report', report(Date.now()));
      await waitFor(() => expect(ingest.refusedCount(device.id)).toBe(3));
      expect(await samples(t.db, device.id)).toBe(2);
      expect((await brokerAuth(device.id, rotated)).statusCode).toBe(403);
    } finally {
      await Promise.all(devices.map((d) => d.endAsync(true)));
      await gateway.close();
      // A persistent session left on the machine's broker would take a share of others' messages: end it.
      const cleaner = await mqtt.connectAsync(MOSQUITTO, { clientId, clean: true, reconnectPeriod: 0 });
      await cleaner.endAsync();
    }
  });
});
