import { UptimeSchema } from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, sites } from '../src/db/schema.ts';
import { insertIntervals } from '../src/fleet/gateway/sql.ts';
import { generateFleet } from '../src/fleet/seed-fleet.ts';
import { backfill, DAY, HOUR, type StatusInterval, uptimePercent } from '../src/fleet/simulator/index.ts';
import { uptime } from '../src/modules/analytics/repository.ts';
import { scopeOf } from '../src/modules/sites/scope.ts';
import { findUserById } from '../src/modules/users/repository.ts';
import { createFleetFixture, createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, count, useTestApp } from './helpers.ts';

const t = useTestApp();
let f: Awaited<ReturnType<typeof createFleetFixture>>;
type Who = 'admin' | 'readOnly' | 'restricted' | 'adminB';
const tokens = {} as Record<Who, string>;
const base = Date.now();

const iv = (deviceId: string, status: StatusInterval['status'], fromH: number, toH: number | null) => ({
  deviceId,
  status,
  from: base + fromH * HOUR,
  to: toH === null ? null : base + toH * HOUR,
});

beforeAll(async () => {
  f = await createFleetFixture(t.db);
  for (const who of ['admin', 'readOnly', 'restricted', 'adminB'] as Who[])
    tokens[who] = await tokenFor(t.db, f[who], 'full');
  const { rows } = await t.pool.query<{ id: string }>(
    "select id from devices where site_id = $1 and kind = 'firewall'",
    [f.charlie.id],
  );
  const charlieEdge = rows[0]?.id as string;
  // Hand-worked history, every period inside the last 6 hours except alpha's old outage:
  //   alpha edge   online 3 h, offline 1 h            (and offline 10 h, 30–40 h ago)
  //   bravo edge   onbackup 1 h (up), rebooting 1 h
  //   charlie edge offline 2 h                         (not in the restricted user's group G1)
  //   B's edge     online 1 h                          (organization B)
  const intervals = [
    iv(f.alphaEdge.id, 'offline', -40, -30),
    iv(f.alphaEdge.id, 'online', -5, -2),
    iv(f.alphaEdge.id, 'offline', -2, -1),
    iv(f.bravoEdge.id, 'onbackup', -4, -3),
    iv(f.bravoEdge.id, 'rebooting', -3, -2),
    iv(charlieEdge, 'offline', -5, -3),
    iv(f.otherEdge.id, 'online', -5, -4),
  ];
  const orgOf = new Map([
    [f.alphaEdge.id, f.orgA.id],
    [f.bravoEdge.id, f.orgA.id],
    [charlieEdge, f.orgA.id],
    [f.otherEdge.id, f.orgB.id],
  ]);
  await insertIntervals(t.db, intervals, orgOf);
});

const get = (url: string, who?: Who) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who]) : {} });

describe('GET analytics/network/uptime', () => {
  it.each([
    // up 3 + 1 + 0 h of 4 + 2 + 2 h recorded
    ['admin', 'LAST_6_HOURS', 50, 50, 3],
    ['readOnly', 'LAST_6_HOURS', 50, 50, 3],
    // G1 only (alpha, bravo): up 4 h of 6 h
    ['restricted', 'LAST_6_HOURS', 66.6667, 33.3333, 2],
    ['admin', 'LAST_24_HOURS', 50, 50, 3],
    // alpha's 10-hour outage joins: up 4 h of 18 h
    ['admin', 'LAST_7_DAYS', 22.2222, 77.7778, 3],
    ['admin', 'LAST_30_DAYS', 22.2222, 77.7778, 3],
    // organization B sees only its own device
    ['adminB', 'LAST_6_HOURS', 100, 0, 1],
  ] as const)('%s, %s → uptime %d, downtime %d over %d devices', async (who, duration, up, down, n) => {
    const res = await get(`/api/analytics/network/uptime?duration=${duration}&dashboardId=vnoc`, who);
    expect(res.statusCode, res.body).toBe(200);
    expect(UptimeSchema.parse(res.json())).toEqual({ duration, uptime: up, downtime: down, devices: n });
  });

  it('defaults to LAST_6_HOURS (the base dashboard widget) and needs no dashboardId', async () => {
    const res = await get('/api/analytics/network/uptime', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ duration: 'LAST_6_HOURS', uptime: 50, downtime: 50, devices: 3 });
  });

  it('an organization with nothing recorded: no devices, no downtime', async () => {
    const org = await createOrganization(t.db);
    const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/network/uptime?duration=LAST_24_HOURS',
      headers: bearer(await tokenFor(t.db, admin, 'full')),
    });
    expect(res.json()).toEqual({ duration: 'LAST_24_HOURS', uptime: 100, downtime: 0, devices: 0 });
  });

  it('a bad duration is 400 with a message', async () => {
    const res = await get('/api/analytics/network/uptime?duration=LAST_YEAR', 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input', message: 'Unknown duration.' });
  });

  it('without a token → 401; with a sign-in step token → 401', async () => {
    expect((await get('/api/analytics/network/uptime')).statusCode).toBe(401);
    const mfa = await tokenFor(t.db, f.admin, 'mfa');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/network/uptime',
      headers: bearer(mfa),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('uptime in SQL matches the pure uptimePercent', () => {
  it('over simulated history, for windows inside, across and before it', async () => {
    const org = await createOrganization(t.db);
    const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const now = Date.parse('2026-06-10T13:37:21Z');
    const fleet = generateFleet(
      99,
      [{ id: org.id, name: 'S', siteLabel: 'S', aliasPrefix: 'S', accountHolder: 'S', vlanName: 'V' }],
      8,
      new Date(now),
    );
    await t.db.insert(sites).values(fleet.sites);
    await t.db.insert(devices).values(fleet.devices);
    const history = backfill(fleet.devices, { seed: 7, now, days: 4 });
    await insertIntervals(t.db, history.intervals, new Map(fleet.devices.map((d) => [d.id, org.id])));
    expect(await count(t.pool, 'device_status_intervals', 'organization_id = $1', [org.id])).toBe(
      history.intervals.length,
    );
    const scope = await scopeOf(
      t.db,
      (await findUserById(t.db, admin.id)) as NonNullable<Awaited<ReturnType<typeof findUserById>>>,
    );
    const windows: [number, number][] = [
      [now - 6 * HOUR, now],
      [now - DAY - 1234, now - 5 * HOUR + 17],
      [history.from - 2 * DAY, history.from + 3 * HOUR], // mostly before history: that time is left out
      [history.from - 7 * DAY, now + HOUR], // open periods run to the window's end
      [now - 30 * DAY, now],
    ];
    for (const [from, to] of windows) {
      const expected = uptimePercent(history.intervals, from, to);
      const got = await uptime(t.db, scope, new Date(from), new Date(to));
      expect(got.uptime).toBe(expected);
      expect(got.devices).toBe(fleet.devices.length);
    }
    // A window before any record: nothing covered.
    expect(await uptime(t.db, scope, new Date(history.from - 2 * DAY), new Date(history.from))).toEqual({
      uptime: null,
      devices: 0,
    });
  });
});
