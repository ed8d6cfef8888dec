import { PagedSchema, RecentSiteSchema, SiteSchema, SiteSummarySchema } from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFleetFixture, tokenFor } from './factories.ts';
import { bearer, count, useTestApp } from './helpers.ts';

const t = useTestApp();
let f: Awaited<ReturnType<typeof createFleetFixture>>;
const tokens: Record<'admin' | 'user' | 'readOnly' | 'restricted' | 'adminB', string> = {
  admin: '',
  user: '',
  readOnly: '',
  restricted: '',
  adminB: '',
};

beforeAll(async () => {
  f = await createFleetFixture(t.db);
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[who] = await tokenFor(t.db, f[who], 'full');
});

const get = (url: string, who: keyof typeof tokens = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const SearchPage = PagedSchema(SiteSummarySchema);
const names = (body: { content: { name: string }[] }) => body.content.map((s) => s.name);
const search = async (query: string, who: keyof typeof tokens = 'admin') => {
  const res = await get(`/api/site/search/filtered?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return SearchPage.parse(res.json());
};

describe('GET site (userId)', () => {
  it("answers the caller's sites with status and device count, by name", async () => {
    const res = await get(`/api/site?userId=${f.admin.id}`);
    expect(res.statusCode).toBe(200);
    const body = SiteSummarySchema.array().parse(res.json());
    expect(body.map((s) => [s.name, s.status, s.deviceCount])).toEqual([
      ['Alpha Store', 'online', 3],
      ['Bravo Store', 'onbackup', 2],
      ['Charlie Store', 'offline', 2],
      ['Delta Store', 'pending', 2],
      ['Echo Store', 'rebooting', 2],
      ['Foxtrot Store', 'unknown', 0],
    ]);
  });

  it("another user's id is not found; a missing userId is 400", async () => {
    expect((await get(`/api/site?userId=${f.user.id}`)).statusCode).toBe(404);
    expect((await get(`/api/site?userId=${f.adminB.id}`)).statusCode).toBe(404);
    const res = await get('/api/site');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input' });
  });

  it('a USER in site groups sees only those sites', async () => {
    const res = await get(`/api/site?userId=${f.restricted.id}`, 'restricted');
    expect(res.json().map((s: { name: string }) => s.name)).toEqual(['Alpha Store', 'Bravo Store']);
  });

  it('refuses without a full sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/site?userId=${f.admin.id}` });
    expect(res.statusCode).toBe(401);
    const mfa = await tokenFor(t.db, f.admin, 'mfa');
    const step = await t.app.inject({
      method: 'GET',
      url: `/api/site?userId=${f.admin.id}`,
      headers: bearer(mfa),
    });
    expect(step.statusCode).toBe(401);
  });
});

describe('GET site/{id}', () => {
  it('answers the site with address, coordinates, contacts and sorted devices', async () => {
    const res = await get(`/api/site/${f.alpha.id}`, 'user');
    expect(res.statusCode).toBe(200);
    const site = SiteSchema.parse(res.json());
    expect(site).toMatchObject({
      id: f.alpha.id,
      name: 'Alpha Store',
      backOfficeAccountId: '700001',
      accountHolders: [{ name: 'Holder Inc.' }],
      address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      coordinates: { lat: 30.27, lng: -97.74 },
      contacts: [{ name: 'Maria Garcia', phone: '+12025550100', email: null, role: 'Site manager' }],
      favorite: false,
      lastVisited: null,
    });
    expect(site.devices).toHaveLength(3);
    expect(site.devices.map((d) => d.id)).toEqual([...site.devices.map((d) => d.id)].sort());
  });

  it("another organization's site, a missing id and a malformed id are the same 404", async () => {
    for (const id of [f.other.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await get(`/api/site/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ id: 'not_found', message: 'Not found.' });
    }
  });

  it('a restricted USER gets 404 for a site outside their groups', async () => {
    expect((await get(`/api/site/${f.charlie.id}`, 'restricted')).statusCode).toBe(404);
    expect((await get(`/api/site/${f.alpha.id}`, 'restricted')).statusCode).toBe(200);
  });
});

describe('GET site/{id}/alerts', () => {
  it('answers an empty list for a site in scope, 404 otherwise, 400 on a bad active value', async () => {
    const res = await get(`/api/site/${f.alpha.id}/alerts?active=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await get(`/api/site/${f.other.id}/alerts`)).statusCode).toBe(404);
    expect((await get(`/api/site/${f.charlie.id}/alerts`, 'restricted')).statusCode).toBe(404);
    expect((await get(`/api/site/${f.alpha.id}/alerts?active=maybe`)).statusCode).toBe(400);
  });
});

describe('GET site/account/{accountId}/mac/{mac}', () => {
  it('finds the site by account and a device MAC in any accepted form', async () => {
    for (const mac of ['aa:bb:cc:00:00:01', 'AA-BB-CC-00-00-01', 'AABBCC000001']) {
      const res = await get(`/api/site/account/700001/mac/${mac}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: f.alpha.id });
    }
  });

  it('a malformed MAC or account is 400 with a message', async () => {
    const bad = await get('/api/site/account/700001/mac/aa:bb:cc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ id: 'invalid_input', message: 'Enter a valid MAC address.' });
    const account = await get('/api/site/account/70%2A01/mac/aa:bb:cc:00:00:01');
    expect(account.statusCode).toBe(400);
    expect(account.json()).toMatchObject({ message: 'Enter a valid account number.' });
  });

  it("a mismatched pair, another organization's device or an out-of-group site is 404", async () => {
    expect((await get('/api/site/account/700002/mac/aa:bb:cc:00:00:01')).statusCode).toBe(404);
    // Organization B's site has account 700001 too, but its device is not the caller's.
    expect((await get(`/api/site/account/700001/mac/${f.otherEdge.macAddress}`)).statusCode).toBe(404);
    const { rows } = await t.pool.query(
      "select mac_address from devices where site_id = $1 and kind = 'firewall'",
      [f.charlie.id],
    );
    const charlieMac = rows[0]?.mac_address as string;
    expect((await get(`/api/site/account/700003/mac/${charlieMac}`)).statusCode).toBe(200);
    expect((await get(`/api/site/account/700003/mac/${charlieMac}`, 'restricted')).statusCode).toBe(404);
  });
});

describe('POST site/{siteId}/user/{userId} and GET site/recent', () => {
  it('records the visit (upsert) and lists it as recently viewed, newest first', async () => {
    const post = (siteId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/site/${siteId}/user/${f.readOnly.id}`,
        headers: bearer(tokens.readOnly),
      });
    const first = await post(f.alpha.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ siteId: f.alpha.id, userId: f.readOnly.id });
    await post(f.bravo.id);
    const again = await post(f.alpha.id);
    expect(Date.parse(again.json().lastVisited)).toBeGreaterThanOrEqual(Date.parse(first.json().lastVisited));
    expect(await count(t.pool, 'site_visits', 'user_id = $1', [f.readOnly.id])).toBe(2);

    const res = await get('/api/site/recent', 'readOnly');
    expect(res.statusCode).toBe(200);
    const body = PagedSchema(RecentSiteSchema).parse(res.json());
    expect(body).toMatchObject({ page: 0, pageSize: 50, totalElements: 2, totalPages: 1 });
    expect(names(body)).toEqual(['Alpha Store', 'Bravo Store']);
    expect(body.content[0]?.usa.lastVisited).toBe(again.json().lastVisited);

    const asc = PagedSchema(RecentSiteSchema).parse(
      (await get('/api/site/recent?sorting=lastVisited-asc', 'readOnly')).json(),
    );
    expect(names(asc)).toEqual(['Bravo Store', 'Alpha Store']);
    const paged = (await get('/api/site/recent?page=1&pageSize=1', 'readOnly')).json();
    expect(paged).toMatchObject({ page: 1, pageSize: 1, totalElements: 2, totalPages: 2 });
    expect(names(paged)).toEqual(['Bravo Store']);
  });

  it('invalid page, pageSize and sorting fall back to 0, 50 and lastVisited-desc', async () => {
    const res = await get('/api/site/recent?page=-3&pageSize=0&sorting=name-asc', 'readOnly');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 0, pageSize: 50 });
    expect(names(res.json())).toEqual(['Alpha Store', 'Bravo Store']);
    const words = await get('/api/site/recent?page=abc&pageSize=x', 'readOnly');
    expect(words.json()).toMatchObject({ page: 0, pageSize: 50 });
  });

  it('only visited sites appear; another user has none', async () => {
    const res = await get('/api/site/recent', 'user');
    expect(res.json()).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it("another user's id, another organization's site and an out-of-group site are 404, nothing written", async () => {
    const before = await count(t.pool, 'site_visits');
    const cases: [string, string, string][] = [
      [f.alpha.id, f.user.id, tokens.admin],
      [f.other.id, f.admin.id, tokens.admin],
      ['nope', f.admin.id, tokens.admin],
      [f.charlie.id, f.restricted.id, tokens.restricted],
    ];
    for (const [siteId, userId, token] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/site/${siteId}/user/${userId}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await count(t.pool, 'site_visits')).toBe(before);
  });
});

describe('PUT/DELETE site/favorite/{id}', () => {
  it('marks and unmarks a favourite, shown on the site and in lists', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/site/favorite/${f.bravo.id}`,
      headers: bearer(tokens.user),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ siteId: f.bravo.id, favorite: true });
    // Twice is harmless.
    await t.app.inject({
      method: 'PUT',
      url: `/api/site/favorite/${f.bravo.id}`,
      headers: bearer(tokens.user),
    });
    expect(await count(t.pool, 'site_favorites', 'user_id = $1', [f.user.id])).toBe(1);
    expect((await get(`/api/site/${f.bravo.id}`, 'user')).json().favorite).toBe(true);
    // Favourites are per user.
    expect((await get(`/api/site/${f.bravo.id}`, 'admin')).json().favorite).toBe(false);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/site/favorite/${f.bravo.id}`,
      headers: bearer(tokens.user),
    });
    expect(del.json()).toEqual({ siteId: f.bravo.id, favorite: false });
    expect(await count(t.pool, 'site_favorites', 'user_id = $1', [f.user.id])).toBe(0);
  });

  it("another organization's site is 404, nothing written", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/site/favorite/${f.other.id}`,
      headers: bearer(tokens.admin),
    });
    expect(res.statusCode).toBe(404);
    const restricted = await t.app.inject({
      method: 'PUT',
      url: `/api/site/favorite/${f.charlie.id}`,
      headers: bearer(tokens.restricted),
    });
    expect(restricted.statusCode).toBe(404);
    expect(await count(t.pool, 'site_favorites', 'site_id = any($1)', [[f.other.id, f.charlie.id]])).toBe(0);
  });
});

describe('GET site/search/filtered', () => {
  it('defaults: page 0, 50 per page, by name ascending, with totals', async () => {
    const body = await search('');
    expect(body).toMatchObject({ page: 0, pageSize: 50, totalElements: 6, totalPages: 1 });
    expect(names(body)).toEqual([
      'Alpha Store',
      'Bravo Store',
      'Charlie Store',
      'Delta Store',
      'Echo Store',
      'Foxtrot Store',
    ]);
  });

  it('pages in SQL and out-of-range paging falls back to the defaults', async () => {
    const second = await search('page=1&pageSize=4');
    expect(second).toMatchObject({ page: 1, pageSize: 4, totalElements: 6, totalPages: 2 });
    expect(names(second)).toEqual(['Echo Store', 'Foxtrot Store']);
    for (const q of ['page=-1&pageSize=500', 'page=1.5&pageSize=0', 'page=x&pageSize=y']) {
      expect(await search(q)).toMatchObject({ page: 0, pageSize: 50, totalElements: 6 });
    }
    const beyond = await search('page=9&pageSize=4');
    expect(beyond).toMatchObject({ content: [], totalElements: 6, totalPages: 2 });
  });

  it('gives the total with every kind of filter, on a page, past the last page and with no match', async () => {
    // Each way the total is found: the kept per-status counts (none or a status filter), counted matches
    // (free text), a count beside the page (kind, group) — and apart, when a page past the end has no row.
    const cases: [string, number][] = [
      ['status=offline,onbackup,rebooting', 3],
      ['q=store', 6],
      ['kind=5g', 1],
      [`groupId=${f.g1.id}`, 2],
    ];
    for (const [filter, total] of cases) {
      expect(await search(`${filter}&page=0&pageSize=2`), filter).toMatchObject({ totalElements: total });
      expect(await search(`${filter}&page=7&pageSize=2`), filter).toMatchObject({
        content: [],
        totalElements: total,
      });
    }
    expect(await search('status=uninstalled&page=1&pageSize=2')).toMatchObject({
      content: [],
      totalElements: 0,
    });
  });

  it('sorts by an allowed field either way; an unknown sorting falls back to name-asc', async () => {
    expect(names(await search('sorting=name-desc'))[0]).toBe('Foxtrot Store');
    expect(names(await search('sorting=city-asc')).slice(0, 3)).toEqual([
      'Alpha Store',
      'Delta Store',
      'Echo Store',
    ]);
    // Status sorts by severity: offline, rebooting, error, onbackup, pending, uninstalled, unknown, online.
    expect(names(await search('sorting=status-asc'))).toEqual([
      'Charlie Store',
      'Echo Store',
      'Bravo Store',
      'Delta Store',
      'Foxtrot Store',
      'Alpha Store',
    ]);
    expect(names(await search('sorting=deviceCount-desc'))[0]).toBe('Alpha Store');
    expect(names(await search('sorting=drop-table'))).toEqual(names(await search('')));
  });

  it('filters by status (one or several), kind, group and free text', async () => {
    expect(names(await search('status=offline'))).toEqual(['Charlie Store']);
    expect(names(await search('status=offline,onbackup,rebooting'))).toEqual([
      'Bravo Store',
      'Charlie Store',
      'Echo Store',
    ]);
    expect(names(await search('kind=5g'))).toEqual(['Bravo Store']);
    expect(names(await search('kind=switch'))).toEqual(['Alpha Store']);
    expect(names(await search(`groupId=${f.g1.id}`))).toEqual(['Alpha Store', 'Bravo Store']);
    expect(names(await search(`groupId=${f.g1.id},${f.g2.id}`))).toEqual([
      'Alpha Store',
      'Bravo Store',
      'Charlie Store',
    ]);
    // Another organization's group matches nothing of the caller's.
    expect((await search(`groupId=${f.gB.id}`)).totalElements).toBe(0);
  });

  it('free text covers name, alias, address, account and MAC (in any accepted form)', async () => {
    expect(names(await search('q=charlie'))).toEqual(['Charlie Store']);
    expect(names(await search('q=dlt-9'))).toEqual(['Delta Store']);
    expect(names(await search('q=harbor'))).toEqual(['Echo Store']);
    expect(names(await search('q=Denver'))).toEqual(['Charlie Store']);
    expect(names(await search('q=700005'))).toEqual(['Echo Store']);
    expect(names(await search('q=AA-BB-CC-00-00-01'))).toEqual(['Alpha Store']);
    expect(names(await search('q=aabbcc000001'))).toEqual(['Alpha Store']);
    // Wildcards are taken literally.
    expect((await search('q=%25')).totalElements).toBe(0);
    expect((await search('q=Store&status=pending')).totalElements).toBe(1);
  });

  it('a USER in site groups searches only those sites', async () => {
    const body = await search('', 'restricted');
    expect(names(body)).toEqual(['Alpha Store', 'Bravo Store']);
    expect(body.totalElements).toBe(2);
    expect((await search('q=charlie', 'restricted')).totalElements).toBe(0);
  });

  it('never shows another organization', async () => {
    const body = await search('q=Alpha', 'adminB');
    expect(names(body)).toEqual(['Alpha Store B']);
  });

  it('bad filter values are 400 with a message', async () => {
    const cases: [string, string][] = [
      ['status=sleeping', 'Unknown status filter.'],
      ['kind=router', 'Unknown device kind filter.'],
      ['groupId=abc', 'Enter a valid group id.'],
      [`q=${'x'.repeat(201)}`, 'Search text is at most 200 characters.'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/site/search/filtered?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input', message });
    }
  });
});

describe('PUT site/edit', () => {
  const edit = (body: unknown, who: keyof typeof tokens = 'admin') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/site/edit',
      headers: bearer(tokens[who]),
      payload: body as object,
    });

  it('an ADMINISTRATOR edits name, alias and contacts', async () => {
    const res = await edit({
      id: f.foxtrot.id,
      name: '  Foxtrot Flagship ',
      alias: 'FOX-1',
      contacts: [{ name: 'Wei Chen', phone: '+15125550123', email: 'WEI@example.com', role: '' }],
    });
    expect(res.statusCode).toBe(200);
    expect(SiteSchema.parse(res.json())).toMatchObject({
      name: 'Foxtrot Flagship',
      alias: 'FOX-1',
      contacts: [{ name: 'Wei Chen', phone: '+15125550123', email: 'wei@example.com', role: null }],
    });
    const { rows } = await t.pool.query('select name, alias from sites where id = $1', [f.foxtrot.id]);
    expect(rows[0]).toEqual({ name: 'Foxtrot Flagship', alias: 'FOX-1' });
  });

  it('bad input is 400 with a message, nothing written', async () => {
    const cases: [unknown, string][] = [
      [{ id: f.delta.id, name: '  ' }, 'Enter the site name.'],
      [{ id: f.delta.id, name: 'X', contacts: [{ name: 'A', phone: '555' }] }, 'Enter a valid phone number.'],
      [
        { id: f.delta.id, name: 'X', contacts: [{ name: 'A', email: 'nope' }] },
        'Enter a valid email address.',
      ],
      [{ id: 'x', name: 'X' }, 'Enter a valid site id.'],
    ];
    for (const [body, message] of cases) {
      const res = await edit(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input', message });
    }
    const { rows } = await t.pool.query('select name from sites where id = $1', [f.delta.id]);
    expect(rows[0]?.name).toBe('Delta Store');
  });

  it('USER and READ_ONLY are refused; another organization is 404; nothing written', async () => {
    expect((await edit({ id: f.delta.id, name: 'Hacked' }, 'user')).statusCode).toBe(403);
    expect((await edit({ id: f.delta.id, name: 'Hacked' }, 'readOnly')).statusCode).toBe(403);
    expect((await edit({ id: f.delta.id, name: 'Hacked' }, 'adminB')).statusCode).toBe(404);
    expect(await count(t.pool, 'sites', "name = 'Hacked'")).toBe(0);
  });
});
