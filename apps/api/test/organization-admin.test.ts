import { OrganizationSchema } from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_ACCESS_OFF } from '../src/modules/accounts/service-support-access.ts';
import { createOrganization, createUser, type TestUser, tokenFor } from './factories.ts';
import { bearer, count, tokenOf, useTestApp } from './helpers.ts';

const t = useTestApp();

type Who = 'admin' | 'user' | 'readOnly' | 'support' | 'adminB';
let orgA: Awaited<ReturnType<typeof createOrganization>>;
let orgB: Awaited<ReturnType<typeof createOrganization>>;
const people = {} as Record<Who, TestUser>;
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  const provider = await createOrganization(t.db, { kind: 'provider', emailDomains: [] });
  orgA = await createOrganization(t.db, { description: 'Retail chain', entitlements: ['diagnostics'] });
  orgB = await createOrganization(t.db);
  people.admin = await createUser(t.db, orgA, {
    role: 'ADMINISTRATOR',
    contact: { firstName: 'Ada', lastName: 'Admin' },
  });
  people.user = await createUser(t.db, orgA, { role: 'USER' });
  people.readOnly = await createUser(t.db, orgA, { role: 'READ_ONLY' });
  people.support = await createUser(t.db, provider, { role: 'SUPPORT' });
  people.adminB = await createUser(t.db, orgB, { role: 'ADMINISTRATOR' });
  for (const who of Object.keys(people) as Who[]) tokens[who] = await tokenFor(t.db, people[who], 'full');
});

const get = (id: string, who: Who = 'admin') =>
  t.app.inject({ method: 'GET', url: `/api/organization/${id}`, headers: bearer(tokens[who]) });
const put = (id: string, payload: object, who: Who | string = 'admin') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/organization/${id}`,
    headers: bearer(who in tokens ? tokens[who as Who] : who),
    payload,
  });
const stored = async (id: string) =>
  (await t.pool.query('select * from organizations where id = $1', [id])).rows[0] as Record<string, unknown>;
const updates = (orgId: string) =>
  count(t.pool, 'audit_log', "action = 'organization.update' and organization_id = $1", [orgId]);

describe('GET organization/{id}', () => {
  it('a member sees details, administrators and the provider support address, without the settings', async () => {
    const res = await get(orgA.id, 'readOnly');
    expect(res.statusCode).toBe(200);
    const org = OrganizationSchema.parse(res.json());
    expect(org).toMatchObject({
      id: orgA.id,
      name: orgA.name,
      entitlements: ['diagnostics'],
      supportContact: { source: 'provider', email: 'support@vnoc.example' },
      settings: null,
    });
    expect(org.administrators).toEqual([
      { id: people.admin.id, name: 'Ada Admin', email: people.admin.username },
    ]);
  });

  it('an administrator also gets the settings', async () => {
    const org = OrganizationSchema.parse((await get(orgA.id)).json());
    expect(org.settings).toMatchObject({
      emailDomains: orgA.emailDomains,
      ssoIssuer: null,
      ssoClientId: null,
    });
    expect(typeof org.settings?.supportAccess).toBe('boolean');
  });

  it("another organization's id, a missing or malformed one → 404", async () => {
    for (const id of [orgB.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await get(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().id).toBe('not_found');
    }
  });

  it('without a session → 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/organization/${orgA.id}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT organization/{id}', () => {
  it("the spec's payload (description only) changes the description and is audited", async () => {
    const before = await updates(orgA.id);
    const res = await put(orgA.id, { description: '  120 stores in Texas ' });
    expect(res.statusCode).toBe(200);
    expect(OrganizationSchema.parse(res.json()).description).toBe('120 stores in Texas');
    expect((await stored(orgA.id)).description).toBe('120 stores in Texas');
    expect(await updates(orgA.id)).toBe(before + 1);
    const { rows } = await t.pool.query(
      "select actor_user_id, detail, host(ip) as ip from audit_log where action = 'organization.update' order by id desc limit 1",
    );
    expect(rows[0]).toMatchObject({ actor_user_id: people.admin.id, detail: { description: 'changed' } });
    expect(rows[0].ip).toBeTruthy();
  });

  it('an unchanged value writes nothing and adds no entry', async () => {
    await put(orgA.id, { description: 'Same' });
    const before = await updates(orgA.id);
    expect((await put(orgA.id, { description: 'Same' })).statusCode).toBe(200);
    expect(await updates(orgA.id)).toBe(before);
  });

  it('changes name, contacts, who may join and support access', async () => {
    const res = await put(orgA.id, {
      name: 'Acme Retail',
      contacts: [
        { name: 'Grace Hopper', role: 'IT support', email: 'Grace@Acme.example', phone: '+1 512 555 0100' },
        { name: 'Linus', role: '', email: '', phone: null },
      ],
      selfRegistration: true,
      emailDomains: ['Acme-Retail.example', '@acme-retail.example', 'stores.acme-retail.example'],
      supportAccess: false,
    });
    expect(res.statusCode).toBe(200);
    const org = OrganizationSchema.parse(res.json());
    expect(org.supportContact).toEqual({
      source: 'organization',
      name: 'Grace Hopper',
      email: 'grace@acme.example',
      phone: '+1 512 555 0100',
    });
    const row = await stored(orgA.id);
    expect(row).toMatchObject({
      name: 'Acme Retail',
      self_registration: true,
      email_domains: ['acme-retail.example', 'stores.acme-retail.example'],
      support_access: false,
    });
    expect(row.contacts).toEqual([
      { name: 'Grace Hopper', role: 'IT support', email: 'grace@acme.example', phone: '+1 512 555 0100' },
      { name: 'Linus', role: null, email: null, phone: null },
    ]);
    // A member now reads the organization's own support contact.
    expect((await get(orgA.id, 'user')).json().supportContact.source).toBe('organization');
    // Clearing single sign-on takes both fields (saving a provider, with its discovery: sso.test.ts).
    expect((await put(orgA.id, { ssoIssuer: null, ssoClientId: null })).statusCode).toBe(200);
    await put(orgA.id, { supportAccess: true, selfRegistration: false });
  });

  it('bad input → 400 with a clear message, nothing written', async () => {
    await createOrganization(t.db, { emailDomains: ['taken.example'] });
    const before = await stored(orgA.id);
    const entries = await updates(orgA.id);
    const cases: [object, string][] = [
      [{ name: '  ' }, 'Enter the organization name.'],
      [{ description: 'x'.repeat(1001) }, 'The description is at most 1000 characters.'],
      [{ contacts: [{ name: '', role: null, email: null, phone: null }] }, 'Enter the contact name.'],
      [{ contacts: [{ name: 'A', email: 'not-an-email' }] }, 'Enter a valid email address.'],
      [{ contacts: [{ name: 'A', phone: 'call me' }] }, 'Enter a valid phone number.'],
      [{ emailDomains: ['no spaces.example'] }, 'Enter valid email domains, such as example.com.'],
      [{ emailDomains: ['localhost'] }, 'Enter valid email domains, such as example.com.'],
      [
        { emailDomains: ['gmail.com'] },
        'gmail.com is a public email domain: anyone can have an address there.',
      ],
      [{ emailDomains: ['taken.example'] }, 'taken.example belongs to another organization.'],
      [{ emailDomains: [orgB.emailDomains[0]] }, `${orgB.emailDomains[0]} belongs to another organization.`],
      [{ selfRegistration: true, emailDomains: [] }, 'Add at least one email domain to let people register.'],
      [{ selfRegistration: 'yes' }, 'selfRegistration must be true or false.'],
      [
        { ssoIssuer: 'https://idp.example', ssoClientId: null },
        'Enter both the issuer URL and the client id, or neither.',
      ],
      [{ ssoClientId: 'vnoc' }, 'Enter both the issuer URL and the client id, or neither.'],
      [
        { ssoIssuer: 'ftp://idp.example', ssoClientId: 'x' },
        "Enter the identity provider's issuer URL, such as https://login.example.com.",
      ],
      [{ ssoIssuer: 'https://idp.example', ssoClientId: 'has space' }, 'The client id has no spaces.'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(orgA.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ id: 'invalid_input', message });
    }
    const unknown = await put(orgA.id, { kind: 'provider' });
    expect(unknown.statusCode).toBe(400);
    expect(await stored(orgA.id)).toEqual(before);
    expect(await updates(orgA.id)).toBe(entries);
  });

  it("another organization's id → 404, nothing written", async () => {
    const before = await stored(orgB.id);
    const res = await put(orgB.id, { description: 'Hijacked' });
    expect(res.statusCode).toBe(404);
    expect(await stored(orgB.id)).toEqual(before);
  });

  it('USER, READ_ONLY and SUPPORT are refused (403), nothing written', async () => {
    const before = await stored(orgA.id);
    for (const who of ['user', 'readOnly', 'support'] as Who[]) {
      const res = await put(orgA.id, { description: `By ${who}` }, who);
      expect(res.statusCode, who).toBe(403);
    }
    expect(await stored(orgA.id)).toEqual(before);
  });

  it('an edit under impersonation is audited with the support person', async () => {
    const token = await tokenFor(t.db, people.admin, 'full', people.support.username);
    const res = await put(orgA.id, { description: 'Edited by support' }, token);
    expect(res.statusCode).toBe(200);
    expect(
      await count(
        t.pool,
        'audit_log',
        "action = 'organization.update' and actor_user_id = $1 and impersonator_user_id = $2 and organization_id = $3",
        [people.admin.id, people.support.id, orgA.id],
      ),
    ).toBe(1);
  });
});

describe('support access off', () => {
  const generate = (userId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/userProfile/impersonate/generate',
      headers: bearer(tokens.support),
      payload: { userId },
    });
  const exchange = (accessCode: string) =>
    t.app.inject({ method: 'POST', url: '/api/access/impersonate', payload: { accessCode } });
  const refusals = () =>
    count(
      t.pool,
      'audit_log',
      "action = 'impersonation.refused' and organization_id = $1 and actor_user_id = $2",
      [orgA.id, people.support.id],
    );

  it('generating an access code for one of its people is refused with a clear message, and audited', async () => {
    await put(orgA.id, { supportAccess: false });
    const before = await refusals();
    const res = await generate(people.user.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ id: 'support_access_off', message: SUPPORT_ACCESS_OFF });
    expect(await refusals()).toBe(before + 1);
    expect(
      await count(t.pool, 'audit_log', "action = 'impersonation.generate' and target = $1", [
        people.user.username,
      ]),
    ).toBe(0);
    // Another organization is not affected.
    expect((await generate(people.adminB.id)).statusCode).toBe(200);
    await put(orgA.id, { supportAccess: true });
  });

  it('a code generated before support access was turned off is refused at exchange', async () => {
    const res = await generate(people.readOnly.id);
    expect(res.statusCode).toBe(200);
    await put(orgA.id, { supportAccess: false });
    const before = await refusals();
    const refused = await exchange(res.json().accessCode);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().id).toBe('support_access_off');
    expect(refused.headers.authorization).toBeUndefined();
    expect(await refusals()).toBe(before + 1);
    expect(
      await count(t.pool, 'audit_log', "action = 'impersonation.exchange' and actor_user_id = $1", [
        people.readOnly.id,
      ]),
    ).toBe(0);
    await put(orgA.id, { supportAccess: true });
  });

  it('a support session under way ends when support access is turned off', async () => {
    const code = (await generate(people.user.id)).json().accessCode;
    const session = tokenOf(await exchange(code));
    const profile = () => t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(session) });
    expect((await profile()).statusCode).toBe(200);
    await put(orgA.id, { supportAccess: false });
    expect((await profile()).statusCode).toBe(401);
    await put(orgA.id, { supportAccess: true });
    expect((await profile()).statusCode).toBe(200);
  });
});
