import { randomUUID } from 'node:crypto';
import {
  ALERT_CODES,
  AlertCodeInfoSchema,
  AlertCountsSchema,
  AlertDetailSchema,
  AlertSchema,
  PagedSchema,
} from '@vnoc/contracts';
import { parse as parseCsvText } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAlertEngine } from '../src/fleet/alerts/index.ts';
import * as alertRepo from '../src/modules/alerts/repository.ts';
import type { Db } from '../src/plugins/db.ts';
import {
  createDevice,
  createFleetFixture,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  tokenFor,
} from './factories.ts';
import { bearer, count, silentLog, testConfig, useTestApp } from './helpers.ts';

const t = useTestApp();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const AlertPage = PagedSchema(AlertSchema);

type Who = 'admin' | 'user' | 'readOnly' | 'restricted' | 'adminB' | 'support';
let f: Awaited<ReturnType<typeof fixture>>;
const tokens = {} as Record<Who, string>;

/** Moves a device to a status at `at`, as the gateway records it (device row and status periods). */
async function setStatus(db: Db, deviceId: string, status: string, at: number) {
  await db.execute(sql`update device_status_intervals set ended_at = ${new Date(at).toISOString()}
    where device_id = ${deviceId} and ended_at is null`);
  await db.execute(sql`insert into device_status_intervals (device_id, organization_id, status, started_at)
    select id, organization_id, ${status}, ${new Date(at).toISOString()} from devices where id = ${deviceId}`);
  await db.execute(sql`update devices set status = ${status} where id = ${deviceId}`);
}

/** The engine's evaluation in a transaction of its own, as the gateway runs it. */
const evaluate = (ids: string[], at: number) =>
  t.db.transaction((tx) => createAlertEngine({ db: t.db, log: silentLog }).evaluate(tx, ids, at));

async function deviceOf(siteId: string, kind: string) {
  const { rows } = await t.pool.query<{ id: string; mac_address: string }>(
    'select id, mac_address from devices where site_id = $1 and kind = $2 order by id limit 1',
    [siteId, kind],
  );
  const row = rows[0];
  if (!row) throw new Error(`no ${kind} at ${siteId}`);
  return row;
}

async function alertId(where: string, params: unknown[]) {
  const { rows } = await t.pool.query<{ id: string }>(`select id from alerts where ${where}`, params);
  if (rows.length !== 1) throw new Error(`expected one alert where ${where}, found ${rows.length}`);
  return (rows[0] as { id: string }).id;
}

/**
 * The fleet fixture with alerts raised by the engine, at times set apart so sorting and date filters mean
 * something (T = the fixture's now):
 * - a cleared high_latency on Alpha's firewall, raised T-3d (inserted directly: history);
 * - Charlie (firewall and AP offline since T-45m), evaluated at T-40m: site_offline (critical, root) with the
 *   AP's device_offline as its dependent;
 * - Alpha (switch offline, firewall with LAN port 3 disabled), evaluated at T-32m: device_offline (major) and
 *   lan_port_disabled (info); the switch comes back at T-31m and fails again at T-30m: occurrences 2;
 * - Bravo (5G on backup since T-25m, signal 2 bars), evaluated at T-20m: on_backup (major), weak_signal (minor);
 * - organization B's firewall offline, evaluated at T-10m: site_offline.
 */
async function fixture() {
  const fleet = await createFleetFixture(t.db);
  const names: [string, string, string][] = [
    [fleet.admin.id, 'Ada', 'Admin'],
    [fleet.user.id, 'Uma', 'User'],
    [fleet.readOnly.id, 'Ravi', 'Reader'],
    [fleet.restricted.id, 'Rita', 'Restricted'],
  ];
  for (const [id, first, last] of names)
    await t.pool.query('update contacts set first_name = $2, last_name = $3 where user_id = $1', [
      id,
      first,
      last,
    ]);
  const provider = await createOrganization(t.db, { name: 'vNOC Provider' });
  const support = await createUser(t.db, provider, { role: 'SUPPORT' });

  const T = Date.now();
  const charlieEdge = await deviceOf(fleet.charlie.id, 'firewall');
  const charlieAp = await deviceOf(fleet.charlie.id, 'access-point');
  const alphaSwitch = await deviceOf(fleet.alpha.id, 'switch');
  const echoEdge = await deviceOf(fleet.echo.id, 'firewall');

  await t.pool.query(
    `insert into alerts (organization_id, site_id, device_id, region, code, severity, state, details, raised_at,
       last_seen_at, cleared_at, clear_notified)
     values ($1, $2, $3, 'TX', 'high_latency', 'minor', 'cleared', '{"ms": 180.5}', $4, $5, $6, true)`,
    [
      fleet.orgA.id,
      fleet.alpha.id,
      fleet.alphaEdge.id,
      new Date(T - 3 * DAY).toISOString(),
      new Date(T - 3 * DAY + 30 * MIN).toISOString(),
      new Date(T - 3 * DAY + 60 * MIN).toISOString(),
    ],
  );

  await setStatus(t.db, charlieEdge.id, 'offline', T - 45 * MIN);
  await setStatus(t.db, charlieAp.id, 'offline', T - 45 * MIN);
  await evaluate([charlieEdge.id], T - 40 * MIN);

  await t.pool.query(`update devices set disabled_ports = '{3}' where id = $1`, [fleet.alphaEdge.id]);
  await setStatus(t.db, alphaSwitch.id, 'offline', T - 35 * MIN);
  await evaluate([alphaSwitch.id], T - 32 * MIN);
  await setStatus(t.db, alphaSwitch.id, 'online', T - 31 * MIN);
  await evaluate([alphaSwitch.id], T - 31 * MIN);
  await setStatus(t.db, alphaSwitch.id, 'offline', T - 30 * MIN);
  await evaluate([alphaSwitch.id], T - 30 * MIN);

  await setStatus(t.db, fleet.bravoEdge.id, 'onbackup', T - 25 * MIN);
  await evaluate([fleet.bravoEdge.id], T - 20 * MIN);

  await setStatus(t.db, fleet.otherEdge.id, 'offline', T - 15 * MIN);
  await evaluate([fleet.otherEdge.id], T - 10 * MIN);

  const ids = {
    cleared: await alertId("code = 'high_latency'", []),
    charlieRoot: await alertId("device_id = $1 and code = 'site_offline'", [charlieEdge.id]),
    charlieDependent: await alertId("device_id = $1 and code = 'device_offline'", [charlieAp.id]),
    alphaSwitch: await alertId("device_id = $1 and code = 'device_offline'", [alphaSwitch.id]),
    alphaPorts: await alertId("device_id = $1 and code = 'lan_port_disabled'", [fleet.alphaEdge.id]),
    bravoBackup: await alertId("device_id = $1 and code = 'on_backup'", [fleet.bravoEdge.id]),
    bravoSignal: await alertId("device_id = $1 and code = 'weak_signal'", [fleet.bravoEdge.id]),
    orgB: await alertId("device_id = $1 and code = 'site_offline'", [fleet.otherEdge.id]),
  };
  return { ...fleet, support, T, charlieEdge, charlieAp, alphaSwitch, echoEdge, ids };
}

beforeAll(async () => {
  f = await fixture();
  for (const who of ['admin', 'user', 'readOnly', 'restricted', 'adminB', 'support'] as const)
    tokens[who] = await tokenFor(t.db, f[who], 'full');
});

const get = (url: string, who: Who = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (url: string, payload?: unknown, who: Who = 'admin') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(tokens[who]),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const list = async (query = '', who: Who = 'admin') => {
  const res = await get(`/api/alert?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return AlertPage.parse(res.json());
};
const codesOf = (alerts: { code: string }[]) => alerts.map((a) => a.code).sort();
const iso = (ms: number) => new Date(ms).toISOString();
const enc = encodeURIComponent;

/** A CSV text as rows of fields (quoted fields, doubled quotes and CRLF as csv-stringify writes them). */
const parseCsv = (text: string): string[][] => parseCsvText(text, { bom: true });

const severityCounts = (over: Partial<Record<'critical' | 'major' | 'minor' | 'info', number>>) => {
  const counts = { critical: 0, major: 0, minor: 0, info: 0, ...over };
  return { ...counts, total: counts.critical + counts.major + counts.minor + counts.info };
};

describe('GET alert/codes', () => {
  // The catalogue's severities and English names (docs/decisions/alerts-and-notifications.md).
  const expected: [string, string, string][] = [
    ['site_offline', 'critical', 'Site offline'],
    ['device_offline', 'major', 'Device offline'],
    ['on_backup', 'major', 'On backup (failover)'],
    ['reboot_too_long', 'major', 'Reboot taking too long'],
    ['pending_too_long', 'minor', 'Pending installation for too long'],
    ['cloud_disconnected', 'major', 'Cloud connection lost'],
    ['weak_signal', 'minor', 'Weak cellular signal'],
    ['high_latency', 'minor', 'High WAN latency'],
    ['high_jitter', 'minor', 'High WAN jitter'],
    ['packet_loss', 'major', 'WAN packet loss'],
    ['lan_port_disabled', 'info', 'LAN port disabled'],
    ['regional_outage', 'critical', 'Regional outage'],
  ];

  it('answers every code of the catalogue once, to every customer role', async () => {
    const res = await get('/api/alert/codes', 'readOnly');
    expect(res.statusCode).toBe(200);
    const body = AlertCodeInfoSchema.array().parse(res.json());
    expect(body.map((c) => c.code).sort()).toEqual([...ALERT_CODES].sort());
    expect(expected.map(([code]) => code).sort()).toEqual([...ALERT_CODES].sort());
  });

  it.each(expected)(
    '%s: severity %s, "%s", with a Spanish name and descriptions',
    async (code, severity, en) => {
      const body = AlertCodeInfoSchema.array().parse((await get('/api/alert/codes')).json());
      const info = body.find((c) => c.code === code);
      expect(info).toMatchObject({ severity, name: { en } });
      expect(info?.name.es.trim()).not.toBe('');
      expect(info?.name.es).not.toBe(info?.name.en);
      expect(info?.description.en.length).toBeGreaterThan(20);
      expect(info?.description.es.length).toBeGreaterThan(20);
      expect(info?.perDevice).toBe(code !== 'regional_outage');
    },
  );
});

describe('GET alert/counts and POST userProfile/updateLastSeenAlert', () => {
  it('counts root alerts by state and severity (a dependent is not counted); all unseen at first', async () => {
    const res = await get('/api/alert/counts', 'user');
    expect(res.statusCode).toBe(200);
    expect(AlertCountsSchema.parse(res.json())).toEqual({
      active: severityCounts({ critical: 1, major: 2, minor: 1, info: 1 }),
      cleared: severityCounts({ minor: 1 }),
      unseen: 5,
      lastSeenId: null,
      // The active root stored last (the Bravo signal alert, though the Bravo failover began later).
      newestId: f.ids.bravoSignal,
    });
    // Organization B counts its own.
    expect((await get('/api/alert/counts', 'adminB')).json()).toEqual({
      active: severityCounts({ critical: 1 }),
      cleared: severityCounts({}),
      unseen: 1,
      lastSeenId: null,
      newestId: expect.any(String),
    });
  });

  it('marking the newest alert seen drops unseen to 0; marking an older one does not move the mark back', async () => {
    const newest = await alertId(
      `seq = (select max(seq) from alerts where organization_id = $1 and state = 'active' and root_alert_id is null)`,
      [f.orgA.id],
    );
    const res = await post('/api/userProfile/updateLastSeenAlert', { lastSeenId: newest }, 'user');
    expect(res.statusCode, res.body).toBe(200);
    expect(AlertCountsSchema.parse(res.json())).toMatchObject({
      unseen: 0,
      lastSeenId: newest,
      newestId: newest,
    });
    const stored = async () =>
      (await t.pool.query('select alert_id from alert_seen where user_id = $1', [f.user.id])).rows;
    expect(await stored()).toEqual([{ alert_id: newest }]);

    const older = await post(
      '/api/userProfile/updateLastSeenAlert',
      { lastSeenId: f.ids.charlieRoot },
      'user',
    );
    expect(older.statusCode).toBe(200);
    expect(older.json()).toMatchObject({ unseen: 0, lastSeenId: newest });
    expect(await stored()).toEqual([{ alert_id: newest }]);
    expect((await get('/api/alert/counts', 'user')).json()).toMatchObject({ unseen: 0, lastSeenId: newest });
    // The mark is the caller's own: the administrator still has everything unseen.
    expect((await get('/api/alert/counts')).json()).toMatchObject({ unseen: 5, lastSeenId: null });
  });

  it("another organization's, an unknown or an out-of-scope alert → 404, nothing stored", async () => {
    const before = await count(t.pool, 'alert_seen');
    for (const id of [f.ids.orgB, randomUUID()]) {
      const res = await post('/api/userProfile/updateLastSeenAlert', { lastSeenId: id }, 'readOnly');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ id: 'not_found' });
    }
    // Outside the restricted user's groups reads as missing too.
    const out = await post(
      '/api/userProfile/updateLastSeenAlert',
      { lastSeenId: f.ids.charlieRoot },
      'restricted',
    );
    expect(out.statusCode).toBe(404);
    expect(await count(t.pool, 'alert_seen')).toBe(before);
    expect(await count(t.pool, 'alert_seen', 'user_id = $1', [f.readOnly.id])).toBe(0);
  });

  it.each([
    ['a malformed id', { lastSeenId: 'nope' }, 'Enter a valid alert id.'],
    ['a number', { lastSeenId: 42 }, undefined],
    ['no id', {}, undefined],
  ])('%s → 400, nothing stored', async (_case, payload, message) => {
    const before = await count(t.pool, 'alert_seen');
    const res = await post('/api/userProfile/updateLastSeenAlert', payload, 'readOnly');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input', ...(message ? { message } : {}) });
    expect(await count(t.pool, 'alert_seen')).toBe(before);
  });

  it('READ_ONLY marks alerts seen too (a read); SUPPORT cannot', async () => {
    const res = await post(
      '/api/userProfile/updateLastSeenAlert',
      { lastSeenId: f.ids.charlieRoot },
      'readOnly',
    );
    expect(res.statusCode).toBe(200);
    // Alpha's and Bravo's alerts were raised after Charlie's.
    expect(res.json()).toMatchObject({ unseen: 4, lastSeenId: f.ids.charlieRoot });
    expect(await count(t.pool, 'alert_seen', 'user_id = $1', [f.readOnly.id])).toBe(1);
    const support = await post(
      '/api/userProfile/updateLastSeenAlert',
      { lastSeenId: f.ids.alphaSwitch },
      'support',
    );
    expect(support.statusCode).toBe(403);
    expect(await count(t.pool, 'alert_seen', 'user_id = $1', [f.support.id])).toBe(0);
  });
});

describe('GET alert', () => {
  it('lists the active root alerts worst first, then newest (none acknowledged yet); a root counts its dependents', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 0, pageSize: 50, totalElements: 5, totalPages: 1 });
    // The critical site outage (the oldest) above the fresher major and minor ones (issue 37).
    expect(page.content.map((a) => a.id)).toEqual([
      f.ids.charlieRoot,
      f.ids.bravoBackup,
      f.ids.alphaSwitch,
      f.ids.bravoSignal,
      f.ids.alphaPorts,
    ]);
    expect(page.content.every((a) => a.status === 'active' && a.rootAlertId === null)).toBe(true);
    const root = page.content.find((a) => a.id === f.ids.charlieRoot);
    expect(root).toMatchObject({
      code: 'site_offline',
      severity: 'critical',
      siteId: f.charlie.id,
      deviceId: f.charlieEdge.id,
      deviceKind: 'firewall',
      region: 'TX',
      message: 'Site offline (for 5 min)',
      details: { minutes: 5 },
      // Raised when the site went offline, though the engine first saw it 5 minutes later.
      raisedAt: iso(f.T - 45 * MIN),
      clearedAt: null,
      dependents: 1,
      acknowledgedBy: null,
      assignee: null,
      assignedBy: null,
      inMaintenance: false,
    });
    expect(page.content.filter((a) => a.id !== f.ids.charlieRoot).every((a) => a.dependents === 0)).toBe(
      true,
    );
    const flapping = page.content.find((a) => a.id === f.ids.alphaSwitch);
    expect(flapping).toMatchObject({
      occurrences: 2,
      raisedAt: iso(f.T - 35 * MIN),
      lastSeenAt: iso(f.T - 30 * MIN),
    });
    expect(page.content.find((a) => a.id === f.ids.bravoSignal)).toMatchObject({
      message: 'Weak cellular signal (2 of 5 bars)',
      details: { bars: 2 },
      macAddress: f.bravoEdge.macAddress,
    });
  });

  it('dependents=true lists the dependents as rows of their own', async () => {
    const page = await list('dependents=true');
    expect(page.totalElements).toBe(6);
    const dependent = page.content.find((a) => a.id === f.ids.charlieDependent);
    expect(dependent).toMatchObject({
      code: 'device_offline',
      deviceKind: 'access-point',
      rootAlertId: f.ids.charlieRoot,
      dependents: 0,
    });
    expect((await list('dependents=false')).totalElements).toBe(5);
  });

  it('status=cleared lists the cleared ones', async () => {
    const page = await list('status=cleared');
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({
      id: f.ids.cleared,
      code: 'high_latency',
      status: 'cleared',
      message: 'High WAN latency (180.5 ms)',
      raisedAt: iso(f.T - 3 * DAY),
      clearedAt: iso(f.T - 3 * DAY + 60 * MIN),
    });
    expect((await list('status=active')).totalElements).toBe(5);
  });

  it('pages: pageSize and page, totals over every page', async () => {
    const all = (await list()).content.map((a) => a.id);
    const pages = [];
    for (const p of [0, 1, 2]) {
      const page = await list(`pageSize=2&page=${p}`);
      expect(page).toMatchObject({ page: p, pageSize: 2, totalElements: 5, totalPages: 3 });
      pages.push(...page.content.map((a) => a.id));
    }
    expect(pages).toEqual(all);
    // Past the end: no rows, and still the total (the page and its count are one statement).
    expect(await list('pageSize=2&page=3')).toMatchObject({ content: [], totalElements: 5 });
    expect(await list('pageSize=2&page=3&severity=critical,major,minor,info')).toMatchObject({
      content: [],
      totalElements: 5,
    });
    // Invalid paging falls back to the defaults.
    expect(await list('pageSize=0&page=-1')).toMatchObject({ page: 0, pageSize: 50, totalElements: 5 });
  });

  const sites = (...names: string[]) => names.map((n) => `${n} Store`);
  it.each<
    [
      string,
      (a: { siteName: string | null; severity: string; code: string; occurrences: number }) => unknown,
      unknown[],
    ]
  >([
    ['severity-asc', (a) => a.severity, ['critical', 'major', 'major', 'minor', 'info']],
    ['severity-desc', (a) => a.severity, ['info', 'minor', 'major', 'major', 'critical']],
    ['raisedAt-asc', (a) => a.siteName, sites('Charlie', 'Alpha', 'Alpha', 'Bravo', 'Bravo')],
    ['raisedAt-desc', (a) => a.siteName, sites('Bravo', 'Bravo', 'Alpha', 'Alpha', 'Charlie')],
    ['lastSeenAt-asc', (a) => a.siteName, sites('Charlie', 'Alpha', 'Alpha', 'Bravo', 'Bravo')],
    ['lastSeenAt-desc', (a) => a.siteName, sites('Bravo', 'Bravo', 'Alpha', 'Alpha', 'Charlie')],
    [
      'code-asc',
      (a) => a.code,
      ['device_offline', 'lan_port_disabled', 'on_backup', 'site_offline', 'weak_signal'],
    ],
    [
      'code-desc',
      (a) => a.code,
      ['weak_signal', 'site_offline', 'on_backup', 'lan_port_disabled', 'device_offline'],
    ],
    ['siteName-asc', (a) => a.siteName, sites('Alpha', 'Alpha', 'Bravo', 'Bravo', 'Charlie')],
    ['siteName-desc', (a) => a.siteName, sites('Charlie', 'Bravo', 'Bravo', 'Alpha', 'Alpha')],
    ['occurrences-asc', (a) => a.occurrences, [1, 1, 1, 1, 2]],
    ['occurrences-desc', (a) => a.occurrences, [2, 1, 1, 1, 1]],
    ['raisedAt-desc', (a) => a.siteName, sites('Bravo', 'Bravo', 'Alpha', 'Alpha', 'Charlie')],
    // Outside the allow-list: the active list's default, priority-asc.
    ['bogus-asc', (a) => a.siteName, sites('Charlie', 'Bravo', 'Alpha', 'Bravo', 'Alpha')],
  ])('sorting=%s', async (sorting, key, expected) => {
    const page = await list(`sorting=${sorting}`);
    expect(page.content.map(key)).toEqual(expected);
  });

  it('sorting=severity-asc breaks ties newest first', async () => {
    const page = await list('sorting=severity-asc');
    expect(page.content.map((a) => a.id)).toEqual([
      f.ids.charlieRoot,
      f.ids.bravoBackup,
      f.ids.alphaSwitch,
      f.ids.bravoSignal,
      f.ids.alphaPorts,
    ]);
  });

  it.each<[string, () => string, string[]]>([
    ['one code', () => 'code=device_offline', ['device_offline']],
    ['a code list', () => 'code=site_offline,on_backup', ['on_backup', 'site_offline']],
    [
      'a code with dependents',
      () => 'code=device_offline&dependents=true',
      ['device_offline', 'device_offline'],
    ],
    ['a severity', () => 'severity=major', ['device_offline', 'on_backup']],
    ['a severity list', () => 'severity=critical,info', ['lan_port_disabled', 'site_offline']],
    ['code and severity together', () => 'code=site_offline&severity=major', []],
    ['a site', () => `siteId=${f.charlie.id}`, ['site_offline']],
    [
      'a site with dependents',
      () => `siteId=${f.charlie.id}&dependents=true`,
      ['device_offline', 'site_offline'],
    ],
    ['a site without alerts', () => `siteId=${f.delta.id}`, []],
    ["another organization's site", () => `siteId=${f.other.id}`, []],
    ['a device', () => `deviceId=${f.bravoEdge.id}`, ['on_backup', 'weak_signal']],
    [
      'a group',
      () => `groupId=${f.g1.id}`,
      ['device_offline', 'lan_port_disabled', 'on_backup', 'weak_signal'],
    ],
    ['another group', () => `groupId=${f.g2.id}`, ['site_offline']],
    ['text: a site name, any case', () => 'q=bRAVO', ['on_backup', 'weak_signal']],
    ['text: another site name', () => 'q=Charlie%20Store', ['site_offline']],
    ['text: a MAC address', () => 'q=aa:bb:cc:00:00:01', ['lan_port_disabled']],
    ['text: a MAC address with dashes', () => 'q=AA-BB-CC-00-00-01', ['lan_port_disabled']],
    ['text: nothing matches', () => 'q=zzz', []],
    // Every site's text and every MAC hold an "a": each alert counted once though matched both ways.
    [
      'text: sites and MACs matched at once',
      () => 'q=a',
      ['device_offline', 'lan_port_disabled', 'on_backup', 'site_offline', 'weak_signal'],
    ],
    [
      'a date range',
      () => `from=${enc(iso(f.T - 35 * MIN))}&to=${enc(iso(f.T - 25 * MIN))}`,
      ['device_offline', 'lan_port_disabled', 'on_backup'],
    ],
    ['from only', () => `from=${enc(iso(f.T - 25 * MIN))}`, ['on_backup', 'weak_signal']],
    ['to only', () => `to=${enc(iso(f.T - 35 * MIN))}`, ['device_offline', 'site_offline']],
    [
      'cleared in a date range',
      () => `status=cleared&from=${enc(iso(f.T - 4 * DAY))}&to=${enc(iso(f.T - 2 * DAY))}`,
      ['high_latency'],
    ],
    ['cleared after the range', () => `status=cleared&from=${enc(iso(f.T - DAY))}`, []],
  ])('filters by %s', async (_case, query, expected) => {
    const page = await list(query());
    expect(codesOf(page.content)).toEqual(expected);
    expect(page.totalElements).toBe(expected.length);
  });

  it.each([
    ['a site name', 'bravo'],
    ['a MAC address', 'aa:bb:cc:00:00:01'],
    ['a region', 'TX'],
  ])(
    'free text naming more sites or devices than the id limit (%s) finds the same alerts by scanning',
    async (_case, q) => {
      const scope = { organizationId: f.orgA.id, userId: f.admin.id, restricted: false };
      const run = async (max: number) => {
        const text = await alertRepo.matchText(t.db, f.orgA.id, q, max);
        const filters = { state: 'active' as const, dependents: false, text };
        const { rows } = await alertRepo.listAlerts(t.db, scope, {
          filters,
          sort: { field: 'raisedAt', desc: true },
          page: 0,
          pageSize: 50,
        });
        return {
          scanned: text.siteIds === null || text.deviceIds === null,
          codes: rows.map((r) => r.code).sort(),
        };
      };
      const byIds = await run(alertRepo.TEXT_IDS_MAX);
      const byScan = await run(0);
      expect([byIds.scanned, byScan.scanned]).toEqual([false, true]);
      expect(byIds.codes.length).toBeGreaterThan(0);
      expect(byScan.codes).toEqual(byIds.codes);
    },
  );

  it.each<[string, string, string | undefined]>([
    ['an unknown code', 'code=bogus', 'Unknown alert code.'],
    ['an unknown code in a list', 'code=site_offline,bogus', 'Unknown alert code.'],
    ['an unknown severity', 'severity=urgent', 'Unknown severity.'],
    [
      'a start after the end',
      'from=2026-02-02T00:00:00Z&to=2026-01-01T00:00:00Z',
      'The start of the date range must be before its end.',
    ],
    ['a bad start date', 'from=not-a-date', 'Enter a valid start date.'],
    ['a bad end date', 'to=not-a-date', 'Enter a valid end date.'],
    ['a bad status', 'status=open', undefined],
    ['a bad site id', 'siteId=123', 'Enter a valid site id.'],
    ['a bad device id', 'deviceId=nope', 'Enter a valid device id.'],
    ['a bad group id', 'groupId=nope', 'Enter a valid group id.'],
    ['a bad dependents flag', 'dependents=maybe', 'dependents must be true or false.'],
    ['text over 200 characters', `q=${'x'.repeat(201)}`, 'Search text is at most 200 characters.'],
  ])('%s → 400 with its message (list and CSV)', async (_case, query, message) => {
    for (const path of ['/api/alert', '/api/alert/export.csv']) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, `${path}?${query}`).toBe(400);
      const body = res.json();
      expect(body.id).toBe('invalid_input');
      if (message) expect(body.message).toBe(message);
      else expect(typeof body.message).toBe('string');
    }
  });
});

describe('scope', () => {
  it("another organization's alert answers 404 to every call, and nothing is stored", async () => {
    const id = f.ids.orgB;
    const auditBefore = await count(t.pool, 'audit_log', "action like 'alert.%'");
    for (const bad of [id, randomUUID(), 'nope']) {
      expect((await get(`/api/alert/${bad}`)).statusCode).toBe(404);
      expect((await post(`/api/alert/${bad}/acknowledge`)).statusCode).toBe(404);
      expect((await post(`/api/alert/${bad}/assign`, { userId: f.user.id })).statusCode).toBe(404);
      expect((await post(`/api/alert/${bad}/notes`, { text: 'Mine now' })).statusCode).toBe(404);
    }
    const { rows } = await t.pool.query(
      'select acknowledged_by, acknowledged_at, assignee_id from alerts where id = $1',
      [id],
    );
    expect(rows).toEqual([{ acknowledged_by: null, acknowledged_at: null, assignee_id: null }]);
    expect(await count(t.pool, 'alert_notes')).toBe(0);
    expect(await count(t.pool, 'audit_log', "action like 'alert.%'")).toBe(auditBefore);
    // Organization B's administrator sees its own only.
    const theirs = await list('', 'adminB');
    expect(theirs.content.map((a) => a.id)).toEqual([id]);
    expect((await get(`/api/alert/${f.ids.charlieRoot}`, 'adminB')).statusCode).toBe(404);
  });

  it("a restricted USER sees only the alerts of their groups' sites", async () => {
    const page = await list('dependents=true', 'restricted');
    expect(page.totalElements).toBe(4);
    expect(new Set(page.content.map((a) => a.siteId))).toEqual(new Set([f.alpha.id, f.bravo.id]));
    expect((await list(`siteId=${f.charlie.id}`, 'restricted')).totalElements).toBe(0);
    expect((await list('status=cleared', 'restricted')).totalElements).toBe(1);

    const counts = await get('/api/alert/counts', 'restricted');
    expect(counts.json()).toEqual({
      active: severityCounts({ major: 2, minor: 1, info: 1 }),
      cleared: severityCounts({ minor: 1 }),
      unseen: 4,
      lastSeenId: null,
      // The last stored alert on their groups' sites.
      newestId: f.ids.bravoSignal,
    });

    for (const id of [f.ids.charlieRoot, f.ids.charlieDependent])
      expect((await get(`/api/alert/${id}`, 'restricted')).statusCode).toBe(404);
    expect((await get(`/api/alert/${f.ids.alphaSwitch}`, 'restricted')).statusCode).toBe(200);
    expect(
      (await post(`/api/alert/${f.ids.charlieRoot}/acknowledge`, undefined, 'restricted')).statusCode,
    ).toBe(404);
    expect(
      (await t.pool.query('select acknowledged_by from alerts where id = $1', [f.ids.charlieRoot])).rows,
    ).toEqual([{ acknowledged_by: null }]);
    expect((await get(`/api/site/${f.charlie.id}/alerts`, 'restricted')).statusCode).toBe(404);
    expect((await get(`/api/device/${f.charlieEdge.id}/alerts`, 'restricted')).statusCode).toBe(404);

    const severities = (await get('/api/alert/site-severities', 'restricted')).json();
    expect(severities.map((s: { siteId: string }) => s.siteId).sort()).toEqual(
      [f.alpha.id, f.bravo.id].sort(),
    );

    const csv = parseCsv((await get('/api/alert/export.csv?dependents=true', 'restricted')).body);
    expect(csv).toHaveLength(5);
    expect(new Set(csv.slice(1).map((r) => r[3]))).toEqual(new Set(['Alpha Store', 'Bravo Store']));
  });

  it('SUPPORT (the provider) reads no alert of a customer: 403 on the alert calls, 404 on their items', async () => {
    for (const url of [
      '/api/alert',
      '/api/alert/codes',
      '/api/alert/counts',
      '/api/alert/export.csv',
      '/api/alert/assignees',
      '/api/alert/site-severities',
      `/api/alert/${f.ids.charlieRoot}`,
    ]) {
      const res = await get(url, 'support');
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ id: 'forbidden' });
    }
    expect((await post(`/api/alert/${f.ids.charlieRoot}/acknowledge`, undefined, 'support')).statusCode).toBe(
      403,
    );
    expect((await post(`/api/alert/${f.ids.charlieRoot}/notes`, { text: 'x' }, 'support')).statusCode).toBe(
      403,
    );
    expect(
      (await post(`/api/alert/${f.ids.charlieRoot}/assign`, { userId: null }, 'support')).statusCode,
    ).toBe(403);
    // Site and device calls are open to every role but scoped: a customer's site is not the provider's.
    expect((await get(`/api/site/${f.charlie.id}/alerts`, 'support')).statusCode).toBe(404);
    expect((await get(`/api/device/${f.charlieEdge.id}/alerts`, 'support')).statusCode).toBe(404);
  });
});

describe('regional incidents and site groups', () => {
  it('a regional outage (no site) is visible to a restricted user only when one of its dependents is on their sites', async () => {
    const org = await createOrganization(t.db);
    const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const inside = await createUser(t.db, org, { role: 'USER' });
    const outside = await createUser(t.db, org, { role: 'USER' });
    const down = [];
    for (const n of [1, 2, 3]) {
      const site = await createSite(t.db, org, { name: `Denver ${n}`, state: 'CO' });
      down.push({ site, edge: await createDevice(t.db, site) });
    }
    const calm = await createSite(t.db, org, { name: 'Denver calm', state: 'CO' });
    await createDevice(t.db, calm);
    const first = down[0] as (typeof down)[number];
    await createGroup(t.db, org, [first.site.id], [inside.id]);
    await createGroup(t.db, org, [calm.id], [outside.id]);

    const at = Date.now() - 5 * MIN;
    for (const d of down) await setStatus(t.db, d.edge.id, 'offline', at - MIN);
    await evaluate(
      down.map((d) => d.edge.id),
      at,
    );

    const as = async (user: { id: string }, url: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(await tokenFor(t.db, user, 'full')) });

    const adminList = AlertPage.parse((await as(admin, '/api/alert')).json());
    expect(adminList.content).toHaveLength(1);
    const incident = adminList.content[0];
    expect(incident).toMatchObject({
      code: 'regional_outage',
      severity: 'critical',
      siteId: null,
      deviceId: null,
      region: 'CO',
      dependents: 3,
      message: 'Regional outage (3 sites in CO)',
    });
    const id = incident?.id as string;
    expect((await as(admin, '/api/alert?dependents=true')).json().totalElements).toBe(4);

    // One of its dependents is on the inside user's site.
    const insideList = AlertPage.parse((await as(inside, '/api/alert')).json());
    expect(insideList.content.map((a) => a.id)).toEqual([id]);
    const detail = await as(inside, `/api/alert/${id}`);
    expect(detail.statusCode).toBe(200);
    const body = AlertDetailSchema.parse(detail.json());
    expect(body.dependentAlerts.map((a) => a.siteId)).toEqual([first.site.id]);
    expect((await as(inside, '/api/alert/counts')).json().active).toEqual(severityCounts({ critical: 1 }));
    expect((await as(inside, `/api/alert?siteId=${first.site.id}`)).json().totalElements).toBe(1);

    // None of its dependents is on the outside user's site.
    expect((await as(outside, '/api/alert')).json().totalElements).toBe(0);
    expect((await as(outside, '/api/alert/counts')).json().active).toEqual(severityCounts({}));
    expect((await as(outside, `/api/alert/${id}`)).statusCode).toBe(404);
    expect((await as(outside, '/api/alert/export.csv')).body.trim().split('\n')).toHaveLength(1);

    // A dependent's detail names its root.
    const dependent = await alertId("device_id = $1 and code = 'site_offline'", [first.edge.id]);
    const dep = AlertDetailSchema.parse((await as(inside, `/api/alert/${dependent}`)).json());
    expect(dep.rootAlertId).toBe(id);
    expect(dep.root).toMatchObject({ id, code: 'regional_outage' });
  });

  it("a restricted user's count of a regional outage's dependents matches the dependents they are shown", async () => {
    // The incident of the test above: the inside user sees one of its three dependents.
    const { rows } = await t.pool.query<{ id: string; organization_id: string }>(
      "select id, organization_id from alerts where code = 'regional_outage'",
    );
    const incident = rows[0] as { id: string; organization_id: string };
    const { rows: members } = await t.pool.query<{ user_id: string }>(
      `select ug.user_id from user_site_groups ug join site_group_sites g on g.site_group_id = ug.site_group_id
       join alerts a on a.site_id = g.site_id and a.root_alert_id = $1`,
      [incident.id],
    );
    const inside = { id: (members[0] as { user_id: string }).user_id };
    const headers = bearer(await tokenFor(t.db, inside, 'full'));
    const listed = AlertPage.parse(
      (await t.app.inject({ method: 'GET', url: '/api/alert', headers })).json(),
    );
    const detail = AlertDetailSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/alert/${incident.id}`, headers })).json(),
    );
    expect(detail.dependentAlerts).toHaveLength(1);
    expect(detail.dependents).toBe(detail.dependentAlerts.length);
    expect(listed.content[0]?.dependents).toBe(detail.dependentAlerts.length);
  });
});

describe('GET alert/{id}', () => {
  it('a root answers its dependents and notes; READ_ONLY reads it', async () => {
    const res = await get(`/api/alert/${f.ids.charlieRoot}`, 'readOnly');
    expect(res.statusCode).toBe(200);
    const body = AlertDetailSchema.parse(res.json());
    expect(body).toMatchObject({
      id: f.ids.charlieRoot,
      code: 'site_offline',
      siteName: 'Charlie Store',
      root: null,
      rootAlertId: null,
      dependents: 1,
      notes: [],
    });
    expect(body.dependentAlerts).toEqual([
      expect.objectContaining({
        id: f.ids.charlieDependent,
        code: 'device_offline',
        deviceId: f.charlieAp.id,
        rootAlertId: f.ids.charlieRoot,
      }),
    ]);
  });

  it('a dependent answers its root', async () => {
    const body = AlertDetailSchema.parse((await get(`/api/alert/${f.ids.charlieDependent}`)).json());
    expect(body.rootAlertId).toBe(f.ids.charlieRoot);
    expect(body.root).toMatchObject({ id: f.ids.charlieRoot, code: 'site_offline', dependents: 1 });
    expect(body.dependentAlerts).toEqual([]);
  });
});

describe('POST alert/{id}/acknowledge, assign, notes', () => {
  const stored = async (id: string) =>
    (
      await t.pool.query<{
        acknowledged_by: string | null;
        acknowledged_at: Date | null;
        assignee_id: string | null;
      }>('select acknowledged_by, acknowledged_at, assignee_id from alerts where id = $1', [id])
    ).rows[0];
  const audits = async (action: string, target: string) =>
    (
      await t.pool.query<{ actor_user_id: string; detail: unknown; target_name: string | null }>(
        'select actor_user_id, detail, target_name from audit_log where action = $1 and target = $2 order by id',
        [action, target],
      )
    ).rows;

  it("acknowledge stores who and when (the app's clock); a second acknowledge keeps the first person and time; both are audited", async () => {
    const id = f.ids.bravoBackup;
    // The first acknowledge goes through an app whose clock stands at a chosen time, far from the real one.
    const at = new Date('2026-02-03T04:05:06.789Z');
    const clocked = await buildApp({ config: testConfig(), db: t.db, logger: false, now: () => at });
    const res = await clocked
      .inject({ method: 'POST', url: `/api/alert/${id}/acknowledge`, headers: bearer(tokens.user) })
      .finally(() => clocked.close());
    expect(res.statusCode, res.body).toBe(200);
    const alert = AlertSchema.parse(res.json());
    expect(alert.acknowledgedBy).toEqual({ id: f.user.id, name: 'Uma User', support: null });
    expect(alert.acknowledgedAt).toBe(at.toISOString());
    const first = await stored(id);
    expect(first?.acknowledged_by).toBe(f.user.id);
    expect(first?.acknowledged_at?.toISOString()).toBe(at.toISOString());

    const again = await post(`/api/alert/${id}/acknowledge`);
    expect(again.statusCode).toBe(200);
    expect(again.json().acknowledgedBy).toEqual({ id: f.user.id, name: 'Uma User', support: null });
    expect(again.json().acknowledgedAt).toBe(alert.acknowledgedAt);
    expect(await stored(id)).toEqual(first);
    const acks = await audits('alert.acknowledge', id);
    expect(acks.map((a) => a.actor_user_id)).toEqual([f.user.id, f.admin.id]);
    // The log keeps naming where the alert was once it is purged (issue 37).
    const siteName = (
      await t.pool.query('select s.name from alerts a join sites s on s.id = a.site_id where a.id = $1', [id])
    ).rows[0]?.name;
    expect(acks.map((a) => a.target_name)).toEqual([siteName, siteName]);
    // The list shows it.
    expect((await list()).content.find((a) => a.id === id)?.acknowledgedBy).toEqual({
      id: f.user.id,
      name: 'Uma User',
      support: null,
    });
  });

  it('the default order puts what nobody has acknowledged first: by severity, then newest; the cleared tab stays newest first', async () => {
    // bravoBackup (major) was acknowledged above: it goes below the unacknowledged minor and info ones.
    const page = await list('pageSize=20');
    expect(page.content.map((a) => a.id)).toEqual([
      f.ids.charlieRoot,
      f.ids.alphaSwitch,
      f.ids.bravoSignal,
      f.ids.alphaPorts,
      f.ids.bravoBackup,
    ]);
    expect((await list('pageSize=20&sorting=priority-desc')).content.map((a) => a.id)).toEqual([
      f.ids.bravoBackup,
      f.ids.alphaPorts,
      f.ids.bravoSignal,
      f.ids.alphaSwitch,
      f.ids.charlieRoot,
    ]);
    // The export follows the same order.
    const csv = parseCsv((await get('/api/alert/export.csv?pageSize=20')).body);
    const header = csv[0] ?? [];
    const severity = header.indexOf('Severity');
    expect(csv.slice(1).map((r) => r[severity])).toEqual(['critical', 'major', 'minor', 'info', 'major']);
  });

  it('assign stores a person of the organization who may act; null unassigns; each is audited', async () => {
    const id = f.ids.alphaSwitch;
    const res = await post(`/api/alert/${id}/assign`, { userId: f.restricted.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(AlertSchema.parse(res.json()).assignee).toEqual({ id: f.restricted.id, name: 'Rita Restricted' });
    expect((await stored(id))?.assignee_id).toBe(f.restricted.id);
    const detail = (await get(`/api/alert/${id}`, 'restricted')).json();
    expect(detail.assignee).toEqual({ id: f.restricted.id, name: 'Rita Restricted' });

    const admin = await post(`/api/alert/${id}/assign`, { userId: f.admin.id }, 'user');
    expect(admin.json().assignee).toEqual({ id: f.admin.id, name: 'Ada Admin' });

    const none = await post(`/api/alert/${id}/assign`, { userId: null });
    expect(none.statusCode).toBe(200);
    expect(none.json().assignee).toBeNull();
    expect((await stored(id))?.assignee_id).toBeNull();
    expect((await audits('alert.assign', id)).map((a) => a.detail)).toEqual([
      { assigneeId: f.restricted.id },
      { assigneeId: f.admin.id },
      { assigneeId: null },
    ]);
  });

  it.each<[string, () => unknown]>([
    ['a READ_ONLY person', () => f.readOnly.id],
    ["another organization's person", () => f.adminB.id],
    ['the provider’s SUPPORT', () => f.support.id],
    ['an unknown person', () => randomUUID()],
    ['a malformed id', () => 'nope'],
    ['a user restricted to groups without the alert’s site', () => f.restricted.id],
  ])('assigning %s → 400, nothing stored nor audited', async (_case, userId) => {
    const id = f.ids.charlieRoot;
    await post(`/api/alert/${id}/assign`, { userId: f.user.id });
    const auditBefore = await count(t.pool, 'audit_log', "action = 'alert.assign'");
    const res = await post(`/api/alert/${id}/assign`, { userId: userId() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      id: 'invalid_input',
      message: 'Choose a person of your organization.',
    });
    expect((await stored(id))?.assignee_id).toBe(f.user.id);
    expect(await count(t.pool, 'audit_log', "action = 'alert.assign'")).toBe(auditBefore);
  });

  it('notes are stored with their author, oldest first, and audited', async () => {
    const id = f.ids.charlieRoot;
    const res = await post(`/api/alert/${id}/notes`, { text: '  Called the ISP.  ' }, 'user');
    expect(res.statusCode, res.body).toBe(200);
    const body = AlertDetailSchema.parse(res.json());
    expect(body.notes).toEqual([
      expect.objectContaining({
        text: 'Called the ISP.',
        author: { id: f.user.id, name: 'Uma User', support: null },
      }),
    ]);
    expect(body.dependentAlerts).toHaveLength(1);
    const longest = 'x'.repeat(2000);
    expect((await post(`/api/alert/${id}/notes`, { text: longest })).statusCode).toBe(200);
    const { rows } = await t.pool.query(
      'select author_id, text from alert_notes where alert_id = $1 order by created_at',
      [id],
    );
    expect(rows).toEqual([
      { author_id: f.user.id, text: 'Called the ISP.' },
      { author_id: f.admin.id, text: longest },
    ]);
    const detail = AlertDetailSchema.parse((await get(`/api/alert/${id}`, 'readOnly')).json());
    expect(detail.notes.map((n) => n.author.name)).toEqual(['Uma User', 'Ada Admin']);
    expect((await audits('alert.note', id)).map((a) => a.actor_user_id)).toEqual([f.user.id, f.admin.id]);
  });

  it.each<[string, unknown, string | undefined]>([
    ['an empty note', { text: '' }, 'Write a note.'],
    ['a blank note', { text: '   ' }, 'Write a note.'],
    ['no text', {}, undefined],
    ['2001 characters', { text: 'x'.repeat(2001) }, 'A note is at most 2000 characters.'],
  ])('%s → 400, nothing stored', async (_case, payload, message) => {
    const before = await count(t.pool, 'alert_notes');
    const auditBefore = await count(t.pool, 'audit_log', "action = 'alert.note'");
    const res = await post(`/api/alert/${f.ids.alphaPorts}/notes`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input', ...(message ? { message } : {}) });
    expect(await count(t.pool, 'alert_notes')).toBe(before);
    expect(await count(t.pool, 'audit_log', "action = 'alert.note'")).toBe(auditBefore);
  });

  it('READ_ONLY: 403 on each write with nothing stored, 200 on the reads', async () => {
    const id = f.ids.alphaPorts;
    const auditBefore = await count(t.pool, 'audit_log', "action like 'alert.%'");
    for (const [url, payload] of [
      [`/api/alert/${id}/acknowledge`, undefined],
      [`/api/alert/${id}/assign`, { userId: f.user.id }],
      [`/api/alert/${id}/notes`, { text: 'Looking' }],
    ] as const) {
      const res = await post(url, payload, 'readOnly');
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ id: 'forbidden' });
    }
    expect(await stored(id)).toEqual({ acknowledged_by: null, acknowledged_at: null, assignee_id: null });
    expect(await count(t.pool, 'alert_notes', 'alert_id = $1', [id])).toBe(0);
    expect(await count(t.pool, 'audit_log', "action like 'alert.%'")).toBe(auditBefore);
    for (const url of [
      '/api/alert',
      '/api/alert/codes',
      '/api/alert/counts',
      '/api/alert/export.csv',
      '/api/alert/assignees',
      '/api/alert/site-severities',
      `/api/alert/${id}`,
      `/api/site/${f.alpha.id}/alerts`,
      `/api/device/${f.alphaEdge.id}/alerts`,
    ])
      expect((await get(url, 'readOnly')).statusCode, url).toBe(200);
  });
});

describe('GET alert/export.csv', () => {
  const HEADER = [
    'Severity',
    'Alert',
    'Status',
    'Site',
    'Device name',
    'Device',
    'MAC address',
    'Region',
    'Raised',
    'Last seen',
    'Cleared',
    'Occurrences',
    'Dependents',
    'Acknowledged by',
    'Assignee',
    'Maintenance',
  ];

  it.each<[string, () => string]>([
    ['no filter', () => ''],
    ['severity sorting', () => 'sorting=severity-asc'],
    ['a severity, by site', () => 'severity=major&sorting=siteName-asc'],
    ['dependents, by code', () => 'dependents=true&sorting=code-asc'],
    ['cleared', () => 'status=cleared'],
    ['a group', () => `groupId=${f.g1.id}`],
    ['a MAC address', () => 'q=aa-bb-cc-00-00-01'],
    ['a date range', () => `from=${enc(iso(f.T - 35 * MIN))}&to=${enc(iso(f.T - 25 * MIN))}`],
  ])('answers the JSON list’s rows as CSV: %s', async (_case, makeQuery) => {
    const query = makeQuery();
    const res = await get(`/api/alert/export.csv?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const status = query.includes('status=cleared') ? 'cleared' : 'active';
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="alerts-${status}-\\d{4}-\\d\\d-\\d\\d\\.csv"$`),
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(HEADER);
    const json = (await list(`${query}&pageSize=200`)).content;
    expect(rows).toHaveLength(json.length);
    expect(rows).toEqual(
      json.map((a) => [
        a.severity,
        a.message,
        a.status,
        a.siteName ?? '',
        a.deviceName ?? '',
        a.deviceModel ?? '',
        a.macAddress ?? '',
        a.region ?? '',
        a.raisedAt,
        a.lastSeenAt,
        a.clearedAt ?? '',
        String(a.occurrences),
        String(a.dependents),
        a.acknowledgedBy?.name ?? '',
        a.assignee?.name ?? '',
        a.inMaintenance ? 'yes' : 'no',
      ]),
    );
  });

  it('holds the expected rows for a filter', async () => {
    const rows = parseCsv(
      (await get('/api/alert/export.csv?severity=major&sorting=siteName-asc')).body,
    ).slice(1);
    expect(rows.map((r) => [r[0], r[1], r[3]])).toEqual([
      ['major', 'Device offline (for under a minute)', 'Alpha Store'],
      ['major', 'On backup (failover) (for 5 min)', 'Bravo Store'],
    ]);
    expect(rows[1]?.[13]).toBe('Uma User');
  });
});

describe('GET alert/assignees', () => {
  it("answers the organization's ADMINISTRATOR and USER people, by name", async () => {
    const res = await get('/api/alert/assignees', 'readOnly');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: f.admin.id, name: 'Ada Admin', username: f.admin.username },
      { id: f.restricted.id, name: 'Rita Restricted', username: f.restricted.username },
      { id: f.user.id, name: 'Uma User', username: f.user.username },
    ]);
    expect((await get('/api/alert/assignees', 'adminB')).json()).toEqual([
      { id: f.adminB.id, name: 'Test User', username: f.adminB.username },
    ]);
  });
});

describe('GET alert/site-severities', () => {
  it('answers the worst active severity and the number of active alerts of each site', async () => {
    const res = await get('/api/alert/site-severities');
    expect(res.statusCode).toBe(200);
    const bySite = Object.fromEntries(
      (res.json() as { siteId: string; severity: string; count: number }[]).map((s) => [
        s.siteId,
        [s.severity, s.count],
      ]),
    );
    expect(bySite).toEqual({
      [f.alpha.id]: ['major', 2],
      [f.bravo.id]: ['major', 2],
      // The firewall's site_offline and the access point's dependent device_offline.
      [f.charlie.id]: ['critical', 2],
    });
    expect((await get('/api/alert/site-severities', 'adminB')).json()).toEqual([
      { siteId: f.other.id, severity: 'critical', count: 1 },
    ]);
  });
});

describe('GET site/{id}/alerts and device/{id}/alerts', () => {
  it.each<[string, () => string, () => string[]]>([
    [
      'a site, active only',
      () => `/api/site/${f.alpha.id}/alerts?active=true`,
      () => [f.ids.alphaSwitch, f.ids.alphaPorts],
    ],
    [
      'a site, active then cleared',
      () => `/api/site/${f.alpha.id}/alerts`,
      () => [f.ids.alphaSwitch, f.ids.alphaPorts, f.ids.cleared],
    ],
    [
      'a site, active=false',
      () => `/api/site/${f.alpha.id}/alerts?active=false`,
      () => [f.ids.alphaSwitch, f.ids.alphaPorts, f.ids.cleared],
    ],
    [
      'a site with a root and its dependent',
      () => `/api/site/${f.charlie.id}/alerts?active=true`,
      () => [f.ids.charlieRoot, f.ids.charlieDependent],
    ],
    ['a site without alerts', () => `/api/site/${f.delta.id}/alerts`, () => []],
    [
      'a device, active only',
      () => `/api/device/${f.alphaEdge.id}/alerts?active=true`,
      () => [f.ids.alphaPorts],
    ],
    ['a device, all', () => `/api/device/${f.alphaEdge.id}/alerts`, () => [f.ids.alphaPorts, f.ids.cleared]],
    [
      'an edge device with two alerts',
      () => `/api/device/${f.bravoEdge.id}/alerts?active=true`,
      () => [f.ids.bravoBackup, f.ids.bravoSignal],
    ],
  ])('%s', async (_case, url, expected) => {
    const res = await get(url());
    expect(res.statusCode, res.body).toBe(200);
    const body = AlertSchema.array().parse(res.json());
    expect(body.map((a) => a.id)).toEqual(expected());
  });

  it("another organization's, an unknown or a malformed id → 404; active=maybe → 400", async () => {
    for (const url of [
      `/api/site/${f.other.id}/alerts?active=true`,
      `/api/device/${f.otherEdge.id}/alerts?active=true`,
      `/api/site/${randomUUID()}/alerts`,
      `/api/device/${randomUUID()}/alerts`,
      '/api/site/nope/alerts',
      '/api/device/nope/alerts',
    ])
      expect((await get(url)).statusCode, url).toBe(404);
    for (const url of [
      `/api/site/${f.alpha.id}/alerts?active=maybe`,
      `/api/device/${f.alphaEdge.id}/alerts?active=maybe`,
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input', message: 'active must be true or false.' });
    }
    // Organization B reads its own.
    const theirs = await get(`/api/site/${f.other.id}/alerts?active=true`, 'adminB');
    expect(theirs.json().map((a: { id: string }) => a.id)).toEqual([f.ids.orgB]);
  });
});

describe('unseen count after a new alert', () => {
  it('a newer alert makes the unseen count 1 again (for those who see it)', async () => {
    expect((await get('/api/alert/counts', 'user')).json()).toMatchObject({ unseen: 0 });
    await setStatus(t.db, f.echoEdge.id, 'rebooting', Date.now() - 15 * MIN);
    await evaluate([f.echoEdge.id], Date.now());
    const raised = await alertId("device_id = $1 and code = 'reboot_too_long'", [f.echoEdge.id]);
    const counts = (await get('/api/alert/counts', 'user')).json();
    expect(counts).toMatchObject({ unseen: 1, active: { major: 3, total: 6 } });
    // Echo is outside the restricted user's groups: nothing new for them.
    expect((await get('/api/alert/counts', 'restricted')).json()).toMatchObject({ unseen: 4 });
    const res = await post('/api/userProfile/updateLastSeenAlert', { lastSeenId: raised }, 'user');
    expect(res.json()).toMatchObject({ unseen: 0, lastSeenId: raised });
  });
});

describe('a page of the list shared between callers', () => {
  it("is shared by those who see the whole organization until an alert event; a restricted caller's is read at each call", async () => {
    const query = 'pageSize=13';
    const occurrences = async (who: Who) =>
      (await list(query, who)).content.find((a) => a.id === f.ids.alphaSwitch)?.occurrences;
    expect(await occurrences('admin')).toBe(2);
    const bump = (by: number) =>
      t.pool.query('update alerts set occurrences = occurrences + $2 where id = $1', [f.ids.alphaSwitch, by]);
    // Written without an event (as nothing in the product writes an alert).
    await bump(10);
    try {
      expect(await occurrences('readOnly')).toBe(2);
      expect(await occurrences('restricted')).toBe(12);
      // Another organization's event leaves organization A's pages shared; A's own (a note) ends them.
      expect((await post(`/api/alert/${f.ids.orgB}/notes`, { text: 'B' }, 'adminB')).statusCode).toBe(200);
      expect(await occurrences('user')).toBe(2);
      expect((await post(`/api/alert/${f.ids.charlieRoot}/notes`, { text: 'Seen.' })).statusCode).toBe(200);
      expect(await occurrences('readOnly')).toBe(12);
    } finally {
      await bump(-10);
    }
  });
});
