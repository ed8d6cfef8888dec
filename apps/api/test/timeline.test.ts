import type { Timeline } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpDay } from '../src/fleet/gateway/daily.ts';
import {
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  type DeviceRow,
  tokenFor,
} from './factories.ts';
import { bearer } from './helpers.ts';
import { type ClockedApp, createClockedApp } from './notifications-app.ts';

/**
 * Issue 37: a site's and a device's timeline — status band from the stored periods, alerts, diagnostics,
 * tickets, support acts and configuration versions, availability per day by the SLA rule — scoped like every
 * fleet read, with a bounded range.
 */
const H = 3_600_000;
const D1 = Date.parse('2026-03-01T00:00:00.000Z');
const D2 = D1 + 24 * H;
const D3 = D2 + 24 * H;
const D4 = D3 + 24 * H;
const NOW = D4 + 6 * H;
const iso = (ms: number) => new Date(ms).toISOString();
const RANGE = `from=${iso(D1)}&to=${iso(D4)}`;

let t: ClockedApp;
let admin: string;
let user: string;
let outsider: string;
let otherOrg: string;
let supportActing: string;
let siteId: string;
let firewall: DeviceRow;
let ap: DeviceRow;
let alertId: string;

async function intervals(device: DeviceRow, spans: [string, number, number | null][]) {
  for (const [status, from, to] of spans)
    await t.pool.query(
      'insert into device_status_intervals (device_id, organization_id, status, started_at, ended_at) values ($1, $2, $3, $4, $5)',
      [device.id, device.organizationId, status, iso(from), to === null ? null : iso(to)],
    );
}

const get = async (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const timeline = async (url: string, token: string) => {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Timeline>();
};
const typesOf = (tl: Timeline) => new Set(tl.events.map((e) => e.type));

beforeAll(async () => {
  t = await createClockedApp();
  t.set(NOW);
  const provider = await createOrganization(t.db, { kind: 'provider' });
  const support = await createUser(t.db, provider, { role: 'SUPPORT' });
  const org = await createOrganization(t.db);
  const adminUser = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
  admin = await tokenFor(t.db, adminUser, 'full');
  const plainUser = await createUser(t.db, org, { role: 'USER' });
  user = await tokenFor(t.db, plainUser, 'full');
  supportActing = await tokenFor(t.db, plainUser, 'full', support.username);
  const site = await createSite(t.db, org, { name: 'Timeline Store' });
  siteId = site.id;
  // A user of another site's group sees only that site.
  const elsewhere = await createSite(t.db, org, { name: 'Elsewhere' });
  const restricted = await createUser(t.db, org, { role: 'USER' });
  await createGroup(t.db, org, [elsewhere.id], [restricted.id]);
  outsider = await tokenFor(t.db, restricted, 'full');
  const other = await createOrganization(t.db);
  otherOrg = await tokenFor(t.db, await createUser(t.db, other, { role: 'ADMINISTRATOR' }), 'full');

  firewall = await createDevice(t.db, site, {
    configVersions: [
      { versionName: 'old', internalChange: false, at: iso(D1 - 48 * H) },
      { versionName: 'store-2', internalChange: true, at: iso(D2 + 5 * H) },
    ],
  });
  ap = await createDevice(t.db, site, { kind: 'access-point', model: 'U6-Pro', configVersions: [] });
  // The firewall: up, then 1 h offline on D2, then on backup from D3 noon until now.
  await intervals(firewall, [
    ['online', D1 - 24 * H, D2 + 10 * H],
    ['offline', D2 + 10 * H, D2 + 11 * H],
    ['online', D2 + 11 * H, D3 + 12 * H],
    ['onbackup', D3 + 12 * H, null],
  ]);
  // The access point is not an edge device: offline, it does not change the site's band.
  await intervals(ap, [
    ['online', D1 - 24 * H, D2 + 14 * H],
    ['offline', D2 + 14 * H, D2 + 15 * H],
    ['online', D2 + 15 * H, null],
  ]);
  for (const day of [D1, D2, D3]) await rollUpDay(t.db, 7, day, NOW);

  const { rows } = await t.pool.query<{ id: string }>(
    `insert into alerts (organization_id, site_id, device_id, code, severity, state, raised_at, last_seen_at, cleared_at)
     values ($1, $2, $3, 'site_offline', 'critical', 'cleared', $4, $5, $5) returning id`,
    [org.id, site.id, firewall.id, iso(D2 + 10 * H), iso(D2 + 11 * H)],
  );
  alertId = rows[0]?.id ?? '';
  await t.pool.query(
    `insert into jobs (organization_id, device_id, action, state, requested_by, created_at, finished_at)
     values ($1, $2, 'reboot', 'succeeded', $3, $4, $5)`,
    [org.id, ap.id, plainUser.id, iso(D2 + 14 * H), iso(D2 + 14 * H + 60_000)],
  );
  await t.pool.query(
    `insert into tickets (number, organization_id, device_id, site_id, subject, comment, device, site, emailed_to, created_by, created_at)
     values (1001, $1, $2, $3, 'Store offline', 'It went down', '{}', '{}', 'noc@example.com', $4, $5)`,
    [org.id, firewall.id, site.id, plainUser.id, iso(D2 + 10 * H + 600_000)],
  );
  // Support acknowledged the alert acting as the user; another organization's act never shows.
  await t.pool.query(
    `insert into audit_log (at, actor_user_id, impersonator_user_id, organization_id, action, target)
     values ($1, $2, $3, $4, 'alert.acknowledge', $5), ($1, $2, $3, $6, 'alert.acknowledge', $5)`,
    [iso(D2 + 10 * H + 300_000), plainUser.id, support.id, org.id, alertId, other.id],
  );
});
afterAll(async () => t?.close());

describe('GET site/{id}/timeline', () => {
  it("builds the site's band from its edge devices only, clipped to the range", async () => {
    const tl = await timeline(`/api/site/${siteId}/timeline?${RANGE}`, admin);
    expect(tl.from).toBe(iso(D1));
    expect(tl.to).toBe(iso(D4));
    expect(tl.intervals).toEqual([
      { status: 'online', from: iso(D1), to: iso(D2 + 10 * H), ongoing: false },
      { status: 'offline', from: iso(D2 + 10 * H), to: iso(D2 + 11 * H), ongoing: false },
      { status: 'online', from: iso(D2 + 11 * H), to: iso(D3 + 12 * H), ongoing: false },
      { status: 'onbackup', from: iso(D3 + 12 * H), to: iso(D4), ongoing: false },
    ]);
    // Up to now, the current period goes on.
    const current = await timeline(`/api/site/${siteId}/timeline`, admin);
    expect(current.to).toBe(iso(NOW));
    expect(current.intervals.at(-1)).toEqual({
      status: 'onbackup',
      from: iso(D3 + 12 * H),
      to: iso(NOW),
      ongoing: true,
    });
  });

  it('holds an event of each type for an administrator', async () => {
    const tl = await timeline(`/api/site/${siteId}/timeline?${RANGE}`, admin);
    expect(tl.supportShown).toBe(true);
    expect(typesOf(tl)).toEqual(new Set(['alert', 'diagnostic', 'ticket', 'support', 'config']));
    expect(tl.events.find((e) => e.type === 'alert')).toMatchObject({
      id: alertId,
      code: 'site_offline',
      severity: 'critical',
      at: iso(D2 + 10 * H),
      clearedAt: iso(D2 + 11 * H),
      device: { id: firewall.id },
    });
    expect(tl.events.find((e) => e.type === 'diagnostic')).toMatchObject({
      action: 'reboot',
      state: 'succeeded',
      device: { id: ap.id },
    });
    expect(tl.events.find((e) => e.type === 'ticket')).toMatchObject({ number: 1001, status: 'open' });
    const support = tl.events.filter((e) => e.type === 'support');
    expect(support).toHaveLength(1);
    expect(support[0]).toMatchObject({ action: 'alert.acknowledge', person: { name: 'Test User' } });
    // Only the version recorded in the range; its id is its place in the device's list.
    expect(tl.events.filter((e) => e.type === 'config')).toEqual([
      {
        type: 'config',
        id: '2',
        at: iso(D2 + 5 * H),
        versionName: 'store-2',
        internalChange: true,
        device: { id: firewall.id, name: expect.any(String) },
      },
    ]);
    // Oldest first on the axis.
    const times = tl.events.map((e) => e.at);
    expect(times).toEqual([...times].sort());
    expect(tl.truncated).toEqual([]);
  });

  it("gives each day's availability by the SLA rule, and no figure for a day not rolled up", async () => {
    const tl = await timeline(`/api/site/${siteId}/timeline?${RANGE}`, admin);
    expect(tl.availability.map((d) => [d.day, d.percent])).toEqual([
      ['2026-03-01', 100],
      ['2026-03-02', 95.8333],
      ['2026-03-03', 100],
    ]);
    expect(tl.availability[1]).toMatchObject({ secondsObserved: 86_400, secondsDown: 3600 });
    expect(tl.availability[2]?.secondsOnBackup).toBe(12 * 3600);
    const week = await timeline(`/api/site/${siteId}/timeline`, admin);
    // The 8 days the last 7 × 24 h meet; only D1–D3 are rolled up: the others (today too) have no figure.
    expect(week.availability).toHaveLength(8);
    expect(week.availability.at(-1)).toMatchObject({ day: '2026-03-04', percent: null, secondsObserved: 0 });
  });

  it('leaves support acts out for a person who is not an administrator, but shows them to support acting', async () => {
    const tl = await timeline(`/api/site/${siteId}/timeline?${RANGE}`, user);
    expect(tl.supportShown).toBe(false);
    expect(typesOf(tl).has('support')).toBe(false);
    expect(typesOf(tl).has('alert')).toBe(true);
    const acting = await timeline(`/api/site/${siteId}/timeline?${RANGE}`, supportActing);
    expect(acting.supportShown).toBe(true);
    expect(acting.events.filter((e) => e.type === 'support')).toHaveLength(1);
  });

  it('answers 404 for another organization, a site outside the caller\u2019s groups, or a malformed id', async () => {
    for (const [token, id] of [
      [otherOrg, siteId],
      [outsider, siteId],
      [admin, 'not-a-uuid'],
      [admin, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await get(`/api/site/${id}/timeline?${RANGE}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ id: 'not_found' });
    }
  });

  it('refuses a reversed, empty, unreadable, too long, future or pre-1970 range with a clear 400', async () => {
    const cases: [string, string][] = [
      [`from=${iso(D3)}&to=${iso(D1)}`, 'The start of the date range must be before its end.'],
      [`from=${iso(D1)}&to=${iso(D1)}`, 'The start of the range must be before its end.'],
      [`from=yesterday&to=${iso(D1)}`, 'Enter a valid start date.'],
      [`from=${iso(D1 - 32 * 24 * H)}&to=${iso(D1)}`, 'The timeline covers at most 31 days.'],
      [`to=${iso(NOW + 48 * H)}`, 'The range cannot end in the future.'],
      ['to=%2B099999-01-01T00:00:00Z', 'The range cannot end in the future.'],
      ['from=%2B099999-01-01T00:00:00Z', 'The start of the range must be before its end.'],
      ['from=1969-12-31T00:00:00Z&to=1970-01-02T00:00:00Z', 'Enter a valid start date.'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/site/${siteId}/timeline?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('GET device/{id}/timeline', () => {
  it("shows the device's own band, events and availability whatever its kind", async () => {
    const tl = await timeline(`/api/device/${ap.id}/timeline?${RANGE}`, admin);
    expect(tl.intervals.map((i) => i.status)).toEqual(['online', 'offline', 'online']);
    expect(tl.intervals[1]).toMatchObject({ from: iso(D2 + 14 * H), to: iso(D2 + 15 * H) });
    expect(typesOf(tl)).toEqual(new Set(['diagnostic']));
    expect(tl.availability.map((d) => d.percent)).toEqual([100, 95.8333, 100]);
    const fw = await timeline(`/api/device/${firewall.id}/timeline?${RANGE}`, admin);
    expect(typesOf(fw)).toEqual(new Set(['alert', 'ticket', 'support', 'config']));
  });

  it('answers 404 for another organization and outside the groups, 400 for a too long range', async () => {
    expect((await get(`/api/device/${ap.id}/timeline`, otherOrg)).statusCode).toBe(404);
    expect((await get(`/api/device/${ap.id}/timeline`, outsider)).statusCode).toBe(404);
    const long = await get(`/api/device/${ap.id}/timeline?from=${iso(D1 - 40 * 24 * H)}`, admin);
    expect(long.statusCode).toBe(400);
  });
});
