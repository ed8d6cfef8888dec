import { createHash } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  ApiKeySchema,
  CreatedApiKeySchema,
  PagedSchema,
  SiteSummarySchema,
} from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAST_USE_WRITE_MS } from '../src/auth/api-keys.ts';
import { API_KEY_CALLS_PER_WINDOW, SESSION_CACHE_MS } from '../src/plugins/auth.ts';
import { useTestClock } from './clock.ts';
import { createApiKey, createFleetFixture, createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, count, useTestApp } from './helpers.ts';

const t = useTestApp();
const clock = useTestClock();
let f: Awaited<ReturnType<typeof createFleetFixture>>;
let adminToken: string;

beforeAll(async () => {
  f = await createFleetFixture(t.db);
  adminToken = await tokenFor(t.db, f.admin, 'full');
});

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
const siteNames = async (key: string) => {
  const res = await withKey(key, 'GET', '/api/site/search/filtered?size=50');
  expect(res.statusCode, res.body).toBe(200);
  return PagedSchema(SiteSummarySchema)
    .parse(res.json())
    .content.map((s) => s.name)
    .sort();
};

describe('making, listing and revoking keys', () => {
  it('an administrator makes a key: shown once, stored as the SHA-256 of its secret beside its visible prefix', async () => {
    const res = await asAdmin('POST', '/api/apiKeys', {
      name: ' Billing export ',
      role: 'READ_ONLY',
      siteGroupIds: [f.g1.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = CreatedApiKeySchema.parse(res.json());
    const match = API_KEY_PATTERN.exec(made.key);
    expect(match).not.toBeNull();
    expect(made.apiKey).toMatchObject({
      name: 'Billing export',
      role: 'READ_ONLY',
      prefix: match?.[1],
      siteGroups: [{ id: f.g1.id, name: f.g1.name }],
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    const { rows } = await t.pool.query('select * from api_keys where id = $1', [made.apiKey.id]);
    const secret = match?.[2] as string;
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(secret);
    // The list never shows the key again.
    const list = await asAdmin('GET', '/api/apiKeys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    const listed = ApiKeySchema.array().parse(list.json());
    expect(listed.find((k) => k.id === made.apiKey.id)?.createdBy).toBeTruthy();
  });

  it('bad input is 400 with a clear message and nothing written', async () => {
    const dashboardId = Number(
      (await asAdmin('POST', '/api/dashboard/save', { name: 'Private board', shared: false })).json().id,
    );
    const before = await count(t.pool, 'api_keys', 'organization_id = $1', [f.orgA.id]);
    const cases: [object, string][] = [
      [{ name: ' ', role: 'USER' }, 'Enter a name for the key.'],
      [{ name: 'X', role: 'SUPPORT' }, 'Choose a role for the key.'],
      [
        { name: 'X', role: 'USER', expiresAt: new Date(Date.now() - 60_000).toISOString() },
        API_KEY_MESSAGES.expiryPast,
      ],
      [{ name: 'X', role: 'ADMINISTRATOR', siteGroupIds: [f.g1.id] }, API_KEY_MESSAGES.adminGroups],
      [{ name: 'X', role: 'USER', siteGroupIds: [f.gB.id] }, API_KEY_MESSAGES.foreignGroups],
      [{ name: 'X', role: 'DISPLAY' }, API_KEY_MESSAGES.displayDashboards],
      [{ name: 'X', role: 'USER', dashboardIds: [dashboardId] }, API_KEY_MESSAGES.dashboardsOnlyDisplay],
      [{ name: 'X', role: 'DISPLAY', dashboardIds: [dashboardId] }, API_KEY_MESSAGES.foreignDashboards],
    ];
    for (const [body, message] of cases) {
      const res = await asAdmin('POST', '/api/apiKeys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await count(t.pool, 'api_keys', 'organization_id = $1', [f.orgA.id])).toBe(before);
  });

  it('only administrators, in their own name, make, list and revoke keys', async () => {
    for (const who of [f.user, f.readOnly]) {
      const token = await tokenFor(t.db, who, 'full');
      for (const [method, url] of [
        ['GET', '/api/apiKeys'],
        ['POST', '/api/apiKeys'],
        ['POST', `/api/apiKeys/${f.g1.id}/revoke`],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: bearer(token),
          payload: { name: 'X', role: 'USER' },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const support = await createUser(t.db, await createOrganization(t.db, { kind: 'provider' }), {
      role: 'SUPPORT',
    });
    const acting = await tokenFor(t.db, f.admin, 'full', support.username);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apiKeys',
      headers: bearer(acting),
      payload: { name: 'Left behind', role: 'ADMINISTRATOR' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().id).toBe('support_confined');
  });

  it('another organization’s key is not found to revoke', async () => {
    const keyB = await createApiKey(t.db, f.adminB);
    expect((await asAdmin('POST', `/api/apiKeys/${keyB.id}/revoke`)).statusCode).toBe(404);
    expect((await withKey(keyB.key, 'GET', '/api/group')).statusCode).toBe(200);
  });
});

describe('calling with a key', () => {
  it('a read-only key limited to a site group sees only that group’s sites, and gets 403 on writes', async () => {
    const { key } = await createApiKey(t.db, f.admin, { role: 'READ_ONLY', groupIds: [f.g1.id] });
    expect(await siteNames(key)).toEqual(['Alpha Store', 'Bravo Store']);
    const groups = await withKey(key, 'GET', '/api/group');
    expect(groups.json().map((g: { id: string }) => g.id)).toEqual([f.g1.id]);
    expect((await withKey(key, 'GET', `/api/site/${f.charlie.id}`)).statusCode).toBe(404);
    expect((await withKey(key, 'GET', `/api/site/${f.alpha.id}`)).statusCode).toBe(200);
    const write = await withKey(key, 'POST', '/api/dashboard/save', { name: 'Nope' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ id: 'api_key_read_only', message: API_KEY_MESSAGES.readOnly });
    // Its maker, an administrator, sees every site: the scope is the key's, not the person's.
    const all = await createApiKey(t.db, f.admin, { role: 'READ_ONLY' });
    expect(await siteNames(all.key)).toHaveLength(6);
  });

  it('a USER key changes what a USER may, within its groups; administration stays 403', async () => {
    const { key } = await createApiKey(t.db, f.admin, { role: 'USER', groupIds: [f.g1.id] });
    const saved = await withKey(key, 'POST', '/api/dashboard/save', {
      name: 'From a script',
      groupIds: [f.g1.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const foreign = await withKey(key, 'POST', '/api/dashboard/save', { name: 'Other', groupIds: [f.g2.id] });
    expect(foreign.statusCode).toBe(400);
    expect((await withKey(key, 'POST', '/api/group/create', { name: 'Mine' })).statusCode).toBe(403);
  });

  it('an expired key is 401 "API key expired"; a revoked key is 401 at once; an unknown secret is 401', async () => {
    const expired = await createApiKey(t.db, f.admin, { expiresAt: new Date(Date.now() - 1000) });
    const res = await withKey(expired.key, 'GET', '/api/group');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ id: 'api_key_expired', message: 'API key expired' });

    // One that expires later works until then (a key made in the console has an expiry by default).
    const expiring = await createApiKey(t.db, f.admin, { expiresAt: new Date(Date.now() + 60_000) });
    const before = await withKey(expiring.key, 'GET', '/api/group');
    expect(before.statusCode, before.body).toBe(200);

    const live = await createApiKey(t.db, f.admin, { role: 'READ_ONLY' });
    expect((await withKey(live.key, 'GET', '/api/group')).statusCode).toBe(200);
    const revoked = await asAdmin('POST', `/api/apiKeys/${live.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    // Within the session cache's time: the revocation emptied it.
    const after = await withKey(live.key, 'GET', '/api/group');
    expect(after.statusCode).toBe(401);
    expect(after.json().id).toBe('unauthorized');
    expect((await asAdmin('POST', `/api/apiKeys/${live.id}/revoke`)).statusCode).toBe(404);

    const other = await createApiKey(t.db, f.admin);
    const forged = other.key.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await withKey(forged, 'GET', '/api/group')).statusCode).toBe(401);
  });

  it('a key opens nothing once its maker is no longer an active administrator', async () => {
    const maker = await createUser(t.db, f.orgA, { role: 'ADMINISTRATOR' });
    const { key } = await createApiKey(t.db, maker);
    expect((await withKey(key, 'GET', '/api/group')).statusCode).toBe(200);
    await t.pool.query("update users set status = 'deactivated' where id = $1", [maker.id]);
    clock.advance(SESSION_CACHE_MS);
    expect((await withKey(key, 'GET', '/api/group')).statusCode).toBe(401);
  });

  it('a key of organization A never reaches B', async () => {
    const { key } = await createApiKey(t.db, f.admin);
    expect(await siteNames(key)).not.toContain('Alpha Store B');
    expect((await withKey(key, 'GET', `/api/site/${f.other.id}`)).statusCode).toBe(404);
    expect((await withKey(key, 'GET', `/api/organization/${f.orgB.id}`)).statusCode).toBe(404);
  });

  it("refuses a person's own routes and making keys (403 api_key_confined)", async () => {
    const { key } = await createApiKey(t.db, f.admin);
    for (const [method, url] of [
      ['GET', '/api/userProfile'],
      ['GET', '/api/access/newJWT'],
      ['POST', '/api/access/logout'],
      ['POST', '/api/userProfile/updatePassword'],
      ['GET', '/api/notificationProfile'],
      ['GET', '/api/apiKeys'],
      ['POST', '/api/apiKeys'],
      ['POST', `/api/userProfile/user`],
    ] as const) {
      const res = await withKey(key, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().id, `${method} ${url}`).toBe('api_key_confined');
    }
    // A route confined by field: the organization's sign-on settings.
    const res = await withKey(key, 'PUT', `/api/organization/${f.orgA.id}`, { supportAccess: false });
    expect(res.json().id).toBe('api_key_confined');
  });

  it('records the last use (time and address) at most once a minute', async () => {
    const { id, key } = await createApiKey(t.db, f.admin, { role: 'READ_ONLY' });
    const lastUse = async () =>
      (
        await t.pool.query<{ at: Date | null; ip: string | null }>(
          'select last_used_at as at, host(last_used_address) as ip from api_keys where id = $1',
          [id],
        )
      ).rows[0];
    await t.app.inject({
      method: 'GET',
      url: '/api/group',
      headers: bearer(key),
      remoteAddress: '198.51.100.7',
    });
    const first = await lastUse();
    expect(first?.ip).toBe('198.51.100.7');
    expect(first?.at).not.toBeNull();
    await t.app.inject({
      method: 'GET',
      url: '/api/group',
      headers: bearer(key),
      remoteAddress: '198.51.100.8',
    });
    expect((await lastUse())?.ip).toBe('198.51.100.7');
    clock.advance(LAST_USE_WRITE_MS);
    await t.pool.query(
      "update api_keys set last_used_at = last_used_at - interval '1 minute' where id = $1",
      [id],
    );
    await t.app.inject({
      method: 'GET',
      url: '/api/group',
      headers: bearer(key),
      remoteAddress: '198.51.100.8',
    });
    expect((await lastUse())?.ip).toBe('198.51.100.8');
  });

  it('limits the calls of each key on its own (429 past the limit)', async () => {
    const busy = await createApiKey(t.db, f.admin, { role: 'READ_ONLY' });
    const calm = await createApiKey(t.db, f.admin, { role: 'READ_ONLY' });
    const statuses = new Set<number>();
    for (let i = 0; i < API_KEY_CALLS_PER_WINDOW; i++)
      statuses.add((await withKey(busy.key, 'GET', '/api/apiKeys/display')).statusCode);
    expect([...statuses]).toEqual([404]);
    const over = await withKey(busy.key, 'GET', '/api/apiKeys/display');
    expect(over.statusCode).toBe(429);
    expect((await withKey(calm.key, 'GET', '/api/apiKeys/display')).statusCode).toBe(404);
  });

  it('every change made with a key is in the activity log, named "API key <name>"', async () => {
    const { id, key, name } = await createApiKey(t.db, f.admin, {
      role: 'ADMINISTRATOR',
      name: 'Provisioning bot',
    });
    const window = await withKey(key, 'POST', '/api/maintenance', {
      siteIds: [f.alpha.id],
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      reason: 'Scripted window',
    });
    expect(window.statusCode, window.body).toBe(200);
    const board = await withKey(key, 'POST', '/api/dashboard/save', { name: 'Scripted board' });
    expect(board.statusCode).toBe(200);
    const { rows } = await t.pool.query<{ action: string }>(
      'select action from audit_log where api_key_id = $1 order by id',
      [id],
    );
    // The maintenance service logs its own act; the dashboard save is logged as the key's request.
    expect(rows.map((r) => r.action)).toEqual(['maintenance.create', 'apiKey.request']);
    const log = await asAdmin('GET', `/api/organization/${f.orgA.id}/activity?actions=maintenance.create`);
    const entry = log.json().content.find((e: { apiKey: { id: string } | null }) => e.apiKey?.id === id);
    expect(entry.apiKey).toEqual({ id, name });
    const csv = await asAdmin('GET', `/api/organization/${f.orgA.id}/activity/export.csv`);
    expect(csv.body).toContain(`API key ${name}`);
  });
});

describe('a wall display’s key (issue 37)', () => {
  it('reads its own description, only its dashboards and their widgets’ data; everything else is 403', async () => {
    const board = async (name: string, shared: boolean) =>
      Number((await asAdmin('POST', '/api/dashboard/save', { name, shared })).json().id);
    const [first, second, other] = [
      await board('Wall 1', true),
      await board('Wall 2', true),
      await board('Other', true),
    ];
    const made = await asAdmin('POST', '/api/apiKeys', {
      name: 'Lobby screen',
      role: 'DISPLAY',
      siteGroupIds: [f.g1.id],
      dashboardIds: [second, first],
      cycleSeconds: 20,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { key } = CreatedApiKeySchema.parse(made.json());
    const info = await withKey(key, 'GET', '/api/apiKeys/display');
    expect(info.json()).toEqual({ name: 'Lobby screen', dashboardIds: [second, first], cycleSeconds: 20 });
    const boards = await withKey(key, 'GET', '/api/dashboard/all');
    expect(boards.json().map((d: { id: string }) => Number(d.id))).toEqual([second, first]);
    // Its widgets' data, within its site groups.
    expect(await siteNames(key)).toEqual(['Alpha Store', 'Bravo Store']);
    expect(
      (await withKey(key, 'GET', `/api/analytics/network/uptime?dashboardId=${first}`)).statusCode,
    ).not.toBe(404);
    expect((await withKey(key, 'GET', `/api/analytics/network/uptime?dashboardId=${other}`)).statusCode).toBe(
      404,
    );
    // Nothing else, and never a change.
    for (const url of ['/api/ticket', `/api/site/${f.alpha.id}`, '/api/reports']) {
      const res = await withKey(key, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(API_KEY_MESSAGES.display);
    }
    expect((await withKey(key, 'POST', '/api/dashboard/save', { name: 'x' })).statusCode).toBe(403);
    // A person's (or another key's) call to the display's description is not found.
    expect((await asAdmin('GET', '/api/apiKeys/display')).statusCode).toBe(404);
  });
});
