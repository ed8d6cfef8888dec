import { OrganizationSchema } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredDomainCodes } from '../src/modules/organizations/repository.ts';
import { createOrganization, createUser, type TestUser, tokenFor } from './factories.ts';
import { bearer, count, createTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 34: an email-domain claim counts only once proven by a code emailed to a mailbox at the domain. A
 * pending claim gives no single sign-on tile, no username routing, no self-registration and blocks no one;
 * the first organization to prove a domain gets it, and the others' pending claims of it are dropped.
 */
const PUBLIC_URL = 'https://noc.provider.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t?.close());

type Org = Awaited<ReturnType<typeof createOrganization>>;
const admins = new Map<string, { person: TestUser; token: string }>();
let client = 0;

async function organizationWithAdmin(overrides: Parameters<typeof createOrganization>[1] = {}) {
  const org = await createOrganization(t.db, overrides, { domains: 'pending' });
  const person = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
  admins.set(org.id, { person, token: await tokenFor(t.db, person, 'full') });
  return org;
}
const tokenOf = (org: Org) => admins.get(org.id)?.token ?? '';

/** Each call from an address of its own: the per-address throttles of the public routes never answer instead. */
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; payload?: object; headers?: Record<string, string> } = {},
) => {
  client += 1;
  return t.app.inject({
    method,
    url,
    remoteAddress: `10.34.${client >> 8}.${client & 255}`,
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });
};

const sendEmail = (
  org: Org,
  domain: string,
  email: string,
  as: Org = org,
  headers?: Record<string, string>,
) =>
  call('POST', `/api/organization/${org.id}/domains/verification-email`, {
    token: tokenOf(as),
    payload: { domain, email },
    headers,
  });
const verify = (org: Org, code: string, as: Org = org) =>
  call('POST', `/api/organization/${org.id}/domains/verify`, { token: tokenOf(as), payload: { code } });
const putDomains = (org: Org, emailDomains: string[], as: Org = org) =>
  call('PUT', `/api/organization/${org.id}`, { token: tokenOf(as), payload: { emailDomains } });

async function outbox(to: string) {
  const { rows } = await t.pool.query<{ to: string; subject: string; body: string; code: string }>(
    'select "to", subject, body, code from outbox_messages where "to" = $1 order by created_at',
    [to],
  );
  return rows;
}
async function codeSentTo(to: string): Promise<string> {
  const rows = await outbox(to);
  const code = rows.at(-1)?.code;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}
const domainsOf = async (org: Org) => {
  const res = await call('GET', `/api/organization/${org.id}`, { token: tokenOf(org) });
  return OrganizationSchema.parse(res.json()).settings?.domains;
};
/** What a verification writes: who holds which domain, codes used, claims, audit entries. */
const written = async () =>
  JSON.stringify(
    (
      await t.pool.query(
        `select (select json_agg(v order by domain) from verified_domains v) as verified,
           (select json_agg(d.used_at order by d.created_at) from domain_verifications d) as codes,
           (select json_agg(o.email_domains order by o.id) from organizations o) as claims,
           (select count(*) from audit_log where action like 'organization.domain%') as audits`,
      )
    ).rows[0],
  );

const tile = (email: string) => call('GET', `/api/sso/tile?email=${encodeURIComponent(email)}`);
const routing = (email: string) => call('GET', `/api/organization/username/${encodeURIComponent(email)}`);
const register = (username: string) =>
  call('POST', '/api/access/register', {
    payload: { username, password: 'a-long-enough-passphrase', firstName: 'Nia', lastName: 'Newcomer' },
  });

describe('a pending claim decides nothing', () => {
  it('no single sign-on tile, no username routing, no self-registration until verified; then all three', async () => {
    const org = await organizationWithAdmin({
      emailDomains: ['pending-sso.example'],
      selfRegistration: true,
      ssoIssuer: 'https://login.pending-sso.example',
      ssoClientId: 'vnoc-client',
    });
    expect(await domainsOf(org)).toEqual([{ domain: 'pending-sso.example', state: 'pending' }]);

    expect((await tile('someone@pending-sso.example')).json()).toEqual({ tile: null });
    expect((await routing('someone@pending-sso.example')).statusCode).toBe(404);
    const refused = await register('someone@pending-sso.example');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().id).toBe('no_organization');
    expect(await count(t.pool, 'users', 'username = $1', ['someone@pending-sso.example'])).toBe(0);

    expect((await sendEmail(org, 'pending-sso.example', 'postmaster@pending-sso.example')).statusCode).toBe(
      204,
    );
    const res = await verify(org, await codeSentTo('postmaster@pending-sso.example'));
    expect(res.statusCode).toBe(200);
    expect(OrganizationSchema.parse(res.json()).settings?.domains).toEqual([
      { domain: 'pending-sso.example', state: 'verified' },
    ]);

    expect((await tile('someone@pending-sso.example')).json()).toEqual({
      tile: { organization: org.name, issuer: 'https://login.pending-sso.example', clientId: 'vnoc-client' },
    });
    expect((await routing('someone@pending-sso.example')).json()).toEqual({ id: org.id, name: org.name });
    expect((await register('someone@pending-sso.example')).statusCode).toBe(201);
  });

  it("another organization's pending claim blocks no one; the first to verify gets the domain, the other claim is dropped", async () => {
    const squatter = await organizationWithAdmin({ emailDomains: ['contested.example'] });
    expect((await sendEmail(squatter, 'contested.example', 'admin@contested.example')).statusCode).toBe(204);
    const squatterCode = await codeSentTo('admin@contested.example');

    const owner = await organizationWithAdmin({ emailDomains: ['owner-own.example'] });
    const listed = await putDomains(owner, ['owner-own.example', 'contested.example']);
    expect(listed.statusCode).toBe(200);
    expect((await sendEmail(owner, 'contested.example', 'hostmaster@contested.example')).statusCode).toBe(
      204,
    );
    expect((await verify(owner, await codeSentTo('hostmaster@contested.example'))).statusCode).toBe(200);
    expect(await domainsOf(owner)).toEqual([
      { domain: 'owner-own.example', state: 'pending' },
      { domain: 'contested.example', state: 'verified' },
    ]);

    // The squatter's claim and its code are gone; listing it again is refused.
    expect(await domainsOf(squatter)).toEqual([]);
    const late = await verify(squatter, squatterCode);
    expect(late.statusCode).toBe(400);
    expect(late.json().id).toBe('code_invalid');
    const again = await putDomains(squatter, ['contested.example']);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('contested.example belongs to another organization.');
    expect(
      await count(
        t.pool,
        'audit_log',
        "action = 'organization.domain_claim_dropped' and organization_id = $1",
        [squatter.id],
      ),
    ).toBe(1);
  });
  it('a verified domain taken off the list loses its verification: listed again, it is pending', async () => {
    const org = await organizationWithAdmin({
      emailDomains: ['withdrawn.example'],
      ssoIssuer: 'https://login.withdrawn.example',
      ssoClientId: 'vnoc-client',
    });
    await sendEmail(org, 'withdrawn.example', 'admin@withdrawn.example');
    expect((await verify(org, await codeSentTo('admin@withdrawn.example'))).statusCode).toBe(200);
    expect((await tile('x@withdrawn.example')).json().tile).not.toBeNull();

    expect((await putDomains(org, [])).statusCode).toBe(200);
    expect((await putDomains(org, ['withdrawn.example'])).statusCode).toBe(200);
    expect(await domainsOf(org)).toEqual([{ domain: 'withdrawn.example', state: 'pending' }]);
    expect((await tile('x@withdrawn.example')).json()).toEqual({ tile: null });
  });
});

describe('POST organization/{id}/domains/verify refuses, writing nothing', () => {
  let org: Org;
  let code: string;
  beforeAll(async () => {
    org = await organizationWithAdmin({ emailDomains: ['refusals.example'] });
    expect((await sendEmail(org, 'refusals.example', 'webmaster@refusals.example')).statusCode).toBe(204);
    code = await codeSentTo('webmaster@refusals.example');
  });

  it('a wrong code → 400 code_invalid', async () => {
    const before = await written();
    const wrong = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    const nearly = `${code.slice(0, 7)}${code.endsWith('2') ? '3' : '2'}`;
    for (const attempt of [wrong, nearly]) {
      const res = await verify(org, attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().id).toBe('code_invalid');
    }
    expect(await written()).toBe(before);
  });

  it('a malformed code → 400 invalid_input', async () => {
    const before = await written();
    const res = await verify(org, 'not a code!');
    expect(res.statusCode).toBe(400);
    expect(await written()).toBe(before);
  });

  it('an expired code → 400 code_invalid', async () => {
    await t.pool.query(
      "update domain_verifications set expires_at = now() - interval '1 second' where organization_id = $1",
      [org.id],
    );
    const before = await written();
    const res = await verify(org, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('code_invalid');
    expect(await written()).toBe(before);
    expect(await domainsOf(org)).toEqual([{ domain: 'refusals.example', state: 'pending' }]);
  });

  it('a used code → 400 code_invalid; a new email retires the older code', async () => {
    expect((await sendEmail(org, 'refusals.example', 'webmaster@refusals.example')).statusCode).toBe(204);
    const first = await codeSentTo('webmaster@refusals.example');
    expect((await sendEmail(org, 'refusals.example', 'admin@refusals.example')).statusCode).toBe(204);
    const second = await codeSentTo('admin@refusals.example');
    const before = await written();
    expect((await verify(org, first)).statusCode).toBe(400);
    expect(await written()).toBe(before);

    expect((await verify(org, second.toLowerCase().replace(/(....)/, '$1-'))).statusCode).toBe(200);
    const afterUse = await written();
    const reused = await verify(org, second);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().id).toBe('code_invalid');
    expect(await written()).toBe(afterUse);
  });
});

describe('another organization', () => {
  let a: Org;
  let b: Org;
  let codeA: string;
  beforeAll(async () => {
    a = await organizationWithAdmin({ emailDomains: ['tenant-a.example'] });
    b = await organizationWithAdmin({ emailDomains: ['tenant-b.example'] });
    expect((await sendEmail(a, 'tenant-a.example', 'postmaster@tenant-a.example')).statusCode).toBe(204);
    codeA = await codeSentTo('postmaster@tenant-a.example');
  });

  it("B's administrator cannot verify A's claim with A's code, on either organization", async () => {
    const before = await written();
    const onB = await verify(b, codeA);
    expect(onB.statusCode).toBe(400);
    expect(onB.json().id).toBe('code_invalid');
    expect((await verify(a, codeA, b)).statusCode).toBe(404);
    expect(await written()).toBe(before);
    expect(await domainsOf(a)).toEqual([{ domain: 'tenant-a.example', state: 'pending' }]);
  });

  it("B's administrator cannot see, email about or remove A's claim", async () => {
    const before = await written();
    expect((await call('GET', `/api/organization/${a.id}`, { token: tokenOf(b) })).statusCode).toBe(404);
    expect((await sendEmail(a, 'tenant-a.example', 'admin@tenant-a.example', b)).statusCode).toBe(404);
    expect((await putDomains(a, [], b)).statusCode).toBe(404);
    // Nor email about it from its own organization: only a listed domain is verified.
    const unlisted = await sendEmail(b, 'tenant-a.example', 'admin@tenant-a.example');
    expect(unlisted.statusCode).toBe(400);
    expect(await outbox('admin@tenant-a.example')).toEqual([]);
    expect(await written()).toBe(before);
  });

  it("A's code still verifies A's claim for A", async () => {
    expect((await verify(a, codeA)).statusCode).toBe(200);
    expect(await domainsOf(a)).toEqual([{ domain: 'tenant-a.example', state: 'verified' }]);
  });
});

describe('POST organization/{id}/domains/verification-email', () => {
  it('goes to the chosen mailbox only, its link from PUBLIC_URL whatever Origin and Host the request names', async () => {
    const org = await organizationWithAdmin({ emailDomains: ['mailbox.example'] });
    const res = await sendEmail(org, 'mailbox.example', 'postmaster@mailbox.example', org, {
      origin: 'https://evil.example',
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(res.statusCode).toBe(204);
    const { rows } = await t.pool.query<{ to: string }>(
      `select "to" from outbox_messages where body like '%mailbox.example%'`,
    );
    expect(rows).toEqual([{ to: 'postmaster@mailbox.example' }]);
    const [email] = await outbox('postmaster@mailbox.example');
    expect(email?.subject).toBe(`Verify mailbox.example for ${org.name} on vNOC`);
    expect(email?.body).toContain(`${PUBLIC_URL}/admin/organization?domainCode=${email?.code}`);
    expect(email?.body).not.toContain('evil');
    // Hashed at rest: the stored row does not hold the code.
    const stored = await t.pool.query<{ code_hash: string }>(
      'select code_hash from domain_verifications where organization_id = $1',
      [org.id],
    );
    expect(stored.rows[0]?.code_hash).not.toContain(email?.code ?? '');
  });

  it("the administrator's own address at the domain is a mailbox too; any other address is refused, nothing sent", async () => {
    const org = await organizationWithAdmin({ emailDomains: ['own-box.example'] });
    const person = admins.get(org.id)?.person;
    expect(person?.username.endsWith('@own-box.example')).toBe(true);
    expect((await sendEmail(org, 'own-box.example', person?.username ?? '')).statusCode).toBe(204);
    expect(await outbox(person?.username ?? '')).toHaveLength(1);

    for (const [email, message] of [
      [
        'bob@own-box.example',
        'Send the code to admin@own-box.example, administrator@own-box.example, hostmaster@own-box.example, postmaster@own-box.example, webmaster@own-box.example or to your own address at own-box.example.',
      ],
      ['postmaster@elsewhere.example', 'Enter an address at own-box.example.'],
    ] as const) {
      const res = await sendEmail(org, 'own-box.example', email);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await outbox(email)).toEqual([]);
    }
    expect(await count(t.pool, 'domain_verifications', 'organization_id = $1', [org.id])).toBe(1);
  });

  it('a verified domain or one another organization verified is not sent again', async () => {
    const owner = await organizationWithAdmin({ emailDomains: ['held.example'] });
    await sendEmail(owner, 'held.example', 'admin@held.example');
    expect((await verify(owner, await codeSentTo('admin@held.example'))).statusCode).toBe(200);
    const again = await sendEmail(owner, 'held.example', 'webmaster@held.example');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('held.example is already verified.');
    expect(await outbox('webmaster@held.example')).toEqual([]);
  });

  it('throttled: a fourth email to one address within the hour → 429, nothing stored', async () => {
    const org = await organizationWithAdmin({ emailDomains: ['throttle.example'] });
    for (let i = 0; i < 3; i++)
      expect((await sendEmail(org, 'throttle.example', 'admin@throttle.example')).statusCode).toBe(204);
    const stored = await count(t.pool, 'domain_verifications', 'organization_id = $1', [org.id]);
    expect((await sendEmail(org, 'throttle.example', 'admin@throttle.example')).statusCode).toBe(429);
    expect(await count(t.pool, 'domain_verifications', 'organization_id = $1', [org.id])).toBe(stored);
    expect(await outbox('admin@throttle.example')).toHaveLength(3);
  });

  it('support acting as the administrator cannot send nor verify → 403', async () => {
    const provider = await createOrganization(t.db, { kind: 'provider', emailDomains: [] });
    const support = await createUser(t.db, provider, { role: 'SUPPORT' });
    const org = await organizationWithAdmin({ emailDomains: ['impersonated.example'] });
    const person = admins.get(org.id)?.person;
    if (!person) throw new Error('no administrator');
    const token = await tokenFor(t.db, person, 'full', support.username);
    const send = await call('POST', `/api/organization/${org.id}/domains/verification-email`, {
      token,
      payload: { domain: 'impersonated.example', email: 'admin@impersonated.example' },
    });
    expect(send.statusCode).toBe(403);
    const check = await call('POST', `/api/organization/${org.id}/domains/verify`, {
      token,
      payload: { code: 'ABCDEFGH' },
    });
    expect(check.statusCode).toBe(403);
    expect(await outbox('admin@impersonated.example')).toEqual([]);
  });
});

describe('housekeeping', () => {
  it('drops domain codes past their expiry, used or not, and keeps the live ones', async () => {
    const org = await organizationWithAdmin({ emailDomains: ['sweep.example'] });
    const insert = (expiresAt: string, usedAt: string | null) =>
      t.pool.query(
        `insert into domain_verifications (organization_id, domain, mailbox, code_hash, expires_at, used_at)
         values ($1, 'sweep.example', 'admin@sweep.example', md5(random()::text), $2, $3)`,
        [org.id, expiresAt, usedAt],
      );
    await insert('2026-01-01T00:00:00Z', null);
    await insert('2026-01-01T00:00:00Z', '2025-12-31T12:00:00Z');
    await insert('2026-01-03T00:00:00Z', null);
    expect(await deleteExpiredDomainCodes(t.db, new Date('2026-01-02T00:00:00Z'))).toBeGreaterThanOrEqual(2);
    expect(await count(t.pool, 'domain_verifications', 'organization_id = $1', [org.id])).toBe(1);
  });
});
