import {
  CellularHealthTrendSchema,
  FailoversTrendSchema,
  TopUsageSchema,
  TroubledSitesSchema,
  UptimeSchema,
  VanListSchema,
  WanLatencyTrendSchema,
} from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, sites } from '../src/db/schema.ts';
import { insertIntervals } from '../src/fleet/gateway/sql.ts';
import { generateFleet } from '../src/fleet/seed-fleet.ts';
import { backfill, DAY, HOUR, type StatusInterval, uptimePercent } from '../src/fleet/simulator/index.ts';
import { findUserById } from '../src/modules/accounts/repository.ts';
import { uptime } from '../src/modules/analytics/repository.ts';
import { scopeOf } from '../src/sql/scope.ts';
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
  //   B's edge     online 1 h, offline ½ h, onbackup ½ h (organization B: never in A's answers)
  const intervals = [
    iv(f.alphaEdge.id, 'offline', -40, -30),
    iv(f.alphaEdge.id, 'online', -5, -2),
    iv(f.alphaEdge.id, 'offline', -2, -1),
    iv(f.bravoEdge.id, 'onbackup', -4, -3),
    iv(f.bravoEdge.id, 'rebooting', -3, -2),
    iv(charlieEdge, 'offline', -5, -3),
    iv(f.otherEdge.id, 'online', -5, -4),
    iv(f.otherEdge.id, 'offline', -4, -3.5),
    iv(f.otherEdge.id, 'onbackup', -3.5, -3),
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
    // organization B sees only its own device: up 1 + ½ h of 2 h
    ['adminB', 'LAST_6_HOURS', 75, 25, 1],
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

// ---- issue 9: dashboardId scope, LAST_HOUR, the entitlement, and the widget calls ----

describe('analytics with a dashboardId', () => {
  let g1Dash: string;
  let g2Shared: string;
  let foreignDash: string;
  const B = HOUR / 1000;

  beforeAll(async () => {
    const saveAs = async (who: Who, payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/save',
        headers: bearer(tokens[who]),
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as string;
    };
    g1Dash = await saveAs('admin', { name: 'G1', groupIds: [f.g1.id] });
    g2Shared = await saveAs('admin', { name: 'G2', groupIds: [f.g2.id], shared: true });
    foreignDash = await saveAs('adminB', { name: 'B', shared: true });

    // WAN samples in one 5-minute bucket half an hour ago: alpha 10, 20, 30 ms; bravo 100 ms; B's edge 5 ms.
    const bucket = Math.floor((base - 30 * 60_000) / 300_000) * 300_000;
    const sample = (deviceId: string, offsetS: number, ping: number) =>
      t.pool.query(
        "insert into wan_samples (device_id, time, source_interface, ip_address, ping, jitter, loss) values ($1, $2, 'wan1', '203.0.113.1', $3, 1, 0)",
        [deviceId, new Date(bucket + offsetS * 1000), ping],
      );
    await sample(f.alphaEdge.id, 0, 10);
    await sample(f.alphaEdge.id, 60, 20);
    await sample(f.alphaEdge.id, 120, 30);
    await sample(f.bravoEdge.id, 60, 100);
    await sample(f.otherEdge.id, 60, 5);
    // Daily WAN bytes: today alpha 1000 + 500 and bravo 3000 + 0; charlie's edge 10 days ago 90000 + 9999; B's 10^9 today.
    const { rows } = await t.pool.query<{ id: string }>(
      "select id from devices where site_id = $1 and kind = 'firewall'",
      [f.charlie.id],
    );
    const today = new Date(base).toISOString().slice(0, 10);
    const tenDaysAgo = new Date(base - 10 * DAY).toISOString().slice(0, 10);
    const daily = (deviceId: string, org: string, day: string, rx: number, tx: number) =>
      t.pool.query(
        `insert into device_daily_stats (device_id, day, organization_id, seconds_online, seconds_offline,
           seconds_on_backup, seconds_on_primary, offline_events, backup_events, percent_online, percent_offline,
           percent_on_backup, percent_on_primary, wan_bytes_received, wan_bytes_transmitted)
         values ($1, $2, $3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, $4, $5)`,
        [deviceId, day, org, rx, tx],
      );
    await daily(f.alphaEdge.id, f.orgA.id, today, 1000, 500);
    await daily(f.bravoEdge.id, f.orgA.id, today, 3000, 0);
    await daily(rows[0]?.id as string, f.orgA.id, tenDaysAgo, 90000, 9999);
    await daily(f.otherEdge.id, f.orgB.id, today, 1e9, 0);
    expect(B).toBe(3600);
  });

  const ok = async (url: string, who: Who = 'admin') => {
    const res = await get(url, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  describe('network/uptime', () => {
    it.each([
      // G1 (alpha, bravo): up 4 h of 6 h
      ['admin', 'g1', 66.6667, 33.3333, 2],
      // G2 (charlie): offline 2 h
      ['admin', 'g2', 0, 100, 1],
      ['admin', 'vnoc', 50, 50, 3],
      // The restricted user (G1 only) on the shared G2 dashboard: nothing in both scopes.
      ['restricted', 'g2', 100, 0, 0],
      ['readOnly', 'g2', 0, 100, 1],
    ] as const)('%s on %s → uptime %d, downtime %d over %d devices', async (who, dash, up, down, n) => {
      const id = dash === 'g1' ? g1Dash : dash === 'g2' ? g2Shared : 'vnoc';
      const body = await ok(`/api/analytics/network/uptime?duration=LAST_6_HOURS&dashboardId=${id}`, who);
      expect(body).toEqual({ duration: 'LAST_6_HOURS', uptime: up, downtime: down, devices: n });
    });

    it('LAST_HOUR: every period ended before it, nothing recorded', async () => {
      expect(await ok('/api/analytics/network/uptime?duration=LAST_HOUR')).toEqual({
        duration: 'LAST_HOUR',
        uptime: 100,
        downtime: 0,
        devices: 0,
      });
    });

    it("another user's private dashboard, another organization's, an unknown or malformed id → 404", async () => {
      for (const [id, who] of [
        [g1Dash, 'restricted'],
        [foreignDash, 'admin'],
        [g1Dash, 'adminB'],
        ['999999', 'admin'],
        ['abc', 'admin'],
      ] as [string, Who][]) {
        const res = await get(`/api/analytics/network/uptime?dashboardId=${id}`, who);
        expect(res.statusCode, `${id} ${who}`).toBe(404);
        expect(res.json()).toMatchObject({ id: 'not_found', message: 'Not found.' });
      }
    });
  });

  describe('widget/vanList/{id}', () => {
    it("the dashboard's devices with type and status, by site then MAC, with the count per type", async () => {
      const body = VanListSchema.parse(await ok(`/api/analytics/widget/vanList/${g1Dash}?pageSize=100`));
      expect(body.totalElements).toBe(f.countsG1.total);
      expect(body.content.map((v) => v.siteName)).toEqual([
        'Alpha Store',
        'Alpha Store',
        'Alpha Store',
        'Bravo Store',
        'Bravo Store',
      ]);
      expect(body.content.find((v) => v.id === f.bravoEdge.id)).toMatchObject({
        kind: '5g',
        model: 'E300',
        manufacturer: 'Cradlepoint',
        status: 'onbackup',
        siteId: f.bravo.id,
      });
      expect(body.types).toEqual([
        { kind: '5g', count: 1 },
        { kind: 'access-point', count: 2 },
        { kind: 'firewall', count: 1 },
        { kind: 'switch', count: 1 },
      ]);
    });

    it('vnoc: the whole scope, paged', async () => {
      const body = VanListSchema.parse(await ok('/api/analytics/widget/vanList/vnoc?page=1&pageSize=4'));
      expect(body).toMatchObject({ page: 1, pageSize: 4, totalElements: f.countsA.total, totalPages: 3 });
      expect(body.content).toHaveLength(4);
      const restricted = VanListSchema.parse(await ok('/api/analytics/widget/vanList/vnoc', 'restricted'));
      expect(restricted.totalElements).toBe(f.countsG1.total);
      const b = VanListSchema.parse(await ok('/api/analytics/widget/vanList/vnoc', 'adminB'));
      expect(b.content.map((v) => v.id)).toEqual([f.otherEdge.id]);
    });

    it('bad paging is 400 with a message; a foreign dashboard 404', async () => {
      for (const q of ['pageSize=0', 'pageSize=101', 'page=-1', 'pageSize=x']) {
        const res = await get(`/api/analytics/widget/vanList/vnoc?${q}`, 'admin');
        expect(res.statusCode, q).toBe(400);
        expect(res.json().message, q).toMatch(/^page(Size)? must be/);
      }
      expect((await get(`/api/analytics/widget/vanList/${foreignDash}`, 'admin')).statusCode).toBe(404);
    });
  });

  describe('sites/usage/top/usage', () => {
    it('top sites by WAN bytes received + transmitted over the days of the window', async () => {
      const body = TopUsageSchema.parse(
        await ok('/api/analytics/sites/usage/top/usage?duration=LAST_24_HOURS'),
      );
      expect(body.sites).toEqual([
        {
          siteId: f.bravo.id,
          siteName: 'Bravo Store',
          bytesReceived: 3000,
          bytesTransmitted: 0,
          bytesTotal: 3000,
        },
        {
          siteId: f.alpha.id,
          siteName: 'Alpha Store',
          bytesReceived: 1000,
          bytesTransmitted: 500,
          bytesTotal: 1500,
        },
      ]);
      const month = TopUsageSchema.parse(
        await ok('/api/analytics/sites/usage/top/usage?duration=LAST_30_DAYS&limit=1'),
      );
      expect(month.sites.map((s) => [s.siteName, s.bytesTotal])).toEqual([['Charlie Store', 99999]]);
    });

    it('narrowed by the dashboard and the scope; another organization sees its own', async () => {
      const g2 = TopUsageSchema.parse(
        await ok(`/api/analytics/sites/usage/top/usage?duration=LAST_30_DAYS&dashboardId=${g2Shared}`),
      );
      expect(g2.sites.map((s) => s.siteName)).toEqual(['Charlie Store']);
      const restricted = TopUsageSchema.parse(
        await ok('/api/analytics/sites/usage/top/usage?duration=LAST_30_DAYS', 'restricted'),
      );
      expect(restricted.sites.map((s) => s.siteName)).toEqual(['Bravo Store', 'Alpha Store']);
      const b = TopUsageSchema.parse(await ok('/api/analytics/sites/usage/top/usage', 'adminB'));
      expect(b.sites.map((s) => s.bytesTotal)).toEqual([1e9]);
    });

    it('bad input is 400 with a message', async () => {
      for (const [q, message] of [
        ['limit=0', 'limit must be between 1 and 50.'],
        ['limit=51', 'limit must be between 1 and 50.'],
        ['duration=LAST_YEAR', 'Unknown duration.'],
      ]) {
        const res = await get(`/api/analytics/sites/usage/top/usage?${q}`, 'admin');
        expect(res.statusCode, q).toBe(400);
        expect(res.json()).toMatchObject({ id: 'invalid_input', message });
      }
    });
  });

  describe('widget/vanTroubledSites/{id}', () => {
    it('worst first: most offline + backup time, then events, then name', async () => {
      const six = TroubledSitesSchema.parse(
        await ok('/api/analytics/widget/vanTroubledSites/vnoc?duration=LAST_6_HOURS'),
      );
      expect(
        six.sites.map((s) => [
          s.siteName,
          s.secondsOffline,
          s.secondsOnBackup,
          s.offlineEvents,
          s.backupEvents,
        ]),
      ).toEqual([
        ['Charlie Store', 2 * B, 0, 1, 0],
        ['Alpha Store', B, 0, 1, 0],
        ['Bravo Store', 0, B, 0, 1],
      ]);
      // Alpha's 10-hour outage 30–40 h ago joins over 7 days.
      const week = TroubledSitesSchema.parse(
        await ok('/api/analytics/widget/vanTroubledSites/vnoc?duration=LAST_7_DAYS&limit=2'),
      );
      expect(week.sites.map((s) => [s.siteName, s.secondsOffline, s.offlineEvents])).toEqual([
        ['Alpha Store', 11 * B, 2],
        ['Charlie Store', 2 * B, 1],
      ]);
    });

    it("organization B's whole scope: only its own site's periods", async () => {
      const b = TroubledSitesSchema.parse(
        await ok('/api/analytics/widget/vanTroubledSites/vnoc?duration=LAST_6_HOURS', 'adminB'),
      );
      expect(
        b.sites.map((s) => [s.siteId, s.secondsOffline, s.secondsOnBackup, s.offlineEvents, s.backupEvents]),
      ).toEqual([[f.otherEdge.siteId, B / 2, B / 2, 1, 1]]);
    });

    it("only the dashboard's sites; a foreign dashboard 404", async () => {
      const g1 = TroubledSitesSchema.parse(await ok(`/api/analytics/widget/vanTroubledSites/${g1Dash}`));
      expect(g1.sites.map((s) => s.siteName)).toEqual(['Alpha Store', 'Bravo Store']);
      expect((await get(`/api/analytics/widget/vanTroubledSites/${g1Dash}`, 'adminB')).statusCode).toBe(404);
    });
  });

  describe('trends', () => {
    it('WAN latency: avg and p95 per 5-minute bucket over the last hour, every bucket present', async () => {
      const body = WanLatencyTrendSchema.parse(
        await ok('/api/analytics/trend/wanLatency?duration=LAST_HOUR'),
      );
      expect(body.bucketSeconds).toBe(300);
      expect(body.points.length).toBeGreaterThanOrEqual(12);
      expect(body.points.length).toBeLessThanOrEqual(13);
      const filled = body.points.filter((p) => p.samples > 0);
      // 10, 20, 30, 100: avg 40; p95 = 30 + 0.85 × 70 = 89.5
      expect(filled).toEqual([{ t: expect.any(String), avgLatencyMs: 40, p95LatencyMs: 89.5, samples: 4 }]);
      const g1 = WanLatencyTrendSchema.parse(
        await ok(`/api/analytics/trend/wanLatency?duration=LAST_HOUR&dashboardId=${g2Shared}`),
      );
      expect(g1.points.every((p) => p.samples === 0 && p.avgLatencyMs === null)).toBe(true);
      const b = WanLatencyTrendSchema.parse(
        await ok('/api/analytics/trend/wanLatency?duration=LAST_HOUR', 'adminB'),
      );
      expect(b.points.filter((p) => p.samples > 0).map((p) => p.avgLatencyMs)).toEqual([5]);
    });

    it('failovers: on-backup periods starting per bucket', async () => {
      const body = FailoversTrendSchema.parse(
        await ok('/api/analytics/trend/failovers?duration=LAST_24_HOURS'),
      );
      expect(body.bucketSeconds).toBe(3600);
      expect(body.total).toBe(1);
      const hit = body.points.find((p) => p.failovers > 0);
      expect(Date.parse(hit?.t ?? '')).toBe(Math.floor((base - 4 * HOUR) / HOUR) * HOUR);
      const g2 = FailoversTrendSchema.parse(
        await ok(`/api/analytics/trend/failovers?duration=LAST_24_HOURS&dashboardId=${g2Shared}`),
      );
      expect(g2.total).toBe(0);
      const b = FailoversTrendSchema.parse(
        await ok('/api/analytics/trend/failovers?duration=LAST_24_HOURS', 'adminB'),
      );
      expect(b.total).toBe(1);
      expect(Date.parse(b.points.find((p) => p.failovers > 0)?.t ?? '')).toBe(
        Math.floor((base - 3.5 * HOUR) / HOUR) * HOUR,
      );
    });

    it('cellular health: the present readings, and no invented history', async () => {
      const body = CellularHealthTrendSchema.parse(
        await ok('/api/analytics/trend/cellularHealth?duration=LAST_7_DAYS'),
      );
      expect(body).toMatchObject({ historyAvailable: false, points: [] });
      expect(body.current).toMatchObject({ devices: 1, avgRsrp: -95, minRsrp: -95, avgSinr: 8, minSinr: 8 });
      const g2 = CellularHealthTrendSchema.parse(
        await ok(`/api/analytics/trend/cellularHealth?dashboardId=${g2Shared}`),
      );
      expect(g2.current).toMatchObject({ devices: 0, avgRsrp: null, avgSinr: null });
    });
  });

  it("an answer for the whole organization is shared for 15 s; a restricted caller's is read at each call", async () => {
    const url = '/api/analytics/widget/vanList/vnoc?pageSize=100';
    const modelOf = async (who: Who) =>
      VanListSchema.parse(await ok(url, who)).content.find((v) => v.id === f.alphaEdge.id)?.model;
    const before = await modelOf('admin');
    await t.pool.query('update devices set model = $2 where id = $1', [f.alphaEdge.id, 'Renamed R1']);
    try {
      // The read-only user sees the whole organization too: the administrator's answer, not a new one.
      expect(await modelOf('readOnly')).toBe(before);
      // The restricted user's groups are read now, and so is their answer.
      expect(await modelOf('restricted')).toBe('Renamed R1');
      // Another organization's administrator: their own devices only.
      const b = VanListSchema.parse(await ok(url, 'adminB'));
      expect(b.content.map((v) => v.id)).toEqual([f.otherEdge.id]);
    } finally {
      await t.pool.query('update devices set model = $2 where id = $1', [f.alphaEdge.id, before]);
    }
  });

  it('every analytics call is refused without the analytics entitlement', async () => {
    const org = await createOrganization(t.db, { entitlements: ['diagnostics'] });
    const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const token = await tokenFor(t.db, admin, 'full');
    for (const url of [
      '/api/analytics/network/uptime',
      '/api/analytics/widget/vanList/vnoc',
      '/api/analytics/sites/usage/top/usage',
      '/api/analytics/widget/vanTroubledSites/vnoc',
      '/api/analytics/trend/wanLatency',
      '/api/analytics/trend/failovers',
      '/api/analytics/trend/cellularHealth',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        id: 'not_entitled',
        message: 'Your organization does not have this feature.',
      });
    }
  });
});
