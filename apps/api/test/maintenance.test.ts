import { randomUUID } from 'node:crypto';
import { AlertSchema, MaintenanceWindowSchema } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAlertEngine } from '../src/fleet/alerts/index.ts';
import { useTestClock } from './clock.ts';
import {
  createDevice,
  createFleetFixture,
  createGroup,
  createOrganization,
  createUser,
  tokenFor,
} from './factories.ts';
import { bearer, count, silentLog, useTestApp } from './helpers.ts';

const t = useTestApp();
const clock = useTestClock();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type Who = 'admin' | 'user' | 'readOnly' | 'restricted' | 'adminB' | 'support';
let f: Awaited<ReturnType<typeof fixture>>;
const tokens = {} as Record<Who, string>;

async function fixture() {
  const fleet = await createFleetFixture(t.db);
  await t.pool.query("update contacts set first_name = 'Ada', last_name = 'Admin' where user_id = $1", [
    fleet.admin.id,
  ]);
  const provider = await createOrganization(t.db, { name: 'vNOC Provider' });
  const support = await createUser(t.db, provider, { role: 'SUPPORT' });
  return { ...fleet, support };
}

beforeAll(async () => {
  f = await fixture();
  for (const who of ['admin', 'user', 'readOnly', 'restricted', 'adminB', 'support'] as const)
    tokens[who] = await tokenFor(t.db, f[who], 'full');
});

const get = (url: string, who: Who = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (url: string, payload: unknown, who: Who = 'admin') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(tokens[who]),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const iso = (ms: number) => new Date(ms).toISOString();
/** A valid request: Alpha, from a minute ago for two hours. */
const request = (over: Record<string, unknown> = {}) => ({
  siteIds: [f.alpha.id],
  startsAt: iso(Date.now() - MIN),
  endsAt: iso(Date.now() + 2 * HOUR),
  reason: 'Firmware upgrade',
  ...over,
});
/** What a refused request must not have written. */
const written = async () => ({
  windows: await count(t.pool, 'maintenance_windows'),
  sites: await count(t.pool, 'maintenance_window_sites'),
  audits: await count(t.pool, 'audit_log', "action like 'maintenance.%'"),
});
const listed = async (query: string, who: Who = 'admin') => {
  const res = await get(`/api/maintenance?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return MaintenanceWindowSchema.array().parse(res.json());
};

/** Moves a device to a status at `at`, as the gateway records it (device row and status periods). */
async function setStatus(deviceId: string, status: string, at: number) {
  await t.db.execute(sql`update device_status_intervals set ended_at = ${iso(at)}
    where device_id = ${deviceId} and ended_at is null`);
  await t.db.execute(sql`insert into device_status_intervals (device_id, organization_id, status, started_at)
    select id, organization_id, ${status}, ${iso(at)} from devices where id = ${deviceId}`);
  await t.db.execute(sql`update devices set status = ${status} where id = ${deviceId}`);
}
const evaluate = (ids: string[], at: number) =>
  t.db.transaction((tx) => createAlertEngine({ db: t.db, log: silentLog }).evaluate(tx, ids, at));
async function deviceOf(siteId: string, kind: string) {
  const { rows } = await t.pool.query<{ id: string }>(
    'select id from devices where site_id = $1 and kind = $2 order by id limit 1',
    [siteId, kind],
  );
  return (rows[0] as { id: string }).id;
}

const windows: Record<'sites' | 'group' | 'restricted', string> = { sites: '', group: '', restricted: '' };

describe('POST maintenance', () => {
  it('schedules a window on sites: active now, its sites listed by name, audited', async () => {
    const startsAt = iso(Date.now() - MIN);
    const endsAt = iso(Date.now() + 2 * HOUR);
    const res = await post('/api/maintenance', {
      siteIds: [f.bravo.id, f.alpha.id, f.alpha.id],
      startsAt,
      endsAt,
      reason: '  Firmware upgrade  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const window = MaintenanceWindowSchema.parse(res.json());
    expect(window).toMatchObject({
      reason: 'Firmware upgrade',
      startsAt,
      endsAt,
      state: 'active',
      sites: [
        { id: f.alpha.id, name: 'Alpha Store' },
        { id: f.bravo.id, name: 'Bravo Store' },
      ],
      group: null,
      createdBy: { id: f.admin.id, name: 'Ada Admin' },
    });
    windows.sites = window.id;
    const { rows } = await t.pool.query(
      'select organization_id, group_id, reason, created_by from maintenance_windows where id = $1',
      [window.id],
    );
    expect(rows).toEqual([
      { organization_id: f.orgA.id, group_id: null, reason: 'Firmware upgrade', created_by: f.admin.id },
    ]);
    expect(await count(t.pool, 'maintenance_window_sites', 'window_id = $1', [window.id])).toBe(2);
    expect(
      await count(
        t.pool,
        'audit_log',
        "action = 'maintenance.create' and target = $1 and actor_user_id = $2",
        [window.id, f.admin.id],
      ),
    ).toBe(1);
  });

  it("schedules a window on a group: scheduled (it starts tomorrow), the group's sites listed", async () => {
    const startsAt = iso(Date.now() + DAY);
    const res = await post('/api/maintenance', {
      groupId: f.g2.id,
      startsAt,
      endsAt: iso(Date.now() + DAY + 4 * HOUR),
      reason: 'Rewiring',
    });
    expect(res.statusCode, res.body).toBe(200);
    const window = MaintenanceWindowSchema.parse(res.json());
    expect(window).toMatchObject({
      state: 'scheduled',
      startsAt,
      group: { id: f.g2.id, name: f.g2.name },
      sites: [{ id: f.charlie.id, name: 'Charlie Store' }],
      createdBy: { id: f.admin.id },
    });
    windows.group = window.id;
    expect(await count(t.pool, 'maintenance_window_sites', 'window_id = $1', [window.id])).toBe(0);
    expect(
      (await t.pool.query('select group_id from maintenance_windows where id = $1', [window.id])).rows,
    ).toEqual([{ group_id: f.g2.id }]);
  });

  it('schedules a window on one site of a group, and on that group', async () => {
    const res = await post('/api/maintenance', request({ siteIds: [f.bravo.id] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'active', sites: [{ id: f.bravo.id, name: 'Bravo Store' }] });
    windows.restricted = res.json().id;
    const group = await post('/api/maintenance', request({ siteIds: [], groupId: f.g1.id }));
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json().sites.map((s: { name: string }) => s.name)).toEqual(['Alpha Store', 'Bravo Store']);
    // Ended at once, so it does not cover the suppression tests below.
    expect((await post(`/api/maintenance/${group.json().id}/end`, undefined)).statusCode).toBe(200);
  });

  // Issue 34: a window silences everyone's notifications about its sites, an organization-wide setting.
  it('a USER (in site groups or not) → 403, nothing written, even on sites they see', async () => {
    const before = await written();
    for (const [who, body] of [
      ['user', request()],
      ['user', request({ siteIds: [], groupId: f.g2.id })],
      ['restricted', request({ siteIds: [f.bravo.id] })],
      ['restricted', request({ siteIds: [], groupId: f.g1.id })],
    ] as const) {
      const res = await post('/api/maintenance', body, who);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ id: 'forbidden' });
    }
    expect(await written()).toEqual(before);
  });

  it.each<[string, () => unknown, string | undefined, Who?]>([
    ['no sites nor group', () => request({ siteIds: [] }), 'Choose sites or a group.'],
    [
      'no sites nor group given at all',
      () => request({ siteIds: undefined, groupId: null }),
      'Choose sites or a group.',
    ],
    [
      'an end before the start',
      () => request({ startsAt: iso(Date.now() + 2 * HOUR), endsAt: iso(Date.now() + HOUR) }),
      'The window must end after it starts.',
    ],
    [
      'an end equal to the start',
      // One instant for both: two Date.now() calls can be a millisecond apart on a busy machine.
      () => {
        const at = iso(Date.now() + HOUR);
        return request({ startsAt: at, endsAt: at });
      },
      'The window must end after it starts.',
    ],
    [
      'longer than 31 days',
      () => request({ startsAt: iso(Date.now()), endsAt: iso(Date.now() + 31 * DAY + MIN) }),
      'A window lasts at most 31 days.',
    ],
    ['an empty reason', () => request({ reason: '' }), 'Give a reason.'],
    ['a blank reason', () => request({ reason: '   ' }), 'Give a reason.'],
    ['no reason', () => request({ reason: undefined }), undefined],
    [
      'a reason over 500 characters',
      () => request({ reason: 'x'.repeat(501) }),
      'A reason is at most 500 characters.',
    ],
    [
      'an end in the past',
      () => request({ startsAt: iso(Date.now() - 3 * HOUR), endsAt: iso(Date.now() - HOUR) }),
      'The window must end in the future.',
    ],
    ['a bad start time', () => request({ startsAt: 'tomorrow' }), 'Enter a valid start time.'],
    [
      'an end time without a time zone',
      () => request({ endsAt: '2099-01-01T10:00:00' }),
      'Enter a valid end time.',
    ],
    ['a malformed site id', () => request({ siteIds: ['nope'] }), 'Enter a valid site id.'],
    ['a malformed group id', () => request({ siteIds: [], groupId: 'nope' }), 'Enter a valid group id.'],
    [
      "another organization's site",
      () => request({ siteIds: [f.other.id] }),
      'Choose sites of your organization.',
    ],
    [
      "one of the organization's sites and another organization's",
      () => request({ siteIds: [f.alpha.id, f.other.id] }),
      'Choose sites of your organization.',
    ],
    ['an unknown site', () => request({ siteIds: [randomUUID()] }), 'Choose sites of your organization.'],
    [
      "another organization's group",
      () => request({ siteIds: [], groupId: f.gB.id }),
      'Choose a group of your organization.',
    ],
    [
      "another organization's group with a site of ours",
      () => request({ groupId: f.gB.id }),
      'Choose a group of your organization.',
    ],
  ])('%s → 400 with its message, nothing written', async (_case, body, message, who = 'admin') => {
    const before = await written();
    const res = await post('/api/maintenance', body(), who);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input', ...(message ? { message } : {}) });
    expect(await written()).toEqual(before);
  });

  it('READ_ONLY and SUPPORT → 403, nothing written', async () => {
    const before = await written();
    for (const who of ['readOnly', 'support'] as const) {
      const res = await post('/api/maintenance', request(), who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ id: 'forbidden' });
    }
    expect(await written()).toEqual(before);
  });
});

describe('GET maintenance', () => {
  it('lists the current windows (active and scheduled) by start; READ_ONLY reads them', async () => {
    const current = await listed('state=current', 'readOnly');
    expect(current.map((w) => w.id)).toEqual([windows.sites, windows.restricted, windows.group]);
    expect(current.map((w) => w.state)).toEqual(['active', 'active', 'scheduled']);
    expect((await listed('')).map((w) => w.id)).toEqual(current.map((w) => w.id));
    expect((await listed('state=ended')).map((w) => w.createdBy.id)).toEqual([f.admin.id]);
  });

  it.each<[string, () => string, () => string[]]>([
    ['a site in a listed window', () => `siteId=${f.alpha.id}`, () => [windows.sites]],
    ['a site in two windows', () => `siteId=${f.bravo.id}`, () => [windows.sites, windows.restricted]],
    ["a site of a window's group", () => `siteId=${f.charlie.id}`, () => [windows.group]],
    ['a site in no window', () => `siteId=${f.delta.id}`, () => []],
    ["another organization's site", () => `siteId=${f.other.id}`, () => []],
  ])('filters by %s', async (_case, query, expected) => {
    expect((await listed(query())).map((w) => w.id)).toEqual(expected());
  });

  it('a restricted user sees the windows with a site of theirs, and only those sites; another organization sees none', async () => {
    const theirs = await listed('', 'restricted');
    expect(theirs.map((w) => w.id)).toEqual([windows.sites, windows.restricted]);
    expect((await listed(`siteId=${f.charlie.id}`, 'restricted')).map((w) => w.id)).toEqual([]);
    expect(await listed('', 'adminB')).toEqual([]);
    expect(await listed('state=ended', 'adminB')).toEqual([]);
    // A window over a site of theirs and one outside their groups shows them their site only.
    const mixed = await post('/api/maintenance', request({ siteIds: [f.alpha.id, f.charlie.id] }));
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().sites.map((s: { name: string }) => s.name)).toEqual(['Alpha Store', 'Charlie Store']);
    const seen = (await listed('', 'restricted')).find((w) => w.id === mixed.json().id);
    expect(seen?.sites).toEqual([{ id: f.alpha.id, name: 'Alpha Store' }]);
    // Nor that it covers Charlie, by filtering on it (issue 34).
    expect((await listed(`siteId=${f.charlie.id}`, 'restricted')).map((w) => w.id)).toEqual([]);
    // Ending it would end Charlie's maintenance too: not theirs to end (issue 34; a USER ends none).
    expect((await post(`/api/maintenance/${mixed.json().id}/end`, undefined, 'restricted')).statusCode).toBe(
      403,
    );
    expect((await listed('', 'restricted')).find((w) => w.id === mixed.json().id)?.state).toBe('active');
    // A window on a group outside theirs (G2) with a site of theirs: they see it without G2's name (issue 34).
    const grouped = await post('/api/maintenance', request({ siteIds: [f.alpha.id], groupId: f.g2.id }));
    expect(grouped.statusCode, grouped.body).toBe(200);
    expect(grouped.json().group).toMatchObject({ id: f.g2.id });
    expect((await listed('', 'restricted')).find((w) => w.id === grouped.json().id)?.group).toBeNull();
    for (const id of [mixed.json().id, grouped.json().id])
      expect((await post(`/api/maintenance/${id}/end`, undefined)).statusCode).toBe(200);
  });

  it.each([
    ['state=maybe', 'state must be current or ended.'],
    ['siteId=nope', 'Enter a valid site id.'],
  ])('%s → 400 "%s"', async (query, message) => {
    const res = await get(`/api/maintenance?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input', message });
  });

  it('SUPPORT → 403', async () => {
    expect((await get('/api/maintenance', 'support')).statusCode).toBe(403);
  });
});

describe('suppression: alerts raised inside a maintenance window', () => {
  it('an alert raised on a site inside an active window is marked inMaintenance; outside it is not', async () => {
    const delta = await post('/api/maintenance', request({ siteIds: [f.delta.id], reason: 'ISP works' }));
    expect(delta.statusCode, delta.body).toBe(200);
    const deltaEdge = await deviceOf(f.delta.id, 'firewall');
    const echoEdge = await deviceOf(f.echo.id, 'firewall');
    const charlieEdge = await deviceOf(f.charlie.id, 'firewall');
    const alphaSwitch = await deviceOf(f.alpha.id, 'switch');
    const now = Date.now();
    for (const id of [deltaEdge, echoEdge, charlieEdge]) await setStatus(id, 'offline', now - MIN);
    // Delta: in its active window. Echo: no window. Charlie: its group's window is only scheduled.
    // Alpha and Bravo: in the active window on sites (the switch offline, the 5G on backup).
    await evaluate([deltaEdge, echoEdge, charlieEdge, alphaSwitch, f.bravoEdge.id], now);

    const flagOf = async (deviceId: string, code: string) => {
      const res = await get(`/api/device/${deviceId}/alerts?active=true`);
      expect(res.statusCode).toBe(200);
      const alert = AlertSchema.array()
        .parse(res.json())
        .find((a) => a.code === code);
      expect(alert, `${code} on ${deviceId}`).toBeDefined();
      const stored = await t.pool.query('select in_maintenance from alerts where id = $1', [alert?.id]);
      expect(stored.rows[0]?.in_maintenance).toBe(alert?.inMaintenance);
      return alert?.inMaintenance;
    };
    expect(await flagOf(deltaEdge, 'site_offline')).toBe(true);
    expect(await flagOf(echoEdge, 'site_offline')).toBe(false);
    expect(await flagOf(charlieEdge, 'site_offline')).toBe(false);
    expect(await flagOf(alphaSwitch, 'device_offline')).toBe(true);
    expect(await flagOf(f.bravoEdge.id, 'on_backup')).toBe(true);
  });

  it("a window on a group covers the group's sites from then on; an ended window covers nothing", async () => {
    const echoGroup = await createGroup(t.db, f.orgA, [f.echo.id]);
    const group = await post('/api/maintenance', request({ siteIds: [], groupId: echoGroup.id }));
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json().sites).toEqual([{ id: f.echo.id, name: 'Echo Store' }]);
    const ended = await post('/api/maintenance', request({ siteIds: [f.foxtrot.id] }));
    expect((await post(`/api/maintenance/${ended.json().id}/end`, undefined)).statusCode).toBe(200);
    // Foxtrot gets a firewall that goes offline after its window ended.
    const foxtrotEdge = (await createDevice(t.db, f.foxtrot)).id;
    const echoAp = await deviceOf(f.echo.id, 'access-point');
    const echoEdge = await deviceOf(f.echo.id, 'firewall');
    const now = Date.now();
    await setStatus(foxtrotEdge, 'offline', now - MIN);
    await setStatus(echoAp, 'offline', now - MIN);
    await evaluate([foxtrotEdge, echoAp], now);
    const flags = await t.pool.query<{ device_id: string; code: string; in_maintenance: boolean }>(
      "select device_id, code, in_maintenance from alerts where device_id = any($1::uuid[]) and state = 'active'",
      [[foxtrotEdge, echoAp, echoEdge]],
    );
    expect(Object.fromEntries(flags.rows.map((r) => [`${r.device_id}:${r.code}`, r.in_maintenance]))).toEqual(
      {
        [`${foxtrotEdge}:site_offline`]: false,
        // Raised inside the group's window (a dependent of Echo's outage).
        [`${echoAp}:device_offline`]: true,
        // Raised before the window: it stays as it was raised.
        [`${echoEdge}:site_offline`]: false,
      },
    );
  });
});

describe('POST maintenance/{id}/end', () => {
  it('ends a window now: ended, listed as ended, audited; a second end is 404', async () => {
    clock.advance(0); // the clock stands still: "now" is this very instant
    const res = await post(`/api/maintenance/${windows.sites}/end`, undefined);
    expect(res.statusCode, res.body).toBe(200);
    const window = MaintenanceWindowSchema.parse(res.json());
    expect(window.state).toBe('ended');
    expect(window.endsAt).toBe(new Date().toISOString());
    const { rows } = await t.pool.query<{ ends_at: Date }>(
      'select ends_at from maintenance_windows where id = $1',
      [windows.sites],
    );
    expect(rows[0]?.ends_at.toISOString()).toBe(window.endsAt);
    expect((await listed('state=current')).map((w) => w.id)).not.toContain(windows.sites);
    expect((await listed('state=ended')).map((w) => w.id)).toContain(windows.sites);
    expect(
      await count(t.pool, 'audit_log', "action = 'maintenance.end' and target = $1 and actor_user_id = $2", [
        windows.sites,
        f.admin.id,
      ]),
    ).toBe(1);
    expect((await post(`/api/maintenance/${windows.sites}/end`, undefined)).statusCode).toBe(404);
  });

  it('ending a scheduled window: it never starts', async () => {
    const res = await post(`/api/maintenance/${windows.group}/end`, undefined);
    expect(res.statusCode, res.body).toBe(200);
    const window = MaintenanceWindowSchema.parse(res.json());
    expect(window.state).toBe('ended');
    expect(Date.parse(window.startsAt)).toBeLessThanOrEqual(Date.parse(window.endsAt));
    expect(Date.parse(window.endsAt)).toBeLessThanOrEqual(Date.now());
  });

  it("another organization's, an unknown or a malformed id → 404; READ_ONLY and USER → 403; nothing changed", async () => {
    const id = windows.restricted;
    const stored = async () =>
      (await t.pool.query('select starts_at, ends_at from maintenance_windows where id = $1', [id])).rows;
    const before = await stored();
    const audits = await count(t.pool, 'audit_log', "action = 'maintenance.end'");
    expect((await post(`/api/maintenance/${id}/end`, undefined, 'adminB')).statusCode).toBe(404);
    expect((await post(`/api/maintenance/${randomUUID()}/end`, undefined)).statusCode).toBe(404);
    expect((await post('/api/maintenance/nope/end', undefined)).statusCode).toBe(404);
    for (const who of ['readOnly', 'user', 'restricted'] as const)
      expect((await post(`/api/maintenance/${id}/end`, undefined, who)).statusCode, who).toBe(403);
    // Nor a window of Delta, outside the restricted user's groups.
    const delta = (await listed(`siteId=${f.delta.id}`))[0];
    expect((await post(`/api/maintenance/${delta?.id}/end`, undefined, 'restricted')).statusCode).toBe(403);
    expect((await listed(`siteId=${f.delta.id}`))[0]?.state).toBe('active');
    expect(await stored()).toEqual(before);
    expect(await count(t.pool, 'audit_log', "action = 'maintenance.end'")).toBe(audits);
  });
});
