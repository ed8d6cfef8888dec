import { describe, expect, it } from 'vitest';
import { createGroup, createOrganization, createSite, createUser, tokenFor } from './factories.ts';
import { bearer, useTestApp } from './helpers.ts';

const t = useTestApp();

const get = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/site/unassociated${query}`, headers: bearer(token) });

async function organizationWithSites() {
  const org = await createOrganization(t.db);
  const grouped = await createSite(t.db, org, { name: 'Alpha grouped' });
  const bravo = await createSite(t.db, org, { name: 'Bravo loose' });
  const charlie = await createSite(t.db, org, { name: 'Charlie loose' });
  const group = await createGroup(t.db, org, [grouped.id]);
  const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
  return { org, grouped, bravo, charlie, group, token: await tokenFor(t.db, admin, 'full') };
}

describe('GET site/unassociated', () => {
  it("answers the organization's sites in no group, by name; none of another organization's", async () => {
    const { bravo, charlie, token } = await organizationWithSites();
    const other = await createOrganization(t.db);
    await createSite(t.db, other, { name: 'Bravissimo elsewhere' });
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.content.map((s: { id: string }) => s.id)).toEqual([bravo.id, charlie.id]);
    expect(body).toMatchObject({ page: 0, totalElements: 2, totalPages: 1 });
    expect(body.content[0]).toMatchObject({ name: 'Bravo loose', status: 'unknown', deviceCount: 0 });
  });

  it('pages, and a site put in a group leaves the list', async () => {
    const { bravo, charlie, group, grouped, token } = await organizationWithSites();
    const second = (await get(token, '?page=1&pageSize=1')).json();
    expect(second.content.map((s: { id: string }) => s.id)).toEqual([charlie.id]);
    expect(second).toMatchObject({ totalElements: 2, totalPages: 2 });
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/group/assignSites/${group.id}`,
      headers: bearer(token),
      payload: { siteIds: [grouped.id, bravo.id] },
    });
    expect(assigned.statusCode).toBe(200);
    expect((await get(token)).json().content.map((s: { id: string }) => s.id)).toEqual([charlie.id]);
  });

  it('is for administrators: a USER or READ_ONLY person is refused (403), whatever their groups', async () => {
    const { org, group } = await organizationWithSites();
    for (const role of ['USER', 'READ_ONLY'] as const) {
      const person = await createUser(t.db, org, { role });
      const res = await get(await tokenFor(t.db, person, 'full'));
      expect(res.statusCode).toBe(403);
      expect(res.json().content).toBeUndefined();
    }
    const member = await createUser(t.db, org);
    await t.pool.query('insert into user_site_groups (user_id, site_group_id) values ($1, $2)', [
      member.id,
      group.id,
    ]);
    expect((await get(await tokenFor(t.db, member, 'full'))).statusCode).toBe(403);
  });
});
