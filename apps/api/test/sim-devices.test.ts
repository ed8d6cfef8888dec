/**
 * Issue 36, the simulator as one more client of the device protocol: with the device edge started as the server
 * starts it (embedded broker, gateway client, real ingest, job worker), each simulated device is connected to the
 * broker with its own secret, takes its troubleshooting jobs as commands on its own topic and publishes what the
 * simulator decides (status changes, heartbeats, samples) on its own `state` and `report` topics, which the
 * ingest records. A job's result is the simulator's answer (the same seed, device, action and time answer the
 * same as in process), a reboot moves the device through rebooting and back, a port action writes the disabled
 * ports, and a refusal keeps its words. Real PostgreSQL, real job queue, real aedes, real mqtt.js clients; the
 * simulator's actions run 1000× fast.
 */
import { randomUUID } from 'node:crypto';
import { type DiagnosticAction, PortsResultSchema, RebootResultSchema } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type DeviceEdgeTransport,
  type EmbeddedBroker,
  newGatewayCredentials,
  startDeviceEdge,
  startEmbeddedBroker,
} from '../src/fleet/edge/index.ts';
import { createDeviceIngest, type EdgeIngest } from '../src/fleet/edge/ingest.ts';
import {
  createActionHandlers,
  createCommandAnswerer,
  type Gateway,
  loadActionDevice,
  startGateway,
} from '../src/fleet/gateway/index.ts';
import { startSimulatedDevices } from '../src/fleet/gateway/sim-devices.ts';
import { createJobEngine, type Job, type JobEngine } from '../src/fleet/jobs/index.ts';
import { ACTION_MESSAGES, runAction } from '../src/fleet/simulator/actions/index.ts';
import { mqttBrokerAnswers, recordingIngest } from './edge-support.ts';
import {
  createDevice,
  createOrganization,
  createSite,
  createUser,
  type DeviceRow,
  type SiteRow,
} from './factories.ts';
import { createTestDatabase, silentLog, testConfig } from './helpers.ts';

const SEED = 11;
/** Simulated ms per real ms for the actions: a 60 s speed test takes 60 ms. */
const SPEED = 1000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let gateway: Gateway;
let jobs: JobEngine;
let edge: DeviceEdgeTransport;
/** The device edge's real ingest, its calls counted (what arrived through the broker). */
let ingest: EdgeIngest;
let site: SiteRow;
let userId: string;
let up: DeviceRow;
let rebooting: DeviceRow;
let ports: DeviceRow;
let down: DeviceRow;
/** The answers' clock: frozen while a test compares answers, real otherwise. */
let frozenAt: number | undefined;
const now = () => frozenAt ?? Date.now();
const answering = () => ({ db: database.db, gateway, seed: SEED, speed: SPEED, now });

beforeAll(async () => {
  database = await createTestDatabase();
  const org = await createOrganization(database.db);
  site = await createSite(database.db, org);
  userId = (await createUser(database.db, org, { role: 'ADMINISTRATOR' })).id;
  up = await createDevice(database.db, site);
  rebooting = await createDevice(database.db, site);
  ports = await createDevice(database.db, site);
  down = await createDevice(database.db, site, { status: 'offline', connection: 'none' });
  // The fleet runs in real time (calm for the test's few seconds); only the actions are accelerated.
  gateway = await startGateway({ db: database.db, log: silentLog, seed: SEED, speed: 1, now: Date.now() });
  jobs = createJobEngine({ db: database.db, log: silentLog, pollMs: 50 });
  ingest = createDeviceIngest({ db: database.db, log: silentLog, heartbeatTimeoutMs: 180_000 });
  edge = await startDeviceEdge({
    config: testConfig(),
    db: database.db,
    log: silentLog,
    ingest,
    jobs,
    simulatorHandlers: createActionHandlers(answering()),
    simulatorAnswers: createCommandAnswerer(answering(), { recordPorts: false }),
  });
  const devices = edge.simulatedDevices;
  if (!devices) throw new Error('the simulated devices did not start');
  gateway.attachDevices(devices);
});

afterAll(async () => {
  await jobs?.stop();
  await edge?.stop();
  await gateway?.stop();
  await database?.drop();
});

/** The job once it finished (polled from the queue; fails after 10 s). */
const finished = (jobId: string) =>
  vi.waitFor(
    async () => {
      const job = await jobs.getJob(jobId, site.organizationId);
      if (job?.state !== 'succeeded' && job?.state !== 'failed') throw new Error(`still ${job?.state}`);
      return job;
    },
    { timeout: 10_000, interval: 20 },
  );

async function runJob(deviceId: string, action: DiagnosticAction, params: Record<string, unknown> = {}) {
  const job = await jobs.enqueue({
    organizationId: site.organizationId,
    deviceId,
    action,
    params,
    requestedBy: userId,
  });
  return finished(job.id);
}

/** Counts the commands the gateway sent and the simulated devices received over the broker during `work`. */
async function counted<T>(work: () => Promise<T>): Promise<{ value: T; sent: string[]; received: number }> {
  const sim = edge.simulatedDevices;
  if (!sim) throw new Error('the simulated devices did not start');
  const send = vi.spyOn(edge.commands, 'send');
  const before = sim.commandsReceived;
  try {
    const value = await work();
    return {
      value,
      sent: send.mock.calls.map((c) => `${c[0]} ${c[1]}`),
      received: sim.commandsReceived - before,
    };
  } finally {
    send.mockRestore();
  }
}

const deviceRow = async (id: string) =>
  (
    await database.db.execute<{ status: string; disabled_ports: number[] }>(
      sql`select status, disabled_ports from devices where id = ${id}`,
    )
  ).rows[0];

describe("the simulator's devices on the embedded broker", () => {
  it('connects every simulated device with a secret stored hashed, never in plain text', async () => {
    expect(edge.simulatedDevices?.size).toBe(4);
    for (const d of [up, rebooting, ports, down]) expect(edge.simulatedDevices?.has(d.id)).toBe(true);
    const { rows } = await database.db.execute<{ device_id: string; secret_hash: string }>(
      sql`select device_id, secret_hash from device_credentials where revoked_at is null`,
    );
    expect(rows.map((r) => r.device_id).sort()).toEqual([up.id, rebooting.id, ports.id, down.id].sort());
    for (const r of rows) expect(r.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['traceroute', { vlan: 1, ip: '8.8.8.8' }],
    ['wantest', {}],
    ['lanpingtest', { batchId: randomUUID() }],
    ['systemTest', {}],
    ['speedtest', { vlan: 1 }],
  ] as const)(
    '%s travels as a command and answers what the simulator answers (same seed, device, time)',
    async (action, params) => {
      frozenAt = Date.parse('2026-03-10T15:00:00.000Z');
      try {
        const { value: job, sent, received } = await counted(() => runJob(up.id, action, params));
        expect(sent).toEqual([`${up.id} ${action}`]);
        expect(received).toBe(1);
        expect(job.state).toBe('succeeded');
        // The pure simulator's answer, and the in-process handlers' answer, for the same device at the same time.
        const device = await loadActionDevice(database.db, up.id);
        if (!device) throw new Error('no device');
        const run = runAction(device, action, params, { seed: SEED, nowMs: frozenAt });
        expect(run.outcome.ok).toBe(true);
        if (run.outcome.ok) expect(job.result).toEqual(run.outcome.result);
        const inProcess = await createActionHandlers(answering())[action](
          { id: randomUUID(), deviceId: up.id, action, params } as unknown as Job,
          new AbortController().signal,
        );
        expect(job.result).toEqual(inProcess);
      } finally {
        frozenAt = undefined;
      }
    },
  );

  it('reboot travels as a command; the device publishes rebooting, then reports back online, through the broker', async () => {
    const states = vi.spyOn(ingest, 'rebooting');
    const reports = vi.spyOn(ingest, 'report');
    try {
      const { value: job, received } = await counted(() => runJob(rebooting.id, 'reboot'));
      expect(received).toBe(1);
      expect(job.state).toBe('succeeded');
      const result = RebootResultSchema.parse(job.result);
      // The state message reached the ingest from the broker (the router's call), with the time it happened (a
      // simulated device's broker is in process: no connection stamp).
      expect(states.mock.calls).toEqual([[rebooting.id, expect.any(Number), undefined]]);
      expect((await deviceRow(rebooting.id))?.status).toBe('rebooting');
      // The simulation moves to just past the due time (its clock is the tick's argument): the device reports.
      const tick = await gateway.tick(Date.parse(result.expectedBackAt) + 20);
      expect(tick).toMatchObject({ skipped: false, failed: 0 });
      expect(reports.mock.calls.map((c) => c[0])).toContain(rebooting.id);
      expect((await deviceRow(rebooting.id))?.status).toBe('online');
    } finally {
      states.mockRestore();
      reports.mockRestore();
    }
  });

  it('disable and revert travel as commands and write the disabled ports', async () => {
    const { value: disabled, received } = await counted(() =>
      runJob(ports.id, 'disableLanPorts', { ports: [3, 2] }),
    );
    expect(received).toBe(1);
    expect(disabled.state).toBe('succeeded');
    const states = PortsResultSchema.parse(disabled.result).ports;
    expect(states.filter((p) => !p.enabled).map((p) => p.systemNumber)).toEqual([2, 3]);
    expect((await deviceRow(ports.id))?.disabled_ports).toEqual([2, 3]);

    const reverted = await runJob(ports.id, 'revertLanPorts');
    expect(reverted.state).toBe('succeeded');
    expect(PortsResultSchema.parse(reverted.result).ports.every((p) => p.enabled)).toBe(true);
    expect((await deviceRow(ports.id))?.disabled_ports).toEqual([]);
  });

  it("a port action's answer over the broker writes nothing itself: the device edge records it from the answer", async () => {
    const answer = createCommandAnswerer(answering(), { recordPorts: false });
    const result = PortsResultSchema.parse(
      await answer(ports.id, 'disableLanPorts', { ports: [4] }, new AbortController().signal),
    );
    expect(result.ports.filter((p) => !p.enabled).map((p) => p.systemNumber)).toEqual([4]);
    expect((await deviceRow(ports.id))?.disabled_ports).toEqual([]);
  });

  it("a refused action fails with the simulator's words (offline device; a VLAN the device does not have)", async () => {
    const offline = await runJob(down.id, 'traceroute', { vlan: 1, ip: '8.8.8.8' });
    expect([offline.state, offline.error]).toEqual(['failed', ACTION_MESSAGES.offline]);
    const { value: unknownVlan, received } = await counted(() => runJob(up.id, 'speedtest', { vlan: 99 }));
    expect(received).toBe(1);
    expect([unknownVlan.state, unknownVlan.error]).toEqual(['failed', 'Unknown VLAN.']);
  });
});

/**
 * One simulated device on `broker` (its own connection, as the edge makes them), and a gateway of its own whose
 * messages go through it (the other simulated devices of the database have no connection here).
 */
async function oneDeviceOn(broker: Pick<EmbeddedBroker, 'connectInProcess'>, deviceId: string) {
  const sim = await startSimulatedDevices({
    db: database.db,
    log: silentLog,
    connection: { stream: () => broker.connectInProcess() },
    answer: createCommandAnswerer(answering(), { recordPorts: false }),
    devices: [{ id: deviceId, organizationId: site.organizationId }],
  });
  await sim.ready;
  const own = await startGateway({ db: database.db, log: silentLog, seed: SEED, speed: 1, now: Date.now() });
  own.attachDevices(sim);
  return { sim, own };
}

describe('without its connection to the broker a simulated device changes nothing', () => {
  it('an outage the simulator decides is not recorded when the device cannot publish it', async () => {
    const victim = await createDevice(database.db, site);
    const { sim, own } = await oneDeviceOn(edge.broker as EmbeddedBroker, victim.id);
    try {
      // Connected: the outage goes through the broker to the ingest.
      expect(await own.outage(victim.id, 60_000)).not.toBeNull();
      expect((await deviceRow(victim.id))?.status).toBe('offline');
      await own.tick(Date.now() + 61_000);
      expect((await deviceRow(victim.id))?.status).toBe('online');
      // Its connection closed: the simulator still decides an outage, and nothing is recorded.
      await sim.stop();
      await expect(own.outage(victim.id, 60_000)).rejects.toThrow(/could not report/);
      expect(own.state.devices.find((d) => d.id === victim.id)?.status).toBe('offline');
      expect((await deviceRow(victim.id))?.status).toBe('online');
    } finally {
      await own.stop();
      await sim.stop();
    }
  });
});

describe('stopping the simulated devices', () => {
  it('ends a tick waiting for acknowledgements that will never come', async () => {
    // A broker that never stores what it is given, so it never acknowledges.
    let consumed = 0;
    const stuck = await startEmbeddedBroker({
      db: database.db,
      log: silentLog,
      port: 0,
      host: '127.0.0.1',
      gatewayCredentials: newGatewayCredentials(),
      consume: () => {
        consumed += 1;
        return new Promise(() => undefined);
      },
    });
    const { sim, own } = await oneDeviceOn(stuck, up.id);
    try {
      let settled = false;
      const tick = own.tick(Date.now() + 5_000).finally(() => {
        settled = true;
      });
      // Its heartbeat is in flight, unacknowledged: the tick waits.
      await vi.waitFor(() => expect(consumed).toBeGreaterThan(0));
      expect(settled).toBe(false);
      await sim.stop();
      expect(await tick).toMatchObject({ skipped: false, sent: 0 });
    } finally {
      await own.stop();
      await stuck.close();
    }
  });
});

describe("the simulator's devices on an external broker: the machine's Mosquitto", () => {
  const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

  it("they connect to MQTT_URL and answer a command sent there with the simulator's answer", async (ctx) => {
    if (!(await mqttBrokerAnswers(MOSQUITTO)))
      ctx.skip(`no MQTT broker answers at ${MOSQUITTO} (set TEST_MQTT_URL to run this test)`);
    const clientId = `vnoc-gateway-test-${randomUUID().slice(0, 8)}`;
    const externalJobs = createJobEngine({ db: database.db, log: silentLog, pollMs: 50 });
    const external = await startDeviceEdge({
      config: testConfig({ MQTT_URL: MOSQUITTO, MQTT_SHARE_GROUP: clientId }),
      db: database.db,
      log: silentLog,
      ingest: recordingIngest(),
      // No job is queued meanwhile: here commands are sent directly.
      jobs: externalJobs,
      gatewayClientId: clientId,
      simulatorHandlers: createActionHandlers(answering()),
      simulatorAnswers: createCommandAnswerer(answering(), { recordPorts: false }),
    });
    frozenAt = Date.parse('2026-03-10T15:00:00.000Z');
    try {
      expect(external.broker).toBeUndefined();
      await external.gateway.ready;
      await external.simulatedDevices?.ready;
      expect(external.simulatedDevices?.has(up.id)).toBe(true);
      const result = await external.commands.send(up.id, 'systemTest', {}, 30_000);
      const device = await loadActionDevice(database.db, up.id);
      if (!device) throw new Error('no device');
      const run = runAction(device, 'systemTest', {}, { seed: SEED, nowMs: frozenAt });
      expect(run.outcome.ok && result).toEqual(run.outcome.ok && run.outcome.result);
      expect(external.simulatedDevices?.commandsReceived).toBe(1);
    } finally {
      frozenAt = undefined;
      await externalJobs.stop();
      await external.stop();
    }
  });
});
