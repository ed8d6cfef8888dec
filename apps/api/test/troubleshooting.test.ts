import { randomUUID } from 'node:crypto';
import {
  ACTION_SCHEMAS,
  BatchSchema,
  type DiagnosticAction,
  HOST_OR_IP_MESSAGE,
  isFinishedJobState,
  type Job,
  JobSchema,
} from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActionHandlers, type Gateway, startGateway } from '../src/fleet/gateway/index.ts';
import { inProcessDevices } from './edge-support.ts';
import {
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  tokenFor,
} from './factories.ts';
import { bearer, count, silentLog, useTestApp } from './helpers.ts';

const t = useTestApp();
/** Handlers run 1000× faster than the simulated durations: a 60 s speed test takes 60 ms. */
const SPEED = 1000;
const base = '/api/device/troubleshooting';
const FOUR_PORTS = [
  { id: 1, systemNumber: 1, type: 'WAN' },
  { id: 2, systemNumber: 2, type: 'LAN' },
  { id: 3, systemNumber: 3, type: 'LAN' },
  { id: 4, systemNumber: 4, type: 'LAN' },
];
const VLANS = [
  { id: 1, name: 'Corporate', subnet: '10.0.0.0/26' },
  { id: 20, name: 'Guest', subnet: '10.20.0.0/24' },
];

let f: Awaited<ReturnType<typeof fixture>>;
let gateway: Gateway;
const tokens: Record<string, string> = {};

async function fixture() {
  const orgA = await createOrganization(t.db, { entitlements: ['diagnostics', 'port-control'] });
  const orgB = await createOrganization(t.db, { entitlements: ['diagnostics', 'port-control'] });
  const orgNone = await createOrganization(t.db, { entitlements: ['analytics'] });
  const orgNoPorts = await createOrganization(t.db, { entitlements: ['diagnostics'] });
  const site = await createSite(t.db, orgA, { name: 'Main Street' });
  const edge = await createDevice(t.db, site, { portMapping: FOUR_PORTS, vlans: VLANS });
  const ap = await createDevice(t.db, site, {
    kind: 'access-point',
    manufacturer: 'Cisco Meraki',
    model: 'MR36',
    connection: 'none',
    portMapping: [{ id: 1, systemNumber: 1, type: 'LAN' }],
  });
  const offlineSite = await createSite(t.db, orgA, { name: 'Dark Store' });
  const offline = await createDevice(t.db, offlineSite, { status: 'offline', connection: 'none' });
  const spare = [];
  const spareSites = [];
  for (const name of ['North', 'South', 'East']) {
    const s = await createSite(t.db, orgA, { name });
    spareSites.push(s);
    spare.push(await createDevice(t.db, s, { portMapping: FOUR_PORTS, vlans: VLANS }));
  }
  const siteB = await createSite(t.db, orgB);
  const deviceB = await createDevice(t.db, siteB, { portMapping: FOUR_PORTS, vlans: VLANS });
  const siteNone = await createSite(t.db, orgNone);
  const deviceNone = await createDevice(t.db, siteNone);
  const siteNoPorts = await createSite(t.db, orgNoPorts);
  const deviceNoPorts = await createDevice(t.db, siteNoPorts, { portMapping: FOUR_PORTS });
  const users = {
    admin: await createUser(t.db, orgA, {
      role: 'ADMINISTRATOR',
      contact: { firstName: 'Ada', lastName: 'Admin' },
    }),
    user: await createUser(t.db, orgA, { role: 'USER' }),
    readOnly: await createUser(t.db, orgA, { role: 'READ_ONLY' }),
    adminB: await createUser(t.db, orgB, { role: 'ADMINISTRATOR' }),
    adminNone: await createUser(t.db, orgNone, { role: 'ADMINISTRATOR' }),
    adminNoPorts: await createUser(t.db, orgNoPorts, { role: 'ADMINISTRATOR' }),
    restricted: await createUser(t.db, orgA, { role: 'USER' }),
  };
  // The restricted user sees the North site only.
  await createGroup(t.db, orgA, [spareSites[0]?.id as string], [users.restricted.id]);
  return { edge, ap, offline, spare, deviceB, deviceNone, deviceNoPorts, users };
}

beforeAll(async () => {
  f = await fixture();
  for (const [name, user] of Object.entries(f.users)) tokens[name] = await tokenFor(t.db, user, 'full');
  // The fleet runs in real time (calm for the test's few seconds); only the actions are accelerated.
  // Its devices' messages go to the app's ingest (the device edge), as the broker hands them over.
  const devices = inProcessDevices(t.app.edge.ingest);
  gateway = await startGateway({ db: t.db, log: silentLog, seed: 7, speed: 1, now: Date.now(), devices });
});
afterAll(async () => {
  await t.jobs.stop();
  await gateway.stop();
});

function call(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
const run = (action: DiagnosticAction, deviceId: string, payload?: object, token = tokens.admin as string) =>
  call(token, 'POST', `${base}/${action}/${deviceId}`, payload);

/** The jobs the engine told finished (its `onChange` hook, called once the state is stored), and who waits. */
const finishedIds = new Set<string>();
const finishing = new Map<string, (() => void)[]>();
beforeAll(() =>
  t.onJobChange((changes) => {
    for (const { id, state } of changes) {
      if (!isFinishedJobState(state)) continue;
      finishedIds.add(id);
      for (const resolve of finishing.get(id) ?? []) resolve();
      finishing.delete(id);
    }
  }),
);
/** Resolves once the engine told job `jobId` finished. */
function jobDone(jobId: string): Promise<void> {
  if (finishedIds.has(jobId)) return Promise.resolve();
  return new Promise((resolve) => finishing.set(jobId, [...(finishing.get(jobId) ?? []), resolve]));
}

/** The job as future/{id} answers it, once the engine told it finished. */
async function finished(jobId: string, token = tokens.admin as string): Promise<Job> {
  await jobDone(jobId);
  const res = await call(token, 'POST', `${base}/future/${jobId}`);
  expect(res.statusCode).toBe(200);
  const job = JobSchema.parse(res.json());
  expect(isFinishedJobState(job.state)).toBe(true);
  return job;
}

async function deviceRow(id: string) {
  const { rows } = await t.pool.query<{ status: string; disabled_ports: number[]; last_boot: Date }>(
    'select status, disabled_ports, last_boot from devices where id = $1',
    [id],
  );
  return rows[0];
}

describe('before any worker runs', () => {
  it.each([
    ['speedtest', { vlan: 99 }, 'Unknown VLAN.'],
    ['speedtest', {}, 'Choose a VLAN.'],
    ['traceroute', { vlan: 1, ip: '999.1.1.1' }, HOST_OR_IP_MESSAGE],
    ['traceroute', { vlan: 1, ip: 'bad host!' }, HOST_OR_IP_MESSAGE],
    ['traceroute', { vlan: 7, ip: '8.8.8.8' }, 'Unknown VLAN.'],
    ['disableLanPorts', { ports: [9] }, 'Port 9 is not on this device.'],
    ['disableLanPorts', { ports: [17] }, 'Ports are numbered 1 to 16.'],
    ['disableLanPorts', { ports: [1] }, 'WAN ports cannot be disabled.'],
    ['disableLanPorts', { ports: [] }, 'Choose at least one port.'],
    ['disableLanPorts', { ports: [2, 2] }, 'Each port may be chosen once.'],
    [
      'disableLanPorts',
      { ports: [3], revertAfterMinutes: 0 },
      'Turn the ports back on after at most 120 minutes.',
    ],
    [
      'disableLanPorts',
      { ports: [3], revertAfterMinutes: 121 },
      'Turn the ports back on after at most 120 minutes.',
    ],
    [
      'disableLanPorts',
      { ports: [3], revertAfterMinutes: -1 },
      'Turn the ports back on after at most 120 minutes.',
    ],
    ['lanpingtest', { batchId: 'not-a-uuid' }, 'The batch id must be a UUID.'],
  ] as const)('%s with %j → 400 "%s", and no job', async (action, payload, message) => {
    const res = await run(action, f.edge.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input', message });
    expect(await count(t.pool, 'jobs')).toBe(0);
    expect(await count(t.pool, 'audit_log', "action like 'device.troubleshooting.%'")).toBe(0);
  });

  it('a device of another organization, an unknown id and a malformed id → 404, and no job', async () => {
    for (const id of [f.deviceB.id, randomUUID(), 'nope']) {
      const res = await run('wantest', id);
      expect(res.statusCode).toBe(404);
      expect(res.json().id).toBe('not_found');
    }
    expect(await count(t.pool, 'jobs')).toBe(0);
  });

  it('READ_ONLY cannot run actions; without the entitlements the organization is refused (403)', async () => {
    const refused = [
      await run('wantest', f.edge.id, undefined, tokens.readOnly),
      await run('wantest', f.deviceNone.id, undefined, tokens.adminNone),
      await run('disableLanPorts', f.deviceNoPorts.id, { ports: [2] }, tokens.adminNoPorts),
      await run('revertLanPorts', f.deviceNoPorts.id, undefined, tokens.adminNoPorts),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect(refused[0]?.json().message).toBe('You are not allowed to do this.');
    expect(refused[1]?.json().message).toBe('Your organization does not have this feature.');
    expect(refused[2]?.json().message).toBe('Your organization does not have this feature.');
    expect(await count(t.pool, 'jobs')).toBe(0);
    // Without port-control the other actions still run.
    expect((await run('systemTest', f.deviceNoPorts.id, undefined, tokens.adminNoPorts)).statusCode).toBe(
      200,
    );
    await t.pool.query('delete from jobs');
  });

  it('answers the queued job at once, with who asked; a second run of the same action is refused (409)', async () => {
    const res = await run('speedtest', f.edge.id, { vlan: 20 });
    expect(res.statusCode).toBe(200);
    const job = JobSchema.parse(res.json());
    expect(job).toMatchObject({
      deviceId: f.edge.id,
      action: 'speedtest',
      params: { vlan: 20 },
      state: 'queued',
      result: null,
      batchId: null,
      requestedBy: { id: f.users.admin.id, name: 'Ada Admin' },
    });
    const again = await run('speedtest', f.edge.id, { vlan: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      id: 'already_running',
      message: 'This action is already running on this device.',
    });
    await t.pool.query('delete from jobs');
  });

  it('six simultaneous reboots of one device queue one job; the others are told it is already rebooting', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => run('reboot', f.spare[0]?.id as string)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refusals = answers.filter((a) => a.statusCode === 409);
    expect(refusals).toHaveLength(5);
    expect(refusals[0]?.json().message).toBe('The device is already rebooting.');
    await t.pool.query('delete from jobs');
  });

  it('a batch: one call per device with the same uuid, reported by future/multi and cancelled by DELETE', async () => {
    const batchId = randomUUID();
    for (const d of f.spare) expect((await run('lanpingtest', d.id, { batchId })).statusCode).toBe(200);
    const report = await call(tokens.user as string, 'POST', `${base}/future/multi/${batchId}`);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({
      batchId,
      action: 'lanpingtest',
      summary: { total: 3, queued: 3, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
    });
    expect(report.json().jobs.map((j: Job) => j.deviceId)).toEqual(f.spare.map((d) => d.id));

    // Another action in the same batch is refused; so is the batch for another organization.
    const mixed = await run('wantest', f.edge.id, { batchId });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe('This batch runs another action.');
    expect((await call(tokens.adminB as string, 'POST', `${base}/future/multi/${batchId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(tokens.adminB as string, 'DELETE', `${base}/future/multi/${batchId}`)).statusCode,
    ).toBe(404);
    expect((await run('lanpingtest', f.deviceB.id, { batchId }, tokens.adminB)).statusCode).toBe(404);
    expect(
      (await call(tokens.readOnly as string, 'DELETE', `${base}/future/multi/${batchId}`)).statusCode,
    ).toBe(403);

    const cancelled = await call(tokens.admin as string, 'DELETE', `${base}/future/multi/${batchId}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().summary).toMatchObject({ total: 3, cancelled: 3, queued: 0 });
    expect(
      await count(t.pool, 'audit_log', "action = 'device.troubleshooting.cancel' and target = $1", [batchId]),
    ).toBe(1);
    for (const path of [`future/multi/${randomUUID()}`, 'future/multi/nope', `future/${randomUUID()}`])
      expect((await call(tokens.admin as string, 'POST', `${base}/${path}`)).statusCode).toBe(404);
  });
});

describe('site groups', () => {
  it('a user restricted to site groups cannot run on, read or cancel jobs of devices outside them', async () => {
    const [north, south, east] = f.spare.map((d) => d.id) as [string, string, string];
    const token = tokens.restricted as string;
    expect((await run('wantest', south, undefined, token)).statusCode).toBe(404);
    const batchId = randomUUID();
    for (const id of [north, south, east])
      expect((await run('systemTest', id, { batchId })).statusCode).toBe(200);
    const southJob = (await call(tokens.admin as string, 'POST', `${base}/future/multi/${batchId}`)).json()
      .jobs[1];
    expect((await call(token, 'POST', `${base}/future/${southJob.id}`)).statusCode).toBe(404);
    expect((await call(token, 'GET', `/api/device/${south}/troubleshooting`)).statusCode).toBe(404);
    // The batch as the restricted user sees it: their device only; cancelling leaves the others queued.
    const seen = await call(token, 'DELETE', `${base}/future/multi/${batchId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().jobs.map((j: Job) => [j.deviceId, j.state])).toEqual([[north, 'cancelled']]);
    const all = (await call(tokens.admin as string, 'POST', `${base}/future/multi/${batchId}`)).json();
    expect(all.summary).toMatchObject({ total: 3, cancelled: 1, queued: 2 });
    await t.pool.query('delete from jobs');
  });
});

describe("recent batches and a batch's devices", () => {
  const recent = (token: string | undefined) => call(token as string, 'GET', `${base}/batches`);

  it("lists the caller's own batches, newest first, counted within their scope; nobody else's", async () => {
    const [north, south, east] = f.spare as [(typeof f.spare)[0], (typeof f.spare)[0], (typeof f.spare)[0]];
    const first = randomUUID();
    for (const d of [north, south, east])
      expect((await run('wantest', d.id, { batchId: first })).statusCode).toBe(200);
    const second = randomUUID();
    expect((await run('systemTest', north.id, { batchId: second })).statusCode).toBe(200);
    await t.pool.query(`update job_batches set created_at = now() - interval '1 minute' where id = $1`, [
      first,
    ]);

    const mine = await recent(tokens.admin);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      {
        batchId: second,
        action: 'systemTest',
        createdAt: expect.stringMatching(/Z$/),
        summary: { total: 1, queued: 1, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
      },
      {
        batchId: first,
        action: 'wantest',
        createdAt: expect.stringMatching(/Z$/),
        summary: { total: 3, queued: 3, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
      },
    ]);
    // The batch names its devices (name, kind, MAC, site), for results reopened after a reload.
    const report = (await call(tokens.admin as string, 'POST', `${base}/future/multi/${first}`)).json();
    expect(report.devices.map((d: { id: string }) => d.id).sort()).toEqual(
      [north.id, south.id, east.id].sort(),
    );
    expect(report.devices.find((d: { id: string }) => d.id === north.id)).toEqual({
      id: north.id,
      name: `FortiGate 60F ${north.macAddress.slice(-5).replace(':', '').toUpperCase()}`,
      kind: 'firewall',
      macAddress: north.macAddress,
      site: { id: north.siteId, name: 'North' },
    });

    // Another person of the organization, a READ_ONLY one and another organization see none of them.
    expect((await recent(tokens.user)).json()).toEqual([]);
    expect((await recent(tokens.readOnly)).json()).toEqual([]);
    expect((await recent(tokens.adminB)).json()).toEqual([]);
    // A user restricted to site groups: their batch counts, and shows, only the devices they see.
    const theirs = randomUUID();
    expect((await run('lanpingtest', north.id, { batchId: theirs }, tokens.restricted)).statusCode).toBe(200);
    expect((await run('lanpingtest', south.id, { batchId: theirs }, tokens.admin)).statusCode).toBe(200);
    const restricted = (await recent(tokens.restricted)).json();
    expect(
      restricted.map((b: { batchId: string; summary: { total: number } }) => [b.batchId, b.summary.total]),
    ).toEqual([[theirs, 1]]);
    const seen = (await call(tokens.restricted as string, 'POST', `${base}/future/multi/${theirs}`)).json();
    expect(seen.devices.map((d: { id: string }) => d.id)).toEqual([north.id]);

    // Without the diagnostics entitlement, 403; signed out, 401.
    expect((await recent(tokens.adminNone)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${base}/batches` })).statusCode).toBe(401);
    await t.pool.query('delete from jobs');
  });

  it('a batch holds at most 500 devices: the next call is refused (409) and queues nothing', async () => {
    const batchId = randomUUID();
    await t.pool.query(
      `insert into job_batches (id, organization_id, action, requested_by) values ($1, $2, 'wantest', $3)`,
      [batchId, f.edge.organizationId, f.users.admin.id],
    );
    await t.pool.query(
      `insert into jobs (organization_id, device_id, batch_id, action, state, requested_by)
       select $1, $2, $3, 'wantest', 'succeeded', $4 from generate_series(1, 500)`,
      [f.edge.organizationId, f.ap.id, batchId, f.users.admin.id],
    );
    const refused = await run('wantest', f.edge.id, { batchId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ id: 'batch_full', message: 'A batch runs on at most 500 devices.' });
    expect(await count(t.pool, 'jobs', 'batch_id = $1', [batchId])).toBe(500);
    await t.pool.query('delete from jobs');
  });
});

describe('with the simulator answering', () => {
  beforeAll(() => {
    t.jobs.start(createActionHandlers({ db: t.db, gateway, seed: 7, speed: SPEED }));
  });

  it.each([
    ['wantest', {}],
    ['lanpingtest', {}],
    ['systemTest', {}],
    ['speedtest', { vlan: 20 }],
    ['traceroute', { vlan: 1, ip: 'example.com' }],
  ] as const)(
    '%s succeeds with a result of its shape, kept in the history and the audit log',
    async (action, payload) => {
      const res = await run(action, f.edge.id, payload, tokens.user);
      expect(res.statusCode).toBe(200);
      const job = await finished(res.json().id, tokens.user);
      expect(job.state).toBe('succeeded');
      expect(job.error).toBeNull();
      expect(job.startedAt).not.toBeNull();
      expect(job.finishedAt).not.toBeNull();
      expect(ACTION_SCHEMAS[action].result.safeParse(job.result).success).toBe(true);
      if (action === 'speedtest') expect(job.result).toMatchObject({ vlan: 20 });
      if (action === 'traceroute') expect(job.result).toMatchObject({ target: 'example.com', vlan: 1 });

      const history = await call(
        tokens.readOnly as string,
        'GET',
        `/api/device/${f.edge.id}/troubleshooting`,
      );
      expect(history.statusCode).toBe(200);
      expect(history.json()[0]).toMatchObject({ id: job.id, action, requestedBy: { id: f.users.user.id } });
      expect(
        await count(t.pool, 'audit_log', 'action = $1 and target = $2 and actor_user_id = $3', [
          `device.troubleshooting.${action}`,
          f.edge.id,
          f.users.user.id,
        ]),
      ).toBe(1);
    },
  );

  it('an offline device fails with a clear reason', async () => {
    const res = await run('wantest', f.offline.id);
    expect(res.statusCode).toBe(200);
    const job = await finished(res.json().id);
    expect(job).toMatchObject({
      state: 'failed',
      result: null,
      error: 'The device is offline and cannot run diagnostics.',
    });
  });

  it('disable LAN ports turns them off on the device, and revert turns them all on again', async () => {
    const disabled = await finished((await run('disableLanPorts', f.edge.id, { ports: [3, 2] })).json().id);
    expect(disabled.state).toBe('succeeded');
    expect(disabled.result).toEqual({
      ports: [
        { systemNumber: 2, enabled: false },
        { systemNumber: 3, enabled: false },
        { systemNumber: 4, enabled: true },
      ],
    });
    expect((await deviceRow(f.edge.id))?.disabled_ports).toEqual([2, 3]);
    const device = await call(tokens.readOnly as string, 'GET', `/api/device/${f.edge.id}`);
    expect(device.json().disabledPorts).toEqual([2, 3]);

    const reverted = await finished((await run('revertLanPorts', f.edge.id)).json().id);
    expect(reverted.result).toMatchObject({
      ports: [{ enabled: true }, { enabled: true }, { enabled: true }],
    });
    expect((await deviceRow(f.edge.id))?.disabled_ports).toEqual([]);
  });

  it('a disable adds only its own ports: a revert that finished meanwhile is not undone', async () => {
    const id = f.spare[2]?.id as string;
    await t.pool.query("update devices set disabled_ports = '{3}' where id = $1", [id]);
    const handlers = createActionHandlers({
      db: t.db,
      gateway,
      seed: 7,
      speed: SPEED,
      // While the device works on the disable, a revert of the same device finishes.
      wait: async () => {
        await t.pool.query("update devices set disabled_ports = '{}' where id = $1", [id]);
      },
    });
    const job = { id: randomUUID(), deviceId: id, action: 'disableLanPorts', params: { ports: [2] } };
    const result = await handlers.disableLanPorts(job as never, new AbortController().signal);
    expect(result).toEqual({
      ports: [
        { systemNumber: 2, enabled: false },
        { systemNumber: 3, enabled: true },
        { systemNumber: 4, enabled: true },
      ],
    });
    expect((await deviceRow(id))?.disabled_ports).toEqual([2]);
    await t.pool.query("update devices set disabled_ports = '{}' where id = $1", [id]);
  });

  it('reboot: the device goes rebooting (its LAN devices offline), refuses a second reboot, and comes back online with a new last boot', async () => {
    const before = await deviceRow(f.edge.id);
    const job = await finished((await run('reboot', f.edge.id)).json().id);
    expect(job.state).toBe('succeeded');
    if (job.action !== 'reboot' || !job.result) throw new Error('no reboot result');
    const back = Date.parse(job.result.expectedBackAt);
    // 2–4 simulated minutes, at 1000× → 120–240 ms.
    expect(back - Date.parse(job.result.rebootedAt)).toBeGreaterThanOrEqual(120);
    expect(back - Date.parse(job.result.rebootedAt)).toBeLessThanOrEqual(240);
    expect((await deviceRow(f.edge.id))?.status).toBe('rebooting');
    expect((await deviceRow(f.ap.id))?.status).toBe('offline');

    const again = await run('reboot', f.edge.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The device is already rebooting.');
    // Tests on a rebooting device fail with their reason.
    const test = await finished((await run('systemTest', f.edge.id)).json().id);
    expect(test.error).toBe('The device is rebooting. Try again when it is back online.');

    // The simulation moves to just past the due time (its clock is the tick's argument), without waiting for it.
    await gateway.tick(back + 20);
    const after = await deviceRow(f.edge.id);
    expect(after?.status).toBe('online');
    expect(after?.last_boot.getTime()).toBeGreaterThan(before?.last_boot.getTime() ?? 0);
    expect(Math.abs((after?.last_boot.getTime() ?? 0) - back)).toBeLessThan(1000);
    expect((await deviceRow(f.ap.id))?.status).toBe('online');
    // The status history shows the reboot.
    expect(
      await count(t.pool, 'device_status_intervals', "device_id = $1 and status = 'rebooting'", [f.edge.id]),
    ).toBe(1);
  });

  it('a batch of LAN pings on three devices: each device reports its own result', async () => {
    const batchId = randomUUID();
    for (const d of f.spare) expect((await run('lanpingtest', d.id, { batchId })).statusCode).toBe(200);
    const queued = BatchSchema.parse(
      (await call(tokens.admin as string, 'POST', `${base}/future/multi/${batchId}`)).json(),
    );
    expect(queued.jobs).toHaveLength(3);
    await Promise.all(queued.jobs.map((job) => jobDone(job.id)));
    const report = BatchSchema.parse(
      (await call(tokens.admin as string, 'POST', `${base}/future/multi/${batchId}`)).json(),
    );
    expect(report.summary).toMatchObject({ total: 3, succeeded: 3 });
    for (const job of report.jobs)
      expect(ACTION_SCHEMAS.lanpingtest.result.safeParse(job.result).success).toBe(true);
  });

  it("another organization's job and device history answer 404", async () => {
    const mine = (await run('systemTest', f.spare[1]?.id as string)).json();
    expect((await call(tokens.adminB as string, 'POST', `${base}/future/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await call(tokens.adminB as string, 'GET', `/api/device/${f.edge.id}/troubleshooting`)).statusCode,
    ).toBe(404);
    await finished(mine.id);
  });
});
