import type { OnlineAnalyticsRow, ReportInfo } from '@vnoc/contracts';
import { parse as parseCsvText } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { applyCarrierReports, rollUpDay } from '../src/fleet/gateway/daily.ts';
import { carrierReport } from '../src/fleet/simulator/usage.ts';
import {
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  tokenFor,
} from './factories.ts';
import { bearer, count, testConfig } from './helpers.ts';
import { type ClockedApp, createClockedApp } from './notifications-app.ts';

const SEED = 77;
const H = 3_600_000;
const D1 = Date.parse('2026-03-01T00:00:00.000Z');
const D2 = D1 + 24 * H;
const D3 = D2 + 24 * H;
const NOW = Date.parse('2026-03-10T12:00:00.000Z');

let t: ClockedApp;
const tokens: Record<string, string> = {};
const f = {} as {
  alphaEdge: { id: string; macAddress: string };
  alphaAp: { id: string; macAddress: string };
  bravoEdge: { id: string; macAddress: string };
  otherSite: { id: string };
  alpha: { id: string };
  bravo: { id: string };
  group: { id: string };
  readOnlyId: string;
  adminId: string;
};

/** A CSV text as rows of fields (RFC 4180 quoting, as csv-stringify writes it). */
const parseCsv = (text: string): string[][] => parseCsvText(text, { bom: true });

const get = (url: string, who = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[who] as string) });
const post = (url: string, body: unknown, who = 'admin') =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers: bearer(tokens[who] as string) });
const del = (url: string, who = 'admin') =>
  t.app.inject({ method: 'DELETE', url, headers: bearer(tokens[who] as string) });
const RANGE = 'from=2026-03-01&to=2026-03-02';

async function intervals(deviceId: string, orgId: string, spans: [string, number, number | null][]) {
  for (const [status, from, to] of spans)
    await t.pool.query(
      `insert into device_status_intervals (device_id, organization_id, status, started_at, ended_at) values ($1, $2, $3, $4, $5)`,
      [
        deviceId,
        orgId,
        status,
        new Date(from).toISOString(),
        to === null ? null : new Date(to).toISOString(),
      ],
    );
}

beforeAll(async () => {
  t = await createClockedApp();
  t.set(NOW);
  const orgA = await createOrganization(t.db, { entitlements: ['analytics', 'cellular-billing'] });
  const orgB = await createOrganization(t.db, { entitlements: ['analytics', 'cellular-billing'] });
  const orgC = await createOrganization(t.db, { entitlements: ['analytics'] });
  const admin = await createUser(t.db, orgA, { role: 'ADMINISTRATOR' });
  const readOnly = await createUser(t.db, orgA, { role: 'READ_ONLY' });
  const restricted = await createUser(t.db, orgA, { role: 'USER' });
  const support = await createUser(t.db, orgA, { role: 'SUPPORT' });
  const adminB = await createUser(t.db, orgB, { role: 'ADMINISTRATOR' });
  const adminC = await createUser(t.db, orgC, { role: 'ADMINISTRATOR' });
  f.adminId = admin.id;
  f.readOnlyId = readOnly.id;
  for (const [k, u] of Object.entries({ admin, readOnly, restricted, support, adminB, adminC }))
    tokens[k] = await tokenFor(t.db, u, 'full');

  const alpha = await createSite(t.db, orgA, { name: 'Alpha Store', city: 'Austin' });
  // A name CSV must quote: a comma and double quotes.
  const bravo = await createSite(t.db, orgA, { name: 'Bravo "Main", Store', city: 'Dallas' });
  const other = await createSite(t.db, orgB, { name: 'Other Store' });
  const cSite = await createSite(t.db, orgC, { name: 'Charlie Store' });
  Object.assign(f, { alpha, bravo, otherSite: other });
  f.group = await createGroup(t.db, orgA, [alpha.id], [restricted.id]);
  f.alphaEdge = await createDevice(t.db, alpha, { kind: 'firewall', macAddress: 'aa:00:00:00:00:01' });
  f.alphaAp = await createDevice(t.db, alpha, {
    kind: 'access-point',
    model: 'MR36',
    manufacturer: 'Cisco Meraki',
    connection: 'none',
    macAddress: 'aa:00:00:00:00:02',
  });
  f.bravoEdge = await createDevice(t.db, bravo, {
    kind: '5g',
    model: 'E300',
    manufacturer: 'Cradlepoint',
    macAddress: 'aa:00:00:00:00:03',
  });
  const otherEdge = await createDevice(t.db, other, { macAddress: 'bb:00:00:00:00:01' });
  const cEdge = await createDevice(t.db, cSite, { macAddress: 'cc:00:00:00:00:01' });

  const h = (day: number, hours: number) => day + hours * H;
  // Alpha's firewall, worked by hand:
  // D1: offline 06:00–08:00 (7200 s, 1 outage), on backup 12:00–13:00 (3600 s, 1 failover), a reboot from
  //     23:50 that lasts into D2 (600 s counted down on each day; a reboot is not an outage event).
  //     Down 7800, backup 3600, primary 75 000 → 86.8056 % + 4.1667 % = 90.9723 % online, 9.0277 % offline.
  // D2: rebooting until 00:10 (600 s), on backup 18:00–20:00 (7200 s, 1 failover), primary 78 600.
  //     → 90.9722 % + 8.3333 % = 99.3055 % online, 0.6945 % offline.
  await intervals(f.alphaEdge.id, orgA.id, [
    ['online', h(D1, -24), h(D1, 6)],
    ['offline', h(D1, 6), h(D1, 8)],
    ['online', h(D1, 8), h(D1, 12)],
    ['onbackup', h(D1, 12), h(D1, 13)],
    ['online', h(D1, 13), h(D1, 23 + 50 / 60)],
    ['rebooting', h(D1, 23 + 50 / 60), h(D2, 10 / 60)],
    ['online', h(D2, 10 / 60), h(D2, 18)],
    ['onbackup', h(D2, 18), h(D2, 20)],
    ['online', h(D2, 20), null],
  ]);
  await intervals(f.alphaAp.id, orgA.id, [['online', h(D1, -24), null]]);
  // Bravo's 5G: on backup 00:00–04:00 on D2 (14 400 s).
  await intervals(f.bravoEdge.id, orgA.id, [
    ['online', h(D1, -24), D2],
    ['onbackup', D2, h(D2, 4)],
    ['online', h(D2, 4), null],
  ]);
  await intervals(otherEdge.id, orgB.id, [['online', h(D1, -24), null]]);
  await intervals(cEdge.id, orgC.id, [['online', h(D1, -24), null]]);
  // Rolled up at 01:00 on D3: D1's carrier figures are in (reported on D2), D2's not yet.
  await rollUpDay(t.db, SEED, D1, h(D3, 1));
  await rollUpDay(t.db, SEED, D2, h(D3, 1));
});
afterAll(() => t?.close());

describe('GET /api/reports', () => {
  it('lists the reports the organization has: billing only with the cellular-billing entitlement', async () => {
    const ids = (r: { json: () => ReportInfo[] }) => r.json().map((x) => x.id);
    const a = await get('/api/reports');
    expect(a.statusCode).toBe(200);
    expect(ids(a)).toEqual(['online-analytics', 'cellular-billing', 'sla']);
    expect(a.json()[1]).toMatchObject({ entitlement: 'cellular-billing', title: { en: 'Cellular billing' } });
    expect(a.json()[1].caption.en).toMatch(/reported by the wireless carrier/);
    expect(ids(await get('/api/reports', 'adminC'))).toEqual(['online-analytics', 'sla']);
    expect((await get('/api/reports', 'readOnly')).statusCode).toBe(200);
    expect((await get('/api/reports', 'support')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(401);
  });
});

describe('online analytics (per device and day, from the rollups)', () => {
  it('matches the hand-worked days: percentages sum to 100, seconds to the day, events counted, the reboot split', async () => {
    const res = await get(`/api/reports/online-analytics?${RANGE}&q=aa:00:00:00:00:01&sorting=date-asc`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      report: 'online-analytics',
      from: '2026-03-01',
      to: '2026-03-02',
      totalElements: 2,
    });
    const [d1, d2] = body.content as OnlineAnalyticsRow[];
    expect(d1).toMatchObject({
      id: `${f.alphaEdge.id}:2026-03-01`,
      date: '2026-03-01',
      macAddress: 'aa:00:00:00:00:01',
      siteName: 'Alpha Store',
      city: 'Austin',
      secondsOffline: 7800,
      secondsOnBackup: 3600,
      secondsOnPrimary: 75_000,
      secondsOnline: 78_600,
      offlineEvents: 1,
      backupEvents: 1,
      percentOnPrimary: 86.8056,
      percentOnBackup: 4.1667,
      percentOnline: 90.9723,
      percentOffline: 9.0277,
    });
    expect(d2).toMatchObject({
      date: '2026-03-02',
      secondsOffline: 600,
      secondsOnBackup: 7200,
      secondsOnPrimary: 78_600,
      offlineEvents: 0,
      backupEvents: 1,
      percentOnline: 99.3055,
      percentOffline: 0.6945,
    });
    for (const r of [d1, d2] as OnlineAnalyticsRow[]) {
      expect(r.secondsOnline + r.secondsOffline).toBe(86_400);
      expect(r.secondsOnPrimary + r.secondsOnBackup).toBe(r.secondsOnline);
      expect(r.percentOnline + r.percentOffline).toBeCloseTo(100, 9);
      expect(r.percentOnPrimary + r.percentOnBackup + r.percentOffline).toBeCloseTo(100, 9);
      expect(r.wanBytesReceived).toBeGreaterThan(0);
      expect(r.wanBytesTransmitted).toBeGreaterThan(0);
    }
    // Totals over the range: seconds sum to the range (2 days), percentages to 100.
    expect(body.totals).toMatchObject({
      rows: 2,
      devices: 1,
      secondsOffline: 8400,
      secondsOnBackup: 10_800,
      secondsOnPrimary: 153_600,
      secondsOnline: 164_400,
      offlineEvents: 1,
      backupEvents: 2,
      wanBytesReceived:
        (d1 as OnlineAnalyticsRow).wanBytesReceived + (d2 as OnlineAnalyticsRow).wanBytesReceived,
    });
    expect(body.totals.secondsOnline + body.totals.secondsOffline).toBe(2 * 86_400);
    expect(body.totals.percentOnline + body.totals.percentOffline).toBeCloseTo(100, 9);
    // The chart: one point per day.
    expect(body.summary.series.map((p: { date: string }) => p.date)).toEqual(['2026-03-01', '2026-03-02']);
    expect(body.summary.series[0]).toMatchObject({
      percentOffline: 9.0277,
      offlineEvents: 1,
      backupEvents: 1,
    });
  });

  it('pages, sorts and filters in SQL; totals cover the whole filtered set', async () => {
    const all = (
      await get(`/api/reports/online-analytics?${RANGE}&pageSize=2&sorting=percentOffline-desc`)
    ).json();
    expect(all.totalElements).toBe(6); // 3 devices × 2 days
    expect(all.totalPages).toBe(3);
    expect(all.content).toHaveLength(2);
    expect(all.content[0]).toMatchObject({ macAddress: 'aa:00:00:00:00:01', date: '2026-03-01' });
    expect(all.totals).toMatchObject({ rows: 6, devices: 3 });
    const page2 = (
      await get(`/api/reports/online-analytics?${RANGE}&pageSize=2&page=2&sorting=percentOffline-desc`)
    ).json();
    expect(page2.content).toHaveLength(2);
    const bySite = (await get(`/api/reports/online-analytics?${RANGE}&siteId=${f.bravo.id}`)).json();
    expect(bySite.content.map((r: OnlineAnalyticsRow) => r.macAddress)).toEqual([
      'aa:00:00:00:00:03',
      'aa:00:00:00:00:03',
    ]);
    const byModel = (await get(`/api/reports/online-analytics?${RANGE}&model=MR36,E300`)).json();
    expect(byModel.totals.devices).toBe(2);
    const byGroup = (await get(`/api/reports/online-analytics?${RANGE}&groupId=${f.group.id}`)).json();
    expect(byGroup.totals.devices).toBe(2);
    const byText = (await get(`/api/reports/online-analytics?${RANGE}&q=dallas`)).json();
    expect(byText.totals.devices).toBe(1);
    const oneDay = (await get('/api/reports/online-analytics?from=2026-03-02&to=2026-03-02')).json();
    expect(oneDay.totals.rows).toBe(3);
  });

  it('a user restricted to site groups sees only their sites; another organization sees only its own', async () => {
    const mine = (await get(`/api/reports/online-analytics?${RANGE}`, 'restricted')).json();
    expect(new Set(mine.content.map((r: OnlineAnalyticsRow) => r.siteName))).toEqual(
      new Set(['Alpha Store']),
    );
    expect(mine.totals.devices).toBe(2);
    const theirs = (await get(`/api/reports/online-analytics?${RANGE}`, 'adminB')).json();
    expect(theirs.content.map((r: OnlineAnalyticsRow) => r.macAddress)).toEqual([
      'bb:00:00:00:00:01',
      'bb:00:00:00:00:01',
    ]);
    // Another organization's site or group as a filter: 404, like a missing one.
    for (const who of ['adminB', 'restricted']) {
      const res = await get(`/api/reports/online-analytics?${RANGE}&siteId=${f.bravo.id}`, who);
      expect(res.statusCode, who).toBe(404);
    }
    expect((await get(`/api/reports/sla?${RANGE}&groupId=${f.group.id}`, 'adminB')).statusCode).toBe(404);
    expect(
      (await get(`/api/reports/online-analytics/export.csv?${RANGE}&siteId=${f.otherSite.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('cellular billing (carrier data, a day late)', () => {
  it('rows per modem device and day as spec part 3; D1 reported on D2, D2 awaiting until the carrier reports', async () => {
    const res = await get(`/api/reports/cellular-billing?${RANGE}&sorting=date-asc`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The access point has no modem: 2 edge devices × 2 days.
    expect(body.totalElements).toBe(4);
    const keys = Object.keys(body.content[0]).sort();
    for (const k of [
      'macAddress',
      'manufacturer',
      'model',
      'usage_backup',
      'date',
      'lastUpdated',
      'siteName',
      'address',
      'city',
      'state',
      'zip',
      'country',
    ])
      expect(keys).toContain(k);
    const row = (mac: string, date: string) =>
      body.content.find((r: { macAddress: string; date: string }) => r.macAddress === mac && r.date === date);
    const alphaD1 = carrierReport(
      SEED,
      { id: f.alphaEdge.id, kind: 'firewall' },
      { day: '2026-03-01', secondsOnBackup: 3600 },
    );
    expect(row('aa:00:00:00:00:01', '2026-03-01')).toMatchObject({
      usage_backup: alphaD1?.bytes,
      lastUpdated: new Date(alphaD1?.at ?? 0).toISOString(),
      manufacturer: 'Fortinet',
      model: 'FortiGate 60F',
    });
    expect(row('aa:00:00:00:00:01', '2026-03-01').lastUpdated.slice(0, 10)).toBe('2026-03-02');
    // No time on backup: nothing to report.
    expect(row('aa:00:00:00:00:03', '2026-03-01')).toMatchObject({ usage_backup: null, lastUpdated: null });
    // D2 had backup time on both, not reported yet.
    expect(row('aa:00:00:00:00:01', '2026-03-02')).toMatchObject({ usage_backup: null, lastUpdated: null });
    expect(body.totals).toMatchObject({
      rows: 4,
      devices: 2,
      reportedRows: 1,
      awaitingRows: 2,
      usage_backup: alphaD1?.bytes,
    });

    // The carrier reports D2 during D3.
    expect(await applyCarrierReports(t.db, SEED, D3 + 12 * H)).toBe(2);
    const after = (await get(`/api/reports/cellular-billing?${RANGE}&sorting=usage_backup-desc`)).json();
    const bravoD2 = carrierReport(
      SEED,
      { id: f.bravoEdge.id, kind: '5g' },
      { day: '2026-03-02', secondsOnBackup: 14_400 },
    );
    const alphaD2 = carrierReport(
      SEED,
      { id: f.alphaEdge.id, kind: 'firewall' },
      { day: '2026-03-02', secondsOnBackup: 7200 },
    );
    expect(after.totals).toMatchObject({
      reportedRows: 3,
      awaitingRows: 0,
      usage_backup: (alphaD1?.bytes ?? 0) + (bravoD2?.bytes ?? 0) + (alphaD2?.bytes ?? 0),
    });
    expect(after.content[0].lastUpdated.slice(0, 10)).toBe('2026-03-03');
    expect(after.summary.series).toEqual([
      { date: '2026-03-01', usage_backup: alphaD1?.bytes, devicesOnBackup: 1 },
      { date: '2026-03-02', usage_backup: (bravoD2?.bytes ?? 0) + (alphaD2?.bytes ?? 0), devicesOnBackup: 2 },
    ]);
  });

  it('is refused without the cellular-billing entitlement (page, CSV, PDF, subscription): 403, nothing written', async () => {
    for (const url of ['', '/export.csv', '/export.pdf']) {
      const res = await get(`/api/reports/cellular-billing${url}?${RANGE}`, 'adminC');
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ id: 'not_entitled' });
    }
    const before = await count(t.pool, 'report_subscriptions');
    const res = await post(
      '/api/reports/subscriptions',
      { report: 'cellular-billing', frequency: 'weekly' },
      'adminC',
    );
    expect(res.statusCode).toBe(403);
    expect(await count(t.pool, 'report_subscriptions')).toBe(before);
  });
});

describe('SLA per site (failover-aware)', () => {
  it('counts time on backup as available but apart from downtime, worst sites first, against a target', async () => {
    const body = (await get(`/api/reports/sla?${RANGE}&target=99.9`)).json();
    expect(body.report).toBe('sla');
    expect(body.content.map((r: { siteName: string }) => r.siteName)).toEqual([
      'Alpha Store',
      'Bravo "Main", Store',
    ]);
    // Alpha (its firewall only): 8400 s down of 172 800; backup 10 800.
    expect(body.content[0]).toMatchObject({
      devices: 1,
      secondsObserved: 172_800,
      secondsDown: 8400,
      secondsOnBackup: 10_800,
      downEvents: 1,
      backupEvents: 2,
      percentOnBackup: 6.25,
      availability: 95.1389,
      percentDown: 4.8611,
      target: 99.9,
      met: false,
    });
    // Bravo: never down, 14 400 s on backup → 100 % available, 8.3333 % of it on backup.
    expect(body.content[1]).toMatchObject({
      secondsDown: 0,
      availability: 100,
      percentOnBackup: 8.3333,
      met: true,
    });
    expect(body.totals).toMatchObject({ sites: 2, sitesMeetingTarget: 1, target: 99.9, downEvents: 1 });
    expect(body.totals.availability + body.totals.percentDown).toBeCloseTo(100, 9);
    expect(body.totalElements).toBe(2);
    // The site totals come with the page's rows; a page past the end still has them.
    for (const query of ['pageSize=1', 'page=3&pageSize=1']) {
      const part = (await get(`/api/reports/sla?${RANGE}&target=99.9&${query}`)).json();
      expect(part.totals).toMatchObject({ sites: 2, sitesMeetingTarget: 1 });
      expect(part.totalElements).toBe(2);
      expect(part.content).toHaveLength(query === 'pageSize=1' ? 1 : 0);
    }
  });

  it("a page for the whole organization is shared; a restricted caller's is read at each call", async () => {
    const url = `/api/reports/sla?${RANGE}&target=99.8`;
    const alphaOf = async (who: string) => {
      const res = await get(url, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content.find((r: { siteName: string }) => r.siteName === 'Alpha Store');
    };
    expect(await alphaOf('admin')).toMatchObject({ downEvents: 1 });
    const bump = (by: number) =>
      t.pool.query(
        'update device_daily_stats set offline_events = offline_events + $2 where device_id = $1 and day = $3',
        [f.alphaEdge.id, by, '2026-03-01'],
      );
    await bump(5);
    try {
      // Another caller who sees the whole organization gets the page computed for the administrator…
      expect(await alphaOf('readOnly')).toMatchObject({ downEvents: 1 });
      // …a caller restricted to site groups gets the day as it now is; another organization its own sites.
      expect(await alphaOf('restricted')).toMatchObject({ downEvents: 6 });
      expect(await alphaOf('adminB')).toBeUndefined();
    } finally {
      await bump(-5);
    }
  });
});

describe('bad input: 4xx with a message, nothing written', () => {
  it.each([
    [
      'reversed',
      'from=2026-03-02&to=2026-03-01',
      'The start of the date range must be on or before its end.',
    ],
    [
      'longer than 13 months',
      'from=2025-01-01&to=2026-02-01',
      'The date range can be at most 13 months long.',
    ],
    ['in the future', 'from=2026-03-01&to=2026-03-11', 'The date range cannot end in the future.'],
    ['not a date', 'from=2026-02-30&to=2026-03-01', 'Enter the start date as YYYY-MM-DD.'],
    ['bad sorting', `${RANGE}&sorting=name-asc`, undefined],
    ['bad sorting direction', `${RANGE}&sorting=date-up`, undefined],
    ['page size over 200', `${RANGE}&pageSize=500`, 'pageSize must be between 1 and 200.'],
    ['bad site id', `${RANGE}&siteId=nope`, 'Enter a valid site id.'],
  ])('%s → 400', async (_, query, message) => {
    for (const url of ['', '/export.csv', '/export.pdf']) {
      const res = await get(`/api/reports/online-analytics${url}?${query}`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().id).toBe('invalid_input');
      if (message) expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(/^Sort by one of date, /);
    }
  });

  it('13 months exactly is allowed; an unknown report is 404 with a message', async () => {
    expect((await get('/api/reports/online-analytics?from=2025-02-01&to=2026-02-28')).statusCode).toBe(200);
    for (const url of ['/api/reports/nope', '/api/reports/nope/export.csv', '/api/reports/nope/export.pdf']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ id: 'not_found', message: 'Unknown report.' });
    }
  });

  it('subscriptions: unknown report, bad frequency, unknown filter, another organization’s site → 4xx, none stored', async () => {
    const before = await count(t.pool, 'report_subscriptions');
    const cases: [unknown, number][] = [
      [{ report: 'nope', frequency: 'weekly' }, 400],
      [{ report: 'sla', frequency: 'daily' }, 400],
      [{ report: 'sla', frequency: 'weekly', filters: { colour: 'red' } }, 400],
      [{ report: 'sla', frequency: 'weekly', filters: { siteId: f.otherSite.id } }, 404],
      [{ report: 'sla', frequency: 'weekly', filters: { target: 20 } }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await post('/api/reports/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await count(t.pool, 'report_subscriptions')).toBe(before);
  });
});

describe('exports', () => {
  it('CSV: the whole filtered report, UTF-8 with BOM, quoted, parsed back equal to the API rows', async () => {
    const res = await get(`/api/reports/online-analytics/export.csv?${RANGE}&sorting=macAddress-asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="online-analytics-2026-03-01-to-2026-03-02.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    const api: OnlineAnalyticsRow[] = (
      await get(`/api/reports/online-analytics?${RANGE}&sorting=macAddress-asc&pageSize=200`)
    ).json().content;
    expect(rows).toHaveLength(api.length);
    expect(header?.slice(0, 4)).toEqual(['macAddress', 'manufacturer', 'model', 'date']);
    expect(rows).toEqual(
      api.map((r) =>
        (header ?? []).map((h) => {
          const v = r[h as keyof OnlineAnalyticsRow];
          return v === null || v === undefined ? '' : String(v);
        }),
      ),
    );
    // The comma and quotes in Bravo's name survived.
    expect(rows.some((r) => r.includes('Bravo "Main", Store'))).toBe(true);
    expect(res.body).toContain('"Bravo ""Main"", Store"');
  });

  it('CSV of billing names the spec’s columns in order', async () => {
    const res = await get(`/api/reports/cellular-billing/export.csv?${RANGE}`);
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'macAddress',
      'manufacturer',
      'model',
      'usage_backup',
      'date',
      'lastUpdated',
      'siteName',
      'address',
      'city',
      'state',
      'zip',
      'country',
    ]);
    expect(rows).toHaveLength(4);
  });

  it('PDF: opens, and holds the title, the range and the totals', async () => {
    const res = await get(`/api/reports/online-analytics/export.pdf?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('online-analytics-2026-03-01-to-2026-03-02.pdf');
    const page = (await get(`/api/reports/online-analytics?${RANGE}`)).json();
    const text = (await new PDFParse({ data: res.rawPayload }).getText()).text;
    expect(text).toContain('Online analytics');
    expect(text).toContain('03/01/2026 – 03/02/2026');
    // Rounded as the console rounds them (at most 2 decimals); the JSON keeps 4.
    const screen = (v: number) =>
      `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(v)} %`;
    expect(text).toContain(screen(page.totals.percentOnline));
    expect(text).toContain(screen(page.totals.percentOffline));
    expect(text).toContain('aa:00:00:00:00:01');
    const billing = await get(`/api/reports/cellular-billing/export.pdf?${RANGE}`);
    expect((await new PDFParse({ data: billing.rawPayload }).getText()).text).toContain('Cellular billing');
  });
});

describe("the PDF and the email in the reader's language", () => {
  it("a person whose language is Spanish gets the PDF in Spanish; the CSV keeps the spec's field names", async () => {
    await t.pool.query(
      "insert into user_preferences (user_id, name, value) values ($1, 'language', 'es') on conflict (user_id, name) do update set value = 'es'",
      [f.readOnlyId],
    );
    try {
      const res = await get(`/api/reports/sla/export.pdf?${RANGE}`, 'readOnly');
      expect(res.statusCode).toBe(200);
      const text = (await new PDFParse({ data: res.rawPayload }).getText()).text;
      expect(text).toContain('03/01/2026 – 03/02/2026 (días UTC)');
      expect(text).toContain('Disponibilidad');
      expect(text).toContain('Sitios que cumplen el objetivo');
      expect(text).toContain('Generado el');
      expect(text).not.toContain('Availability');
      // Spanish decimals with a comma, at most 2 as on screen.
      expect(text).toMatch(/\d+,\d{1,2} %/);
      expect(text).not.toMatch(/\d+,\d{3,} %/);
      const csv = await get(`/api/reports/sla/export.csv?${RANGE}`, 'readOnly');
      expect(csv.body.replace(/^\uFEFF/, '').split('\n')[0]).toContain('siteName');
      // Everyone else still reads English.
      const english = (
        await new PDFParse({ data: (await get(`/api/reports/sla/export.pdf?${RANGE}`)).rawPayload }).getText()
      ).text;
      expect(english).toContain('(UTC days)');
      expect(english).toContain('Sites meeting target');
    } finally {
      await t.pool.query("delete from user_preferences where user_id = $1 and name = 'language'", [
        f.readOnlyId,
      ]);
    }
  });

  it('a scheduled report reaches a Spanish reader in Spanish', async () => {
    await t.pool.query(
      "insert into user_preferences (user_id, name, value) values ($1, 'language', 'es') on conflict (user_id, name) do update set value = 'es'",
      [f.adminId],
    );
    const created = await post('/api/reports/subscriptions', {
      report: 'online-analytics',
      frequency: 'weekly',
      filters: {},
    });
    expect(created.statusCode).toBe(200);
    const sub = created.json();
    try {
      await t.pool.query(
        "update report_subscriptions set next_run_at = '2026-03-09T06:00:00Z' where id = $1",
        [sub.id],
      );
      expect(await t.app.reports.runOnce()).toBe(1);
      const { rows } = await t.pool.query('select username from users where id = $1', [f.adminId]);
      const outbox = (
        await t.app.inject({
          method: 'GET',
          url: `/api/dev/outbox?to=${encodeURIComponent(rows[0].username)}`,
        })
      ).json();
      const mail = outbox.find((m: { subject: string }) => m.subject.startsWith('Informe de vNOC'));
      expect(mail?.subject).toBe('Informe de vNOC: Análisis de conectividad, del 2026-03-02 al 2026-03-08');
      expect(mail?.body).toContain(
        'su informe semanal «Análisis de conectividad» del 03/02/2026 – 03/08/2026 (días UTC)',
      );
      expect(mail?.body).toContain('En línea: ');
      expect(mail?.body).toContain('Elimine la suscripción allí');
    } finally {
      await del(`/api/reports/subscriptions/${sub.id}`);
      await t.pool.query("delete from user_preferences where user_id = $1 and name = 'language'", [
        f.adminId,
      ]);
    }
  });
});

describe('scheduled reports', () => {
  it('READ_ONLY subscribes; the run lands in the dev outbox once with CSV and PDF, with two schedulers', async () => {
    const created = await post(
      '/api/reports/subscriptions',
      { report: 'online-analytics', frequency: 'weekly', filters: { siteId: f.alpha.id } },
      'readOnly',
    );
    expect(created.statusCode).toBe(200);
    const sub = created.json();
    // Weekly: next Monday 06:00 UTC after the clock (Tue 2026-03-10).
    expect(sub).toMatchObject({
      report: 'online-analytics',
      frequency: 'weekly',
      nextRunAt: '2026-03-16T06:00:00.000Z',
      lastRunAt: null,
    });
    expect(sub.filters).toEqual({ siteId: f.alpha.id });
    expect(
      (await get('/api/reports/subscriptions', 'readOnly')).json().map((s: { id: string }) => s.id),
    ).toEqual([sub.id]);
    // Someone else's subscription is not theirs to see or delete.
    expect((await get('/api/reports/subscriptions')).json()).toEqual([]);
    expect((await del(`/api/reports/subscriptions/${sub.id}`)).statusCode).toBe(404);

    // Due since Monday 2026-03-09 06:00: the week 03-02 … 03-08.
    await t.pool.query("update report_subscriptions set next_run_at = '2026-03-09T06:00:00Z' where id = $1", [
      sub.id,
    ]);
    const second = await buildApp({ config: testConfig(), db: t.db, logger: false, now: t.now });
    try {
      const sent = await Promise.all([t.app.reports.runOnce(), second.reports.runOnce()]);
      expect(sent[0] + sent[1]).toBe(1);
      expect(await second.reports.runOnce()).toBe(0);
    } finally {
      await second.close();
    }
    const { rows } = await t.pool.query('select username from users where id = $1', [f.readOnlyId]);
    const to = rows[0].username as string;
    const outbox = (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })
    ).json();
    expect(outbox).toHaveLength(1);
    const mail = outbox[0];
    expect(mail.subject).toBe('vNOC report: Online analytics, 2026-03-02 to 2026-03-08');
    expect(mail.body).toContain('03/02/2026 – 03/08/2026');
    expect(mail.attachments.map((a: { filename: string }) => a.filename)).toEqual([
      'online-analytics-2026-03-02-to-2026-03-08.csv',
      'online-analytics-2026-03-02-to-2026-03-08.pdf',
    ]);
    const csv = await t.app.inject({ method: 'GET', url: mail.attachments[0].url });
    expect(csv.statusCode).toBe(200);
    const [, ...csvRows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    // Alpha only (the filter): its two devices on 03-02 (the only rolled-up day of that week).
    expect(csvRows).toHaveLength(2);
    const pdf = await t.app.inject({ method: 'GET', url: mail.attachments[1].url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await new PDFParse({ data: pdf.rawPayload }).getText()).text).toContain('Online analytics');
    // Moved on to the next Monday after now; the run is recorded.
    const { rows: stored } = await t.pool.query(
      'select next_run_at, last_run_at from report_subscriptions where id = $1',
      [sub.id],
    );
    expect(stored[0].next_run_at.toISOString()).toBe('2026-03-16T06:00:00.000Z');
    expect(stored[0].last_run_at.toISOString()).toBe(new Date(NOW).toISOString());
    // Unsubscribe.
    expect((await del(`/api/reports/subscriptions/${sub.id}`, 'readOnly')).statusCode).toBe(200);
    expect(await count(t.pool, 'report_subscriptions')).toBe(0);
  });

  it('monthly runs cover the previous calendar month', async () => {
    const { nextRunAfter, rangeOfRun } = await import('../src/modules/reports/schedule.ts');
    expect(nextRunAfter('monthly', new Date('2026-03-10T12:00:00Z')).toISOString()).toBe(
      '2026-04-01T06:00:00.000Z',
    );
    expect(nextRunAfter('monthly', new Date('2026-03-01T05:00:00Z')).toISOString()).toBe(
      '2026-03-01T06:00:00.000Z',
    );
    expect(nextRunAfter('weekly', new Date('2026-03-16T06:00:00Z')).toISOString()).toBe(
      '2026-03-23T06:00:00.000Z',
    );
    expect(rangeOfRun('monthly', new Date('2026-03-01T06:00:00Z'))).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(rangeOfRun('weekly', new Date('2026-03-16T06:00:00Z'))).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
    });
  });
});
