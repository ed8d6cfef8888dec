/**
 * Issue 36, commands to real devices: a troubleshooting job of an 'agent' device becomes a command on the
 * device's topic, the device's answer completes the job (or fails it with the device's words), silence fails
 * it after the action's timeout, and a device with a persistent session gets a command sent while it was away.
 * Real job queue and worker on PostgreSQL, real aedes, the gateway's real MQTT client, real mqtt.js devices.
 */
import {
  type DeviceCommand,
  DeviceCommandSchema,
  type DiagnosticAction,
  deviceTopic,
  type TracerouteResult,
} from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmbeddedBroker } from '../src/fleet/edge/broker.ts';
import {
  COMMAND_MESSAGES,
  type CommandSender,
  createEdgeActionHandlers,
  routeJobsByDriver,
} from '../src/fleet/edge/commands.ts';
import type { MqttGateway } from '../src/fleet/edge/mqtt-gateway.ts';
import { createJobEngine, type Job, type JobEngine, type JobHandler } from '../src/fleet/jobs/index.ts';
import { ACTION_MESSAGES } from '../src/fleet/simulator/actions/index.ts';
import { connectDevice, edgeDevice, startCommandPath, until } from './edge-support.ts';
import { createOrganization, createSite, createUser, type SiteRow } from './factories.ts';
import { createTestDatabase, silentLog } from './helpers.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let broker: EmbeddedBroker;
let gateway: MqttGateway;
let commands: CommandSender;
let jobs: JobEngine;
let site: SiteRow;
let userId: string;
const clients: MqttClient[] = [];
/** What the simulator's handlers were asked (the composite hands simulated devices' jobs to them). */
const simulated: string[] = [];

const TRACEROUTE: TracerouteResult = {
  target: '192.0.2.1',
  vlan: 1,
  hops: [
    { hop: 1, host: 'isp-router', ip: '10.0.0.1', ms: [0.4, 0.3, 0.3] },
    { hop: 2, host: null, ip: '192.0.2.1', ms: [1.2, null, 1.1] },
  ],
};

beforeAll(async () => {
  database = await createTestDatabase();
  const org = await createOrganization(database.db);
  site = await createSite(database.db, org);
  userId = (await createUser(database.db, org, { role: 'ADMINISTRATOR' })).id;
  ({ broker, gateway, commands } = await startCommandPath(database.db));
  const simulatorHandler: JobHandler = async (job) => {
    simulated.push(job.deviceId);
    return { answeredBy: 'simulator' };
  };
  jobs = createJobEngine({ db: database.db, log: silentLog, pollMs: 50 });
  jobs.start(
    routeJobsByDriver(database.db, {
      simulator: Object.fromEntries(
        [
          'reboot',
          'wantest',
          'lanpingtest',
          'systemTest',
          'speedtest',
          'traceroute',
          'disableLanPorts',
          'revertLanPorts',
        ].map((a) => [a, simulatorHandler]),
      ),
      agent: createEdgeActionHandlers({
        db: database.db,
        commands,
        timeoutsMs: { systemTest: 300, wantest: 2_000 },
      }),
    }),
  );
});

afterAll(async () => {
  await jobs?.stop();
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await gateway?.close();
  await broker?.close();
  await database?.drop();
});

/** A device client that answers each command it receives with `answer` (or not at all, for undefined). */
async function answeringDevice(
  deviceId: string,
  secret: string,
  answer: (command: DeviceCommand) => object | undefined,
  options: Parameters<typeof connectDevice>[3] = {},
) {
  const client = await connectDevice(broker.url, deviceId, secret, options);
  clients.push(client);
  const received: DeviceCommand[] = [];
  client.on('message', (topic, payload) => {
    if (topic !== deviceTopic(deviceId, 'commands')) return;
    const command = DeviceCommandSchema.parse(JSON.parse(payload.toString()));
    received.push(command);
    const result = answer(command);
    if (result)
      client.publish(deviceTopic(deviceId, 'results'), JSON.stringify({ id: command.id, ...result }), {
        qos: 1,
      });
  });
  await client.subscribeAsync(deviceTopic(deviceId, 'commands'), { qos: 1 });
  return { client, received };
}

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

async function runJob(
  deviceId: string,
  action: DiagnosticAction,
  params: Record<string, unknown> = {},
): Promise<Job> {
  const job = await jobs.enqueue({
    organizationId: site.organizationId,
    deviceId,
    action,
    params,
    requestedBy: userId,
  });
  return finished(job.id);
}

describe('troubleshooting jobs of devices that report over MQTT', () => {
  it("sends the command on the device's topic and completes the job with the device's result", async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const { received } = await answeringDevice(device.id, secret, () => ({ ok: true, result: TRACEROUTE }));
    const job = await runJob(device.id, 'traceroute', { vlan: 1, ip: '192.0.2.1' });
    expect(job.state).toBe('succeeded');
    expect(job.result).toEqual(TRACEROUTE);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ action: 'traceroute', params: { vlan: 1, ip: '192.0.2.1' } });
    expect(received[0]?.timeoutMs).toBeGreaterThan(0);
  });

  it("fails the job with the device's words when it answers a failure", async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    await answeringDevice(device.id, secret, () => ({
      ok: false,
      error: 'traceroute is not installed on the device.',
    }));
    const job = await runJob(device.id, 'traceroute', { vlan: 1, ip: '192.0.2.1' });
    expect([job.state, job.error]).toEqual(['failed', 'traceroute is not installed on the device.']);
  });

  it('fails the job when the device answers nothing within the timeout', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const { received } = await answeringDevice(device.id, secret, () => undefined);
    const job = await runJob(device.id, 'systemTest');
    expect([job.state, job.error]).toEqual(['failed', COMMAND_MESSAGES.noAnswer]);
    expect(received.map((c) => c.timeoutMs)).toEqual([300]);
  });

  it("fails the job when the result is not the shape of the action's result", async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    await answeringDevice(device.id, secret, () => ({ ok: true, result: { hops: 'many' } }));
    const job = await runJob(device.id, 'traceroute', { vlan: 1, ip: '192.0.2.1' });
    expect([job.state, job.error]).toEqual(['failed', COMMAND_MESSAGES.unreadable]);
  });

  it('ignores an answer to another command id and a malformed answer; the right one settles the job', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const { client } = await answeringDevice(device.id, secret, (command) => {
      const results = deviceTopic(device.id, 'results');
      client.publish(results, JSON.stringify({ id: crypto.randomUUID(), ok: false, error: 'not yours' }), {
        qos: 1,
      });
      client.publish(results, 'not json', { qos: 1 });
      client.publish(results, JSON.stringify({ id: command.id, ok: 'yes' }), { qos: 1 });
      return { ok: true, result: TRACEROUTE };
    });
    const job = await runJob(device.id, 'traceroute', { vlan: 1, ip: '192.0.2.1' });
    expect(job.state).toBe('succeeded');
  });

  it('refuses without sending anything when the device is not up', async () => {
    const { device, secret } = await edgeDevice(database.db, site, 'agent', { status: 'offline' });
    const { received } = await answeringDevice(device.id, secret, () => ({ ok: true, result: TRACEROUTE }));
    const job = await runJob(device.id, 'traceroute', { vlan: 1, ip: '192.0.2.1' });
    expect([job.state, job.error]).toEqual(['failed', ACTION_MESSAGES.offline]);
    expect(received).toEqual([]);
  });

  it('records the ports a port action left off as the device answers them', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const revertAt = new Date(Date.now() + 10 * 60_000).toISOString();
    await answeringDevice(device.id, secret, (command) =>
      command.action === 'disableLanPorts'
        ? {
            ok: true,
            result: {
              ports: [
                { systemNumber: 2, enabled: false },
                { systemNumber: 3, enabled: true },
                { systemNumber: 4, enabled: false },
              ],
              revertAt,
            },
          }
        : { ok: true, result: { ports: [2, 3, 4].map((systemNumber) => ({ systemNumber, enabled: true })) } },
    );
    const disabledPorts = async () =>
      (
        await database.db.execute<{ disabled_ports: number[] }>(
          sql`select disabled_ports from devices where id = ${device.id}`,
        )
      ).rows[0]?.disabled_ports;
    const disable = await runJob(device.id, 'disableLanPorts', { ports: [2, 4] });
    expect(disable.state).toBe('succeeded');
    expect(disable.result).toMatchObject({ revertAt });
    expect(await disabledPorts()).toEqual([2, 4]);
    const revert = await runJob(device.id, 'revertLanPorts');
    expect(revert.state).toBe('succeeded');
    expect(await disabledPorts()).toEqual([]);
  });

  it('delivers a command sent while the device was away once it comes back (persistent session)', async () => {
    const { device, secret } = await edgeDevice(database.db, site);
    const first = await connectDevice(broker.url, device.id, secret, { clean: false });
    await first.subscribeAsync(deviceTopic(device.id, 'commands'), { qos: 1 });
    await first.endAsync();
    const job = await jobs.enqueue({
      organizationId: site.organizationId,
      deviceId: device.id,
      action: 'wantest',
      params: {},
      requestedBy: userId,
    });
    // The command is on its way (the job runs) before the device is back.
    await until(() => commands.pending > 0);
    const result = {
      link: 'primary',
      targets: [
        { target: '192.0.2.1', name: 'Gateway', sent: 5, min: 1, avg: 2, max: 3, jitter: 0.5, loss: 0 },
      ],
    };
    const back = await connectDevice(broker.url, device.id, secret, { clean: false });
    clients.push(back);
    back.on('message', (_topic, payload) => {
      const command = DeviceCommandSchema.parse(JSON.parse(payload.toString()));
      back.publish(deviceTopic(device.id, 'results'), JSON.stringify({ id: command.id, ok: true, result }), {
        qos: 1,
      });
    });
    expect(await finished(job.id)).toMatchObject({ state: 'succeeded', result });
  });
});

describe('jobs go to the driver of their device', () => {
  it("fails an OpenWISP device's job: it takes no commands", async () => {
    const { device } = await edgeDevice(database.db, site, 'openwisp');
    const job = await runJob(device.id, 'reboot');
    expect([job.state, job.error]).toEqual(['failed', COMMAND_MESSAGES.openwisp]);
  });

  it("gives a simulated device's job to the simulator's handlers", async () => {
    const { device } = await edgeDevice(database.db, site, 'simulator');
    const job = await runJob(device.id, 'systemTest');
    expect(job.result).toEqual({ answeredBy: 'simulator' });
    expect(simulated).toContain(device.id);
  });

  it("fails a simulated device's job when the simulator does not run", async () => {
    const { device } = await edgeDevice(database.db, site, 'simulator');
    const handlers = routeJobsByDriver(database.db, { agent: {} });
    const job = { id: crypto.randomUUID(), deviceId: device.id, action: 'systemTest' } as unknown as Job;
    await expect(handlers.systemTest(job, new AbortController().signal)).rejects.toThrow(
      COMMAND_MESSAGES.simulatorStopped,
    );
  });
});
