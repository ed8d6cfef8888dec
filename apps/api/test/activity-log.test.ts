import { ActivityEntrySchema, PagedSchema } from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDevice,
  createOrganization,
  createSite,
  createUser,
  type TestUser,
  tokenFor,
} from './factories.ts';
import { bearer, tokenOf, useTestApp } from './helpers.ts';

const t = useTestApp();
const PageOfEntries = PagedSchema(ActivityEntrySchema);

type Who = 'admin' | 'user' | 'readOnly' | 'support' | 'adminB';
let orgA: Awaited<ReturnType<typeof createOrganization>>;
let orgB: Awaited<ReturnType<typeof createOrganization>>;
const people = {} as Record<Who, TestUser>;
const tokens = {} as Record<Who, string>;

/** Audit rows written straight into the table, at known times (oldest first). */
async function seedEntries() {
  const rows: [string, string | null, string | null, string, string][] = [
    ['2024-01-01T10:00:00Z', people.admin.id, null, 'login.success', orgA.id],
    ['2024-01-02T10:00:00Z', people.user.id, null, 'login.failure', orgA.id],
    ['2024-01-03T10:00:00Z', people.user.id, people.support.id, 'ticket.create', orgA.id],
    ['2024-01-04T10:00:00Z', people.adminB.id, null, 'login.success', orgB.id],
    ['2024-01-05T10:00:00Z', people.admin.id, null, 'some.future_action', orgA.id],
  ];
  for (const [at, actor, impersonator, action, org] of rows)
    await t.pool.query(
      `insert into audit_log (at, actor_user_id, impersonator_user_id, action, organization_id, target, detail, ip)
       values ($1, $2, $3, $4, $5, 'thing', '{"method":"app","list":["a","b"]}', '203.0.113.7')`,
      [at, actor, impersonator, action, org],
    );
}

beforeAll(async () => {
  const provider = await createOrganization(t.db, { kind: 'provider', emailDomains: [] });
  orgA = await createOrganization(t.db);
  orgB = await createOrganization(t.db);
  people.admin = await createUser(t.db, orgA, {
    role: 'ADMINISTRATOR',
    contact: { firstName: 'Ada', lastName: 'Admin' },
  });
  people.user = await createUser(t.db, orgA, {
    role: 'USER',
    contact: { firstName: 'Uma', lastName: 'User' },
  });
  people.readOnly = await createUser(t.db, orgA, { role: 'READ_ONLY' });
  people.support = await createUser(t.db, provider, {
    role: 'SUPPORT',
    contact: { firstName: 'Sam', lastName: 'Support' },
  });
  people.adminB = await createUser(t.db, orgB, { role: 'ADMINISTRATOR' });
  for (const who of Object.keys(people) as Who[]) tokens[who] = await tokenFor(t.db, people[who], 'full');
  await seedEntries();
});

const list = (query: string, who: Who = 'admin', orgId = orgA.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/organization/${orgId}/activity?${query}`,
    headers: bearer(tokens[who]),
  });
const entries = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return PageOfEntries.parse(res.json());
};
const range = 'from=2024-01-01T00:00:00Z&to=2024-01-31T00:00:00Z';

describe('GET organization/{id}/activity', () => {
  it("lists the organization's entries newest first, with who, when, where and details", async () => {
    const page = await entries(range);
    expect(page.content.map((e) => e.action)).toEqual([
      'some.future_action',
      'ticket.create',
      'login.failure',
      'login.success',
    ]);
    expect(page.totalElements).toBe(4);
    const impersonated = page.content[1];
    expect(impersonated).toMatchObject({
      at: '2024-01-03T10:00:00.000Z',
      actor: { id: people.user.id, name: 'Uma User', email: people.user.username },
      impersonator: { id: people.support.id, name: 'Sam Support', email: people.support.username },
      // A ticket that is no row: named as stored, not linked.
      target: { kind: 'ticket', id: null, name: 'thing' },
      ip: '203.0.113.7',
      detail: [
        { key: 'list', value: 'a, b' },
        { key: 'method', value: 'app' },
      ],
    });
    expect(page.content[0]?.impersonator).toBeNull();
  });

  it('pages on the server', async () => {
    const first = await entries(`${range}&pageSize=3&page=0`);
    const second = await entries(`${range}&pageSize=3&page=1`);
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, pageSize: 3 });
    expect(first.content).toHaveLength(3);
    expect(second.content.map((e) => e.action)).toEqual(['login.success']);
  });

  it('filters by person, action, date range and impersonation', async () => {
    expect((await entries(`${range}&person=uma`)).content.map((e) => e.action)).toEqual([
      'ticket.create',
      'login.failure',
    ]);
    // The support person's name finds what they did.
    expect((await entries(`${range}&person=Sam%20Supp`)).content.map((e) => e.action)).toEqual([
      'ticket.create',
    ]);
    expect((await entries(`${range}&person=%25`)).totalElements).toBe(0);
    expect((await entries(`${range}&action=login.success,login.failure`)).totalElements).toBe(2);
    expect(
      (await entries('from=2024-01-02T00:00:00Z&to=2024-01-03T23:59:59Z')).content.map((e) => e.action),
    ).toEqual(['ticket.create', 'login.failure']);
    const supportOnly = await entries(`${range}&impersonated=true`);
    expect(supportOnly.content.map((e) => e.action)).toEqual(['ticket.create']);
  });

  it('never shows another organization (its own log stays its own)', async () => {
    const b = await list(range, 'adminB', orgB.id);
    expect(b.json().content.map((e: { action: string }) => e.action)).toEqual(['login.success']);
    const cross = await list(range, 'admin', orgB.id);
    expect(cross.statusCode).toBe(404);
    expect((await list(range, 'admin', 'not-an-id')).statusCode).toBe(404);
  });

  it('USER, READ_ONLY and SUPPORT are refused (403)', async () => {
    for (const who of ['user', 'readOnly', 'support'] as Who[]) {
      const res = await list(range, who);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().id).toBe('forbidden');
    }
  });

  it('bad input → 400 with a clear message', async () => {
    const cases: [string, string][] = [
      [
        'from=2024-02-01T00:00:00Z&to=2024-01-01T00:00:00Z',
        'The start of the date range must be before its end.',
      ],
      ['from=yesterday', 'Enter a valid start date.'],
      ['to=soon', 'Enter a valid end date.'],
      ['action=login.success,drop%20table', 'Unknown action filter.'],
      ['impersonated=maybe', 'impersonated must be true or false.'],
      [`person=${'x'.repeat(201)}`, 'Search text is at most 200 characters.'],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ id: 'invalid_input', message });
    }
  });
});

describe('GET organization/{id}/activity/export.csv', () => {
  const csv = (query: string, who: Who = 'admin', orgId = orgA.id) =>
    t.app.inject({
      method: 'GET',
      url: `/api/organization/${orgId}/activity/export.csv?${query}`,
      headers: bearer(tokens[who]),
    });

  it('exports the filtered entries as CSV', async () => {
    const res = await csv(`${range}&impersonated=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Time,Action,Person,Support person,API key,Target,IP address,Details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `2024-01-03T10:00:00.000Z,ticket.create,Uma User <${people.user.username}>,Sam Support <${people.support.username}>,,thing,203.0.113.7,"list: a, b; method: app"`,
    );
    expect((await csv(range)).body.trim().split('\n')).toHaveLength(5);
  });

  it('another organization → 404; other roles → 403; bad filters → 400', async () => {
    expect((await csv(range, 'admin', orgB.id)).statusCode).toBe(404);
    expect((await csv(range, 'user')).statusCode).toBe(403);
    expect((await csv(range, 'support')).statusCode).toBe(403);
    expect((await csv('from=nope')).statusCode).toBe(400);
  });
});

describe('support sessions in the activity log', () => {
  it('the administrator sees the session, and what it changed, with the support person', async () => {
    const generated = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/impersonate/generate',
      headers: bearer(tokens.support),
      payload: { userId: people.admin.id },
    });
    expect(generated.statusCode).toBe(200);
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/api/access/impersonate',
      payload: { accessCode: generated.json().accessCode },
    });
    const session = tokenOf(exchanged);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/organization/${orgA.id}`,
      headers: bearer(session),
      payload: { description: 'Changed during a support session' },
    });
    expect(edit.statusCode).toBe(200);

    const page = await entries('impersonated=true&pageSize=10');
    const recent = page.content.filter((e) => e.at > '2025-01-01');
    // One row per act (issue 37): the update names the support person; no generic request line beside it.
    expect(recent.map((e) => e.action).sort()).toEqual(['impersonation.exchange', 'organization.update']);
    for (const entry of recent) {
      expect(entry.actor?.id).toBe(people.admin.id);
      expect(entry.impersonator).toMatchObject({ id: people.support.id, name: 'Sam Support' });
    }
    // Viewing pages changes nothing: the last visited site and the seen-alerts mark are not logged as acts.
    const site = await createSite(t.db, orgA);
    const visit = await t.app.inject({
      method: 'POST',
      url: `/api/site/${site.id}/user/${people.admin.id}`,
      headers: bearer(session),
    });
    expect(visit.statusCode, visit.body).toBeLessThan(300);
    const after = await t.pool.query(
      `select count(*)::int as n from audit_log where action = 'impersonated.request' and organization_id = $1`,
      [orgA.id],
    );
    expect(after.rows[0]).toEqual({ n: 0 });
    expect(recent.find((e) => e.action === 'organization.update')?.detail).toEqual([
      { key: 'description', value: 'changed' },
    ]);
  });
});

describe('entries read as sentences about named things (issue 37)', () => {
  const siteOffline = async (siteId: string) => {
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into alerts (organization_id, site_id, code, severity, raised_at, last_seen_at)
       values ($1, $2, 'site_offline', 'critical', now(), now()) returning id::text as id`,
      [orgA.id, siteId],
    );
    return rows[0]?.id as string;
  };
  const at = '2024-02-01T10:00:00Z';
  const feb = 'from=2024-02-01T00:00:00Z&to=2024-02-28T00:00:00Z';
  const write = (action: string, target: string | null, detail: object, targetName: string | null = null) =>
    t.pool.query(
      `insert into audit_log (at, actor_user_id, action, organization_id, target, target_name, detail)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [at, people.admin.id, action, orgA.id, target, targetName, JSON.stringify(detail)],
    );

  it('names devices, people and alerts now, an assignee by name, and hides ids', async () => {
    const site = await createSite(t.db, orgA, { name: 'Acme Raleigh Westgate' });
    const device = await createDevice(t.db, site, { name: 'Front switch' });
    const other = await createSite(t.db, orgB, { name: 'Not yours' });
    const foreign = await createDevice(t.db, other, { name: 'Foreign' });
    const alertId = await siteOffline(site.id);
    await write('device.troubleshooting.reboot', device.id, { jobId: device.id, params: { force: true } });
    await write('dev.outage', foreign.id, { minutes: 5 }); // another organization's device is never named
    await write('user.edit', people.user.username, {
      userId: people.user.id,
      role: { from: 'USER', to: 'USER' },
    });
    await write('alert.assign', alertId, { assigneeId: people.user.id });
    await write('alert.acknowledge', '6f1c2f0e-6a43-4a4e-9d55-2f3b9a3c1d10', {}, 'Purged Site');

    const byAction = Object.fromEntries(
      (await entries(`${feb}&pageSize=50`)).content.map((e) => [e.action, e]),
    );
    expect(byAction['device.troubleshooting.reboot']).toMatchObject({
      target: { kind: 'device', id: device.id, name: 'Front switch', siteId: site.id, siteName: site.name },
      detail: [{ key: 'params', value: 'force: true' }],
    });
    expect(byAction['dev.outage']?.target).toBeNull();
    expect(byAction['user.edit']).toMatchObject({
      target: { kind: 'person', id: people.user.id, name: 'Uma User' },
      detail: [{ key: 'role', value: 'USER → USER' }],
    });
    expect(byAction['alert.assign']).toMatchObject({
      target: { kind: 'alert', id: alertId, name: site.name, alertCode: 'site_offline', siteId: site.id },
      detail: [{ key: 'assignee', value: 'Uma User' }],
    });
    // A target gone since keeps the name it had when the entry was written, with nothing to link to.
    expect(byAction['alert.acknowledge']?.target).toEqual({
      kind: 'alert',
      id: null,
      name: 'Purged Site',
      alertCode: null,
      siteId: null,
      siteName: null,
    });
  });
});
