import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAlertEngine } from '../src/fleet/alerts/index.ts';
import { createDeviceIngest } from '../src/fleet/edge/ingest.ts';
import { createSimulatorControl } from '../src/fleet/gateway/control.ts';
import { type Gateway, startGateway } from '../src/fleet/gateway/index.ts';
import type { Db } from '../src/plugins/db.ts';
import { useTestClock } from './clock.ts';
import { inProcessDevices } from './edge-support.ts';
import { createDevice, createOrganization, createSite, createUser, tokenFor } from './factories.ts';
import { bearer, createTestDatabase, silentLog, testConfig } from './helpers.ts';

// The embedded demo's control: an administrator takes a simulated device offline, through the real
// gateway and alert engine, and the alerts follow (site offline, its access point attached to it).
const SPEED = 60;
const clock = useTestClock();
let db: Db;
let app: FastifyInstance;
let gateway: Gateway;
let drop: () => Promise<void>;
const f = {} as {
  edge: { id: string };
  ap: { id: string };
  otherEdge: { id: string };
  admin: string;
  user: string;
};

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  drop = database.drop;
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  const site = await createSite(db, org);
  f.edge = await createDevice(db, site);
  f.ap = await createDevice(db, site, { kind: 'access-point', model: 'MR36', connection: 'none' });
  f.otherEdge = await createDevice(db, await createSite(db, other));
  f.admin = await tokenFor(db, await createUser(db, org, { role: 'ADMINISTRATOR' }), 'full');
  f.user = await tokenFor(db, await createUser(db, org, { role: 'USER' }), 'full');

  const simulator = createSimulatorControl(SPEED);
  const config = testConfig({ SIMULATOR: '1', SIM_SPEED: String(SPEED) });
  app = await buildApp({ config, db, logger: false, simulator });
  const alerts = createAlertEngine({ db, log: silentLog });
  // The simulated devices publish what happens; the device edge's ingest records it with the alert engine.
  const ingest = createDeviceIngest({ db, log: silentLog, heartbeatTimeoutMs: 180_000, alerts });
  const devices = inProcessDevices(ingest);
  gateway = await startGateway({ db, log: silentLog, seed: 7, speed: SPEED, now: Date.now(), devices });
  simulator.attach(gateway);
});

afterAll(async () => {
  await gateway?.stop();
  await app?.close();
  await drop?.();
});

const outage = (token: string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/dev/simulator/outage', headers: bearer(token), payload: body });

describe('POST /api/dev/simulator/outage', () => {
  it('takes the device offline now, and the alert engine raises one incident for its site', async () => {
    clock.advance(0); // the clock stands still, so the answer's time is exact
    const res = await outage(f.admin, { deviceId: f.edge.id, minutes: 30 });
    expect(res.statusCode, res.body).toBe(200);
    // 30 simulated minutes at SIM_SPEED 60: back in 30 real seconds.
    expect(Date.parse(res.json().backAt) - Date.now()).toBe(30_000);

    const { rows: statuses } = await db.execute<{ id: string; status: string }>(
      sql`select id, status from devices where id in (${f.edge.id}, ${f.ap.id}) order by kind = 'access-point'`,
    );
    expect(statuses.map((r) => r.status)).toEqual(['offline', 'offline']);
    // Each device publishes its own `gone` (its own transaction at the ingest, in either order): one incident still.
    const { rows: alerts } = await db.execute<{ code: string; device_id: string; root: boolean }>(sql`
      select code, device_id, root_alert_id is null as root from alerts where state = 'active'
      order by code = 'device_offline'`);
    expect(alerts).toEqual([
      { code: 'site_offline', device_id: f.edge.id, root: true },
      { code: 'device_offline', device_id: f.ap.id, root: false },
    ]);
    // Already down: refused.
    expect((await outage(f.admin, { deviceId: f.edge.id, minutes: 5 })).statusCode).toBe(409);
  });

  it.each([
    ['minutes missing', { deviceId: 'x' }, 'Give the outage length in minutes.'],
    ['0 minutes', { deviceId: 'x', minutes: 0 }, 'An outage lasts 1 to 120 minutes.'],
    ['121 minutes', { deviceId: 'x', minutes: 121 }, 'An outage lasts 1 to 120 minutes.'],
  ])('%s → 400', async (_name, body, message) => {
    const res = await outage(f.admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("another organization's device → 404, and it stays up; a USER → 403", async () => {
    expect((await outage(f.admin, { deviceId: f.otherEdge.id, minutes: 5 })).statusCode).toBe(404);
    expect((await outage(f.user, { deviceId: f.ap.id, minutes: 5 })).statusCode).toBe(403);
    const { rows } = await db.execute<{ status: string }>(
      sql`select status from devices where id = ${f.otherEdge.id}`,
    );
    expect(rows[0]?.status).toBe('online');
  });
});
