import { describe, expect, it } from 'vitest';
import { createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, tokenOf, useTestApp } from './helpers.ts';

const t = useTestApp();

// The file's tests share one database: names carry a tag of their own test.
let tag = 0;

async function setup() {
  tag += 1;
  const provider = await createOrganization(t.db, { kind: 'provider', name: `Provider ${tag}` });
  const acme = await createOrganization(t.db, { name: `Acme Retail ${tag}` });
  const other = await createOrganization(t.db, { name: `Zenith Clinics ${tag}`, supportAccess: false });
  const support = await createUser(t.db, provider, { role: 'SUPPORT' });
  const colleague = await createUser(t.db, provider, { role: 'SUPPORT' });
  const ana = await createUser(t.db, acme, {
    role: 'ADMINISTRATOR',
    contact: { firstName: 'Ana', lastName: `Ortiz${tag}` },
  });
  const bob = await createUser(t.db, acme, {
    role: 'READ_ONLY',
    contact: { firstName: 'Bob', lastName: `Stone${tag}` },
  });
  const zoe = await createUser(t.db, other, {
    role: 'USER',
    contact: { firstName: 'Zoe', lastName: `Park${tag}` },
  });
  return { provider, acme, other, support, colleague, ana, bob, zoe };
}

const people = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/support/people${query}`, headers: bearer(token) });

describe('GET /api/support/people', () => {
  it('finds customers’ people across organizations, never the provider’s own staff', async () => {
    const f = await setup();
    const res = await people(await tokenFor(t.db, f.support, 'full'), '?pageSize=200');
    expect(res.statusCode).toBe(200);
    const ids = res.json().content.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([f.ana.id, f.bob.id, f.zoe.id]));
    expect(ids).not.toContain(f.support.id);
    expect(ids).not.toContain(f.colleague.id);
    const zoe = res.json().content.find((p: { id: string }) => p.id === f.zoe.id);
    expect(zoe).toMatchObject({
      email: f.zoe.username,
      firstName: 'Zoe',
      lastName: `Park${tag}`,
      role: 'USER',
      status: 'active',
      organization: { id: f.other.id, name: `Zenith Clinics ${tag}`, supportAccess: false },
      lastSignInAt: null,
    });
  });

  it.each([
    ['an email fragment', (f: Awaited<ReturnType<typeof setup>>) => f.bob.username.slice(0, 12), ['bob']],
    ['a full name', () => `ana ortiz${tag}`, ['ana']],
    ['an organization', () => `zenith clinics ${tag}`, ['zoe']],
    ['wildcards taken literally', () => '%', []],
  ] as const)('searches by %s', async (_label, q, expected) => {
    const f = await setup();
    const res = await people(await tokenFor(t.db, f.support, 'full'), `?q=${encodeURIComponent(q(f))}`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().content.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expected.map((k) => f[k].id));
    expect(res.json().totalElements).toBe(expected.length);
  });

  it('pages with the total on every page, past the end included', async () => {
    const f = await setup();
    const token = await tokenFor(t.db, f.support, 'full');
    const acme = `?q=${encodeURIComponent(`Acme Retail ${tag}`)}`;
    const first = (await people(token, `${acme}&pageSize=1`)).json();
    expect(first).toMatchObject({ page: 0, pageSize: 1, totalElements: 2, totalPages: 2 });
    expect(first.content.map((p: { id: string }) => p.id)).toEqual([f.ana.id]);
    const second = (await people(token, `${acme}&pageSize=1&page=1`)).json();
    expect(second.content.map((p: { id: string }) => p.id)).toEqual([f.bob.id]);
    const past = (await people(token, `${acme}&pageSize=1&page=5`)).json();
    expect(past).toMatchObject({ content: [], totalElements: 2 });
  });

  it.each(['ADMINISTRATOR', 'USER', 'READ_ONLY'] as const)('%s is refused (403)', async (role) => {
    const f = await setup();
    const caller = await createUser(t.db, f.acme, { role });
    const res = await people(await tokenFor(t.db, caller, 'full'));
    expect(res.statusCode).toBe(403);
    expect(res.json().id).toBe('forbidden');
  });

  it('not signed in → 401; a sign-in step → wrong_step; too long a search → 400, clear message', async () => {
    const f = await setup();
    expect((await t.app.inject({ method: 'GET', url: '/api/support/people' })).statusCode).toBe(401);
    expect((await people(await tokenFor(t.db, f.support, 'mfa'))).json().id).toBe('wrong_step');
    const long = await people(await tokenFor(t.db, f.support, 'full'), `?q=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Search text is at most 200 characters.');
  });

  it('is refused while the support person acts as a customer', async () => {
    const f = await setup();
    const own = await tokenFor(t.db, f.support, 'full');
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/impersonate/generate',
      headers: bearer(own),
      payload: { userId: f.ana.id },
    });
    const acting = tokenOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/access/impersonate',
        payload: { accessCode: code.json().accessCode },
      }),
    );
    expect((await people(acting)).statusCode).toBe(403);
  });
});
