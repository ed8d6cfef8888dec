/**
 * Issue 36 follow-up: keeping disabled ports off from the console. A real device turns the ports of a
 * `disableLanPorts` back on by itself at `revertAt`; POST device/troubleshooting/confirmLanPorts/{id} queues a
 * job that sends it `confirmLanPorts`, and the device's answer (the ports, no `revertAt`) completes it.
 * Refused for a simulated device, when nothing is pending, across organizations and without port control.
 * Real app, job queue and worker on PostgreSQL, real aedes broker, the gateway's real MQTT client, and a
 * mqtt.js device that keeps its ports as the reference agent does.
 */
import {
  type DeviceCommand,
  DeviceCommandSchema,
  deviceTopic,
  ErrorIds,
  isFinishedJobState,
  type Job,
  JobSchema,
  type PortsResult,
} from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedBroker } from '../src/fleet/edge/broker.ts';
import {
  COMMAND_MESSAGES,
  type CommandSender,
  createEdgeActionHandlers,
  routeJobsByDriver,
} from '../src/fleet/edge/commands.ts';
import type { MqttGateway } from '../src/fleet/edge/mqtt-gateway.ts';
import { connectDevice, edgeDevice, startCommandPath } from './edge-support.ts';
import { createOrganization, createSite, createUser, type SiteRow, tokenFor } from './factories.ts';
import { bearer, count, useTestApp } from './helpers.ts';

const t = useTestApp();
const base = '/api/device/troubleshooting';
let broker: EmbeddedBroker;
let gateway: MqttGateway;
let commands: CommandSender;
let site: SiteRow;
const clients: MqttClient[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const org = await createOrganization(t.db, { entitlements: ['diagnostics', 'port-control'] });
  const orgB = await createOrganization(t.db, { entitlements: ['diagnostics', 'port-control'] });
  const orgNoPorts = await createOrganization(t.db, { entitlements: ['diagnostics'] });
  site = await createSite(t.db, org);
  for (const [name, o, role] of [
    ['admin', org, 'ADMINISTRATOR'],
    ['user', org, 'USER'],
    ['readOnly', org, 'READ_ONLY'],
    ['adminB', orgB, 'ADMINISTRATOR'],
    ['adminNoPorts', orgNoPorts, 'ADMINISTRATOR'],
  ] as const)
    tokens[name] = await tokenFor(t.db, await createUser(t.db, o, { role }), 'full');

  ({ broker, gateway, commands } = await startCommandPath(t.db));
  t.jobs.start(
    routeJobsByDriver(t.db, {
      agent: createEdgeActionHandlers({ db: t.db, commands, timeoutsMs: { confirmLanPorts: 300 } }),
    }),
  );
});

afterAll(async () => {
  await t.jobs.stop();
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await gateway?.close();
  await broker?.close();
});

/** Resolves once the engine told the job finished (its `onChange` hook, after the state is stored). */
function jobDone(jobId: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = t.onJobChange((changes) => {
      if (changes.some((c) => c.id === jobId && isFinishedJobState(c.state))) {
        stop();
        resolve();
      }
    });
    // Already finished before we listened.
    void t.db.execute<{ state: string }>(sql`select state from jobs where id = ${jobId}`).then(({ rows }) => {
      if (rows[0] && isFinishedJobState(rows[0].state as Job['state'])) {
        stop();
        resolve();
      }
    });
  });
}

const call = (token: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const confirm = (deviceId: string, token = tokens.admin as string, payload?: object) =>
  call(token, `${base}/confirmLanPorts/${deviceId}`, payload);

/** Runs an action through the API and answers the job once it finished. */
async function runAction(deviceId: string, action: string, payload: object = {}): Promise<Job> {
  const res = await call(tokens.admin as string, `${base}/${action}/${deviceId}`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return finished(JobSchema.parse(res.json()).id);
}

async function finished(jobId: string): Promise<Job> {
  await jobDone(jobId);
  const res = await call(tokens.admin as string, `${base}/future/${jobId}`);
  expect(res.statusCode).toBe(200);
  return JobSchema.parse(res.json());
}

/**
 * A device that keeps its LAN ports as the reference agent does: disabling turns them off and answers when
 * they come back on (`revertAt`, `revertInMs` from now); confirming cancels that; reverting turns them on.
 * `silentOn` names a command it never answers.
 */
async function portDevice(options: { revertInMs?: number; silentOn?: string } = {}) {
  const { device, secret } = await edgeDevice(t.db, site);
  const client = await connectDevice(broker.url, device.id, secret);
  clients.push(client);
  const received: DeviceCommand[] = [];
  const off = new Set<number>();
  let revertAt: number | null = null;
  const ports = (): PortsResult => ({
    ports: [2, 3, 4].map((n) => ({ systemNumber: n, enabled: !off.has(n) })),
    ...(revertAt !== null ? { revertAt: new Date(revertAt).toISOString() } : {}),
  });
  client.on('message', (topic, payload) => {
    if (topic !== deviceTopic(device.id, 'commands')) return;
    const command = DeviceCommandSchema.parse(JSON.parse(payload.toString()));
    received.push(command);
    if (command.action === options.silentOn) return;
    if (command.action === 'disableLanPorts') {
      for (const n of command.params.ports as number[]) off.add(n);
      revertAt = Date.now() + (options.revertInMs ?? 10 * 60_000);
    } else if (command.action === 'confirmLanPorts') revertAt = null;
    else if (command.action === 'revertLanPorts') {
      off.clear();
      revertAt = null;
    }
    client.publish(
      deviceTopic(device.id, 'results'),
      JSON.stringify({ id: command.id, ok: true, result: ports() }),
      { qos: 1 },
    );
  });
  await client.subscribeAsync(deviceTopic(device.id, 'commands'), { qos: 1 });
  return { device, received };
}

const jobCount = (deviceId: string) => count(t.pool, 'jobs', 'device_id = $1', [deviceId]);

describe('keeping disabled ports off (confirmLanPorts)', () => {
  it('sends confirmLanPorts to the device, keeps the ports off without a revert time, and lists the run', async () => {
    const { device, received } = await portDevice();
    const disable = await runAction(device.id, 'disableLanPorts', { ports: [2, 3] });
    expect(disable).toMatchObject({ state: 'succeeded', result: { revertAt: expect.any(String) } });

    const res = await confirm(device.id, tokens.user);
    expect(res.statusCode, res.body).toBe(200);
    const queued = JobSchema.parse(res.json());
    expect(queued).toMatchObject({ action: 'confirmLanPorts', deviceId: device.id, params: {} });
    const job = await finished(queued.id);
    expect(job.state).toBe('succeeded');
    expect(job.action === 'confirmLanPorts' && job.result).toEqual({
      ports: [
        { systemNumber: 2, enabled: false },
        { systemNumber: 3, enabled: false },
        { systemNumber: 4, enabled: true },
      ],
    });
    expect(received.map((c) => c.action)).toEqual(['disableLanPorts', 'confirmLanPorts']);
    expect(received[1]?.params).toEqual({});
    const { rows } = await t.db.execute<{ disabled_ports: number[] }>(
      sql`select disabled_ports from devices where id = ${device.id}`,
    );
    expect(rows[0]?.disabled_ports).toEqual([2, 3]);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/device/${device.id}/troubleshooting`,
      headers: bearer(tokens.readOnly as string),
    });
    expect(history.json().map((j: Job) => j.action)).toEqual(['confirmLanPorts', 'disableLanPorts']);
    expect(
      await count(t.pool, 'audit_log', "action = 'device.troubleshooting.confirmLanPorts' and target = $1", [
        device.id,
      ]),
    ).toBe(1);

    // Confirmed: nothing waits for a revert any more.
    const again = await confirm(device.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      id: ErrorIds.noPortsPending,
      message: 'No ports are waiting to turn back on.',
    });
    expect(await jobCount(device.id)).toBe(2);
  });

  it('refuses a simulated device: it keeps ports off until they are reverted', async () => {
    const { device } = await edgeDevice(t.db, site, 'simulator', { disabledPorts: [2] });
    const res = await confirm(device.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      id: ErrorIds.portsStayOff,
      message: 'This device keeps ports off until they are reverted.',
    });
    expect(await jobCount(device.id)).toBe(0);
  });

  it.each([
    ['no port was disabled', async () => (await portDevice()).device.id],
    [
      'the ports were reverted',
      async () => {
        const { device } = await portDevice();
        await runAction(device.id, 'disableLanPorts', { ports: [4] });
        await runAction(device.id, 'revertLanPorts');
        return device.id;
      },
    ],
    [
      'the revert time has passed',
      async () => {
        const { device } = await portDevice({ revertInMs: -1_000 });
        await runAction(device.id, 'disableLanPorts', { ports: [4] });
        return device.id;
      },
    ],
  ])('refuses when nothing is pending: %s', async (_name, setUp) => {
    const deviceId = await setUp();
    const before = await jobCount(deviceId);
    const res = await confirm(deviceId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ id: ErrorIds.noPortsPending });
    expect(await jobCount(deviceId)).toBe(before);
  });

  it('answers 404 across organizations, 403 without port control or as READ_ONLY, 400 on a body; queues nothing', async () => {
    const { device } = await portDevice();
    await runAction(device.id, 'disableLanPorts', { ports: [2] });
    const cases: [string, number][] = [
      ['adminB', 404],
      ['adminNoPorts', 403],
      ['readOnly', 403],
    ];
    for (const [who, status] of cases) {
      const res = await confirm(device.id, tokens[who]);
      expect([who, res.statusCode]).toEqual([who, status]);
    }
    expect((await confirm(device.id, tokens.admin, { ports: [2] })).statusCode).toBe(400);
    expect((await confirm('not-a-uuid')).statusCode).toBe(404);
    expect(await jobCount(device.id)).toBe(1);
    // Documented, so the generated attacks (attack-*.test.ts read the OpenAPI document) reach it too.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/device/troubleshooting/confirmLanPorts/{id}']?.post).toBeDefined();
  });

  it('fails the job when the device does not answer, and a second confirm is refused while one runs', async () => {
    const { device } = await portDevice({ silentOn: 'confirmLanPorts' });
    await runAction(device.id, 'disableLanPorts', { ports: [3] });
    const first = await confirm(device.id);
    expect(first.statusCode).toBe(200);
    const id = JobSchema.parse(first.json()).id;
    const second = await confirm(device.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ id: ErrorIds.alreadyRunning });
    const job = await finished(id);
    expect(job).toMatchObject({ state: 'failed', error: COMMAND_MESSAGES.noAnswer });
    // Still pending on the device: the person may try again.
    expect((await confirm(device.id)).statusCode).toBe(200);
  });
});
