import { GroupSchema } from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFleetFixture, tokenFor } from './factories.ts';
import { bearer, count, useTestApp } from './helpers.ts';

const t = useTestApp();
let f: Awaited<ReturnType<typeof createFleetFixture>>;
type Who = 'admin' | 'user' | 'readOnly' | 'restricted' | 'adminB';
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  f = await createFleetFixture(t.db);
  for (const who of ['admin', 'user', 'readOnly', 'restricted', 'adminB'] as Who[])
    tokens[who] = await tokenFor(t.db, f[who], 'full');
});

const post = (url: string, payload: object | undefined, who: Who = 'admin') =>
  t.app.inject({ method: 'POST', url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
const sorted = (ids: string[]) => [...ids].sort();
const groupsOf = (orgId: string) => count(t.pool, 'site_groups', 'organization_id = $1', [orgId]);

describe('GET group', () => {
  it("lists the organization's groups with their site ids, by name", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/group', headers: bearer(tokens.user) });
    expect(res.statusCode).toBe(200);
    const groups = GroupSchema.array().parse(res.json());
    expect(groups.map((g) => g.id).sort()).toEqual(sorted([f.g1.id, f.g2.id]));
    expect(groups.find((g) => g.id === f.g1.id)?.siteIds).toEqual(sorted([f.alpha.id, f.bravo.id]));
  });

  it('a restricted USER sees only their groups; another organization only its own', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/group', headers: bearer(tokens.restricted) });
    expect(mine.json().map((g: { id: string }) => g.id)).toEqual([f.g1.id]);
    const b = await t.app.inject({ method: 'GET', url: '/api/group', headers: bearer(tokens.adminB) });
    expect(b.json().map((g: { id: string }) => g.id)).toEqual([f.gB.id]);
  });
});

describe('POST group/create', () => {
  it('an ADMINISTRATOR creates a group with sites', async () => {
    const res = await post('/api/group/create', { name: ' West region ', siteIds: [f.delta.id, f.echo.id] });
    expect(res.statusCode).toBe(200);
    const group = GroupSchema.parse(res.json());
    expect(group).toMatchObject({ name: 'West region', siteIds: sorted([f.delta.id, f.echo.id]) });
    expect(await count(t.pool, 'site_group_sites', 'site_group_id = $1', [group.id])).toBe(2);
    const { rows } = await t.pool.query('select organization_id from site_groups where id = $1', [group.id]);
    expect(rows[0]?.organization_id).toBe(f.orgA.id);
  });

  it('bad input is 400 with a message, nothing written', async () => {
    const before = await groupsOf(f.orgA.id);
    const cases: [object, string][] = [
      [{ name: '   ' }, 'Enter the group name.'],
      [{ name: 'X', siteIds: ['nope'] }, 'Enter valid site ids.'],
      [
        { name: 'Foreign', siteIds: [f.alpha.id, f.other.id] },
        'Some of these sites do not belong to your organization.',
      ],
      [
        { name: 'Ghost', siteIds: ['00000000-0000-4000-8000-000000000000'] },
        'Some of these sites do not belong to your organization.',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/group/create', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input', message });
    }
    expect(await groupsOf(f.orgA.id)).toBe(before);
  });

  it('a duplicate name in the organization is 409; the same name in another organization is fine', async () => {
    await post('/api/group/create', { name: 'Dup' });
    const dup = await post('/api/group/create', { name: 'dup' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ id: 'conflict', message: 'A group with this name already exists.' });
    expect((await post('/api/group/create', { name: 'Dup' }, 'adminB')).statusCode).toBe(200);
  });

  it('USER and READ_ONLY are refused (403), nothing written', async () => {
    const before = await groupsOf(f.orgA.id);
    expect((await post('/api/group/create', { name: 'Mine' }, 'user')).statusCode).toBe(403);
    expect((await post('/api/group/create', { name: 'Mine' }, 'readOnly')).statusCode).toBe(403);
    expect(await groupsOf(f.orgA.id)).toBe(before);
  });
});

describe('POST group/edit/{id}', () => {
  it('renames the group', async () => {
    const created = (await post('/api/group/create', { name: 'Before' })).json();
    const res = await post(`/api/group/edit/${created.id}`, { name: 'After' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: 'After' });
    expect(await count(t.pool, 'site_groups', 'id = $1 and name = $2', [created.id, 'After'])).toBe(1);
  });

  it("bad input 400; another organization's group 404; USER 403; nothing written", async () => {
    expect((await post(`/api/group/edit/${f.g2.id}`, { name: '' })).statusCode).toBe(400);
    expect((await post(`/api/group/edit/${f.gB.id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await post('/api/group/edit/not-a-uuid', { name: 'X' })).statusCode).toBe(404);
    expect((await post(`/api/group/edit/${f.g2.id}`, { name: 'By user' }, 'user')).statusCode).toBe(403);
    expect(await count(t.pool, 'site_groups', "name in ('Taken over', 'By user', '')")).toBe(0);
  });
});

describe('POST group/assignSites/{id}', () => {
  it("replaces the group's sites", async () => {
    const res = await post(`/api/group/assignSites/${f.g2.id}`, {
      siteIds: [f.delta.id, f.foxtrot.id, f.delta.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().siteIds).toEqual(sorted([f.delta.id, f.foxtrot.id]));
    const empty = await post(`/api/group/assignSites/${f.g2.id}`, { siteIds: [] });
    expect(empty.json().siteIds).toEqual([]);
  });

  it('sites of another organization are 400 and nothing changes; a foreign group is 404', async () => {
    const res = await post(`/api/group/assignSites/${f.g1.id}`, { siteIds: [f.other.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Some of these sites do not belong to your organization.' });
    expect(await count(t.pool, 'site_group_sites', 'site_group_id = $1', [f.g1.id])).toBe(2);
    expect((await post(`/api/group/assignSites/${f.gB.id}`, { siteIds: [f.alpha.id] })).statusCode).toBe(404);
    expect((await post(`/api/group/assignSites/${f.g1.id}`, { siteIds: 'all' })).statusCode).toBe(400);
    expect((await post(`/api/group/assignSites/${f.g1.id}`, { siteIds: [] }, 'readOnly')).statusCode).toBe(
      403,
    );
    expect(await count(t.pool, 'site_group_sites', 'site_group_id = $1', [f.g1.id])).toBe(2);
  });
});

describe('POST group/delete/{id}', () => {
  it('deletes the group and its memberships, not the sites', async () => {
    const created = (await post('/api/group/create', { name: 'Temporary', siteIds: [f.alpha.id] })).json();
    const res = await post(`/api/group/delete/${created.id}`, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await count(t.pool, 'site_groups', 'id = $1', [created.id])).toBe(0);
    expect(await count(t.pool, 'site_group_sites', 'site_group_id = $1', [created.id])).toBe(0);
    expect(await count(t.pool, 'sites', 'id = $1', [f.alpha.id])).toBe(1);
  });

  it("another organization's group is 404; USER 403; nothing deleted", async () => {
    expect((await post(`/api/group/delete/${f.gB.id}`, undefined)).statusCode).toBe(404);
    expect((await post(`/api/group/delete/${f.g1.id}`, undefined, 'user')).statusCode).toBe(403);
    expect(await count(t.pool, 'site_groups', 'id = any($1)', [[f.gB.id, f.g1.id]])).toBe(2);
  });
});
