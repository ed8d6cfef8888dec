import { AdminUserPageSchema, AdminUserSchema } from '@vnoc/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestClock } from './clock.ts';
import {
  createGroup,
  createOrganization,
  createUser,
  PASSWORD,
  type TestUser,
  tokenFor,
} from './factories.ts';
import { bearer, count, useTestApp } from './helpers.ts';

const t = useTestApp();
const clock = useTestClock();
type Who = 'admin' | 'admin2' | 'user' | 'readOnly' | 'support' | 'adminB';
const tokens = {} as Record<Who, string>;
const people = {} as Record<Who, TestUser>;
let orgA: Awaited<ReturnType<typeof createOrganization>>;
let orgB: Awaited<ReturnType<typeof createOrganization>>;
let groupA: { id: string; name: string };
let groupB: { id: string; name: string };

beforeAll(async () => {
  orgA = await createOrganization(t.db, { emailDomains: ['people-a.example'] });
  orgB = await createOrganization(t.db, { emailDomains: ['people-b.example'] });
  const provider = await createOrganization(t.db, { kind: 'provider', emailDomains: ['provider.example'] });
  const make = (org: typeof orgA, role: TestUser['role'], first: string, last: string, username: string) =>
    createUser(t.db, org, { role, username, contact: { firstName: first, lastName: last } });
  people.admin = await make(orgA, 'ADMINISTRATOR', 'Ada', 'Admin', 'ada@people-a.example');
  people.admin2 = await make(orgA, 'ADMINISTRATOR', 'Bo', 'Second', 'bo@people-a.example');
  people.user = await make(orgA, 'USER', 'Una', 'User', 'una@people-a.example');
  people.readOnly = await make(orgA, 'READ_ONLY', 'Rex', 'Reader', 'rex@people-a.example');
  people.support = await make(provider, 'SUPPORT', 'Sue', 'Support', 'sue@provider.example');
  people.adminB = await make(orgB, 'ADMINISTRATOR', 'Ben', 'Other', 'ben@people-b.example');
  for (const who of Object.keys(people) as Who[]) tokens[who] = await tokenFor(t.db, people[who], 'full');
  groupA = await createGroup(t.db, orgA, []);
  groupB = await createGroup(t.db, orgB, []);
});

const call = (method: InjectOptions['method'], url: string, payload?: object, who: Who = 'admin') =>
  t.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
const list = (query: string, who: Who = 'admin') =>
  call('GET', `/api/userProfile/users?${query}`, undefined, who);
const usersOf = (orgId: string) => count(t.pool, 'users', 'organization_id = $1', [orgId]);
const auditCount = (action: string) => count(t.pool, 'audit_log', 'action = $1', [action]);
const login = (username: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

/** The invitation link's secret from the newest email to `to`. */
async function invitationToken(to: string): Promise<string> {
  const { rows } = await t.pool.query<{ body: string }>(
    'select body from outbox_messages where "to" = $1 order by created_at desc limit 1',
    [to],
  );
  const match = /\/accept-invitation#([A-Za-z0-9_-]+)/.exec(rows[0]?.body ?? '');
  if (!match?.[1]) throw new Error(`no invitation link sent to ${to}`);
  return match[1];
}

const newPerson = (email: string, extra: object = {}) => ({
  email,
  firstName: 'Nia',
  lastName: 'Newcomer',
  role: 'USER',
  ...extra,
});

describe('GET userProfile/users', () => {
  it("pages, sorts and searches the organization's people (never SUPPORT, never another organization)", async () => {
    const res = await list(`organizationId=${orgA.id}&pageSize=2&sorting=email-asc`);
    expect(res.statusCode).toBe(200);
    const page = AdminUserPageSchema.parse(res.json());
    expect(page.totalElements).toBe(
      await count(t.pool, 'users', "organization_id = $1 and role <> 'SUPPORT'", [orgA.id]),
    );
    expect(page.content.map((u) => u.email)).toEqual(['ada@people-a.example', 'bo@people-a.example']);
    expect(page).toMatchObject({ page: 0, pageSize: 2 });
    const second = AdminUserPageSchema.parse(
      (await list(`organizationId=${orgA.id}&pageSize=2&page=1&sorting=email-asc`)).json(),
    );
    expect(second.content[0]?.email).not.toBe('ada@people-a.example');

    const found = AdminUserPageSchema.parse((await list(`organizationId=${orgA.id}&q=una user`)).json());
    expect(found.content.map((u) => u.email)).toEqual(['una@people-a.example']);
    const byMail = AdminUserPageSchema.parse((await list(`organizationId=${orgA.id}&q=REX@`)).json());
    expect(byMail.content).toHaveLength(1);
    expect(byMail.content[0]).toMatchObject({
      firstName: 'Rex',
      role: 'READ_ONLY',
      status: 'active',
      mfaMethods: [],
    });
    const wild = AdminUserPageSchema.parse((await list(`organizationId=${orgA.id}&q=%25`)).json());
    expect(wild.totalElements).toBe(0);
  });

  it('shows site groups, MFA methods and the last sign-in', async () => {
    await t.pool.query('insert into user_site_groups (user_id, site_group_id) values ($1, $2)', [
      people.user.id,
      groupA.id,
    ]);
    await t.pool.query(
      "update users set mfa_app = true, mfa_sms = true, sms_number = '+12025550111' where id = $1",
      [people.user.id],
    );
    // Signing in records the time (the clock stands still, so it is this very instant).
    clock.advance(0);
    expect((await login(people.user.username)).statusCode).toBe(200);
    const page = AdminUserPageSchema.parse((await list(`organizationId=${orgA.id}&q=una@`)).json());
    const una = page.content[0];
    expect(una?.siteGroups).toEqual([{ id: groupA.id, name: groupA.name }]);
    expect(una?.mfaMethods).toEqual(['app', 'sms']);
    expect(una?.lastSignInAt).toBe(new Date().toISOString());
  });

  it("another organization's id or a malformed one → 404; USER, READ_ONLY, SUPPORT → 403; bad filter → 400", async () => {
    expect((await list(`organizationId=${orgB.id}`)).statusCode).toBe(404);
    expect((await list('organizationId=nope')).statusCode).toBe(404);
    for (const who of ['user', 'readOnly', 'support'] as Who[])
      expect((await list(`organizationId=${orgA.id}`, who)).statusCode, who).toBe(403);
    const bad = await list(`organizationId=${orgA.id}&status=sleeping`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ id: 'invalid_input', message: 'Unknown status.' });
  });
});

describe('POST userProfile/user and the invitation link', () => {
  it('creates the person, emails a single-use link; the person chooses a password and signs in', async () => {
    const res = await call(
      'POST',
      '/api/userProfile/user',
      newPerson(' Nia@People-A.example ', { phone: '+12025550123', siteGroupIds: [groupA.id] }),
    );
    expect(res.statusCode).toBe(201);
    const created = AdminUserSchema.parse(res.json());
    expect(created).toMatchObject({
      email: 'nia@people-a.example',
      role: 'USER',
      status: 'active',
      invitationPending: true,
      phone: '+12025550123',
      siteGroups: [{ id: groupA.id, name: groupA.name }],
      lastSignInAt: null,
    });
    expect(await auditCount('user.create')).toBe(1);
    // No password works before the invitation is used.
    expect((await login('nia@people-a.example', 'anything at all here')).statusCode).toBe(401);

    const token = await invitationToken('nia@people-a.example');
    const { rows } = await t.pool.query(
      "select code_hash from verification_codes where purpose = 'invitation'",
    );
    expect(rows.some((r) => String(r.code_hash).includes(token.slice(32)))).toBe(false);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/access/invitation/check',
      payload: { token },
    });
    expect(check.json()).toEqual({
      email: 'nia@people-a.example',
      firstName: 'Nia',
      lastName: 'Newcomer',
      organization: orgA.name,
    });

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/access/invitation',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().id).toBe('password_policy');
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/access/invitation',
      payload: { token, password: 'a-long-enough-passphrase' },
    });
    expect(accept.statusCode).toBe(200);
    const signedIn = await login('nia@people-a.example', 'a-long-enough-passphrase');
    expect(signedIn.statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/access/invitation',
      payload: { token, password: 'another-long-passphrase' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      id: 'invitation_invalid',
      message: expect.stringContaining('already used'),
    });
    // Nothing written: the first password still works.
    expect((await login('nia@people-a.example', 'a-long-enough-passphrase')).statusCode).toBe(200);
  });

  it('an expired or forged link is refused and changes nothing', async () => {
    await call('POST', '/api/userProfile/user', newPerson('late@people-a.example'));
    const token = await invitationToken('late@people-a.example');
    await t.pool.query(
      "update verification_codes set expires_at = now() - interval '1 second' where destination = $1",
      ['late@people-a.example'],
    );
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/access/invitation',
      payload: { token, password: 'a-long-enough-passphrase' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      'This invitation link has expired. Ask your administrator for a new one.',
    );
    const forged = `${token.slice(0, 40)}${'A'.repeat(token.length - 40)}`;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/access/invitation/check',
      payload: { token: forged },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().id).toBe('invitation_invalid');
    expect(
      await count(t.pool, 'users', "username = 'late@people-a.example' and password_hash = '!invited'"),
    ).toBe(1);

    // A new link (resend) works, and the old one stays dead.
    const { id } = (await list(`organizationId=${orgA.id}&q=late@`)).json().content[0];
    expect((await call('POST', `/api/userProfile/user/${id}/invitation`)).statusCode).toBe(204);
    const fresh = await invitationToken('late@people-a.example');
    expect(fresh).not.toBe(token);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/access/invitation',
          payload: { token: fresh, password: 'a-long-enough-passphrase' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('409 with the spec message for an address already used (any organization), nothing written', async () => {
    const before = await usersOf(orgA.id);
    const res = await call('POST', '/api/userProfile/user', newPerson('BEN@people-b.example'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      id: 'user_exists',
      message: 'A user with this email address already exists.',
    });
    expect(await usersOf(orgA.id)).toBe(before);
  });

  it('bad input is 400 with a clear message; SUPPORT role, foreign groups refused; nothing written', async () => {
    const before = await usersOf(orgA.id);
    const outbox = await count(t.pool, 'outbox_messages');
    const cases: [object, string][] = [
      [newPerson('not-an-email'), 'Enter a valid email address.'],
      [newPerson('x@people-a.example', { firstName: ' ' }), 'Enter the first name.'],
      [
        newPerson('x@people-a.example', { role: 'SUPPORT' }),
        'Choose a role: ADMINISTRATOR, USER or READ_ONLY.',
      ],
      [
        newPerson('x@people-a.example', { role: 'OWNER' }),
        'Choose a role: ADMINISTRATOR, USER or READ_ONLY.',
      ],
      [newPerson('x@people-a.example', { phone: '123' }), 'Enter a valid phone number.'],
      [
        newPerson('x@people-a.example', { siteGroupIds: [groupB.id] }),
        'Some of these site groups do not belong to your organization.',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/userProfile/user', payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input', message });
    }
    expect(await usersOf(orgA.id)).toBe(before);
    expect(await count(t.pool, 'outbox_messages')).toBe(outbox);
  });

  it('USER, READ_ONLY and SUPPORT are refused (403), nothing written', async () => {
    const before = await count(t.pool, 'users');
    for (const who of ['user', 'readOnly', 'support'] as Who[])
      expect(
        (await call('POST', '/api/userProfile/user', newPerson(`by-${who}@people-a.example`), who))
          .statusCode,
      ).toBe(403);
    expect(await count(t.pool, 'users')).toBe(before);
  });
});

describe('PUT userProfile/edit', () => {
  const edit = (id: string, extra: object = {}, who: Who = 'admin') =>
    call(
      'PUT',
      '/api/userProfile/edit',
      {
        id,
        firstName: 'Rexford',
        lastName: 'Reader',
        role: 'USER',
        phone: '+12025550199',
        siteGroupIds: [groupA.id],
        ...extra,
      },
      who,
    );

  it('204: contact, role and groups change; audited', async () => {
    const edits = await auditCount('user.edit');
    const res = await edit(people.readOnly.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const row = (await list(`organizationId=${orgA.id}&q=rex@`)).json().content[0];
    expect(row).toMatchObject({
      firstName: 'Rexford',
      role: 'USER',
      phone: '+12025550199',
      siteGroups: [{ id: groupA.id }],
    });
    expect(await auditCount('user.edit')).toBe(edits + 1);
  });

  it('deactivating ends the sessions and sign-in; reactivating restores sign-in', async () => {
    const victim = await createUser(t.db, orgA, { username: 'gone@people-a.example' });
    const session = await tokenFor(t.db, victim, 'full');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(session) })).statusCode,
    ).toBe(200);
    expect((await edit(victim.id, { status: 'deactivated' })).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(session) })).statusCode,
    ).toBe(401);
    const refused = await login(victim.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      id: 'account_deactivated',
      message: "Your account has been deactivated. Contact your organization's administrator.",
    });
    expect(refused.headers.authorization).toBeUndefined();
    // The wrong password still says only "invalid login".
    expect((await login(victim.username, 'wrong-password-here')).statusCode).toBe(401);
    expect(await auditCount('user.deactivate')).toBe(1);
    expect((await edit(victim.id, { status: 'active' })).statusCode).toBe(204);
    expect((await login(victim.username)).statusCode).toBe(200);
  });

  it('the last active administrator cannot be demoted or deactivated', async () => {
    // Two administrators: demoting one is fine.
    expect(
      (await edit(people.admin2.id, { role: 'USER', firstName: 'Bo', lastName: 'Second' })).statusCode,
    ).toBe(204);
    const demote = await edit(people.admin.id, { role: 'USER', firstName: 'Ada', lastName: 'Admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({
      id: 'last_administrator',
      message: expect.stringContaining('at least one active administrator'),
    });
    const self = await edit(people.admin.id, { role: 'ADMINISTRATOR', status: 'deactivated' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate your own account.');
    expect(
      await count(t.pool, 'users', "id = $1 and role = 'ADMINISTRATOR' and status = 'active'", [
        people.admin.id,
      ]),
    ).toBe(1);
    // Deactivating the only other active administrator (promoted back, then deactivated by admin2) is refused too.
    expect(
      (await edit(people.admin2.id, { role: 'ADMINISTRATOR', firstName: 'Bo', lastName: 'Second' }))
        .statusCode,
    ).toBe(204);
    tokens.admin2 = await tokenFor(t.db, people.admin2, 'full');
    expect(
      (
        await edit(
          people.admin.id,
          { role: 'ADMINISTRATOR', status: 'deactivated', firstName: 'Ada', lastName: 'Admin' },
          'admin2',
        )
      ).statusCode,
    ).toBe(204);
    const last = await edit(
      people.admin2.id,
      { role: 'READ_ONLY', firstName: 'Bo', lastName: 'Second' },
      'admin2',
    );
    expect(last.statusCode).toBe(409);
    expect(
      (
        await edit(
          people.admin.id,
          { role: 'ADMINISTRATOR', status: 'active', firstName: 'Ada', lastName: 'Admin' },
          'admin2',
        )
      ).statusCode,
    ).toBe(204);
  });

  it("bad input 400, another organization's person 404, other roles 403; nothing written", async () => {
    const bad = await edit(people.user.id, { role: 'SUPPORT' });
    expect(bad.statusCode).toBe(400);
    expect((await edit(people.user.id, { status: 'pending' })).json().message).toBe(
      'Status must be active or deactivated.',
    );
    expect((await edit(people.user.id, { siteGroupIds: [groupB.id] })).statusCode).toBe(400);
    expect((await edit(people.adminB.id)).statusCode).toBe(404);
    expect((await edit(people.support.id)).statusCode).toBe(404);
    expect((await edit('not-a-uuid')).statusCode).toBe(404);
    for (const who of ['user', 'readOnly', 'support'] as Who[])
      expect((await edit(people.user.id, {}, who)).statusCode).toBe(403);
    expect(await count(t.pool, 'contacts', "first_name = 'Rexford' and user_id = $1", [people.user.id])).toBe(
      0,
    );
    expect(await count(t.pool, 'users', "id = $1 and role = 'ADMINISTRATOR'", [people.adminB.id])).toBe(1);
  });
});

describe('self-registration, approval and MFA reset', () => {
  const register = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/access/register',
      payload: { username, password: 'a-long-enough-passphrase', firstName: 'Pia', lastName: 'Pending' },
    });

  it('off (the default): refused with a clear message, nothing written', async () => {
    const before = await usersOf(orgB.id);
    const res = await register('pia@people-b.example');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      id: 'registration_closed',
      message: expect.stringContaining('does not accept registrations'),
    });
    expect(await usersOf(orgB.id)).toBe(before);
  });

  it('on: a pending account, administrators told; pending cannot sign in; approve lets them in', async () => {
    await t.pool.query('update organizations set self_registration = true where id = $1', [orgA.id]);
    const res = await register('pia@people-a.example');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, status: 'pending' });
    expect(res.headers.authorization).toBeUndefined();
    expect(
      await count(t.pool, 'outbox_messages', '"to" = $1 and subject like $2', [
        people.admin.username,
        'Pia Pending asks to join%',
      ]),
    ).toBe(1);
    const pending = await login('pia@people-a.example', 'a-long-enough-passphrase');
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({
      id: 'account_pending',
      message: 'Your account is waiting for approval by an administrator of your organization.',
    });

    const row = (await list(`organizationId=${orgA.id}&status=pending`)).json().content;
    expect(row.map((u: { email: string }) => u.email)).toEqual(['pia@people-a.example']);
    expect(
      (await call('POST', `/api/userProfile/user/${row[0].id}/approve`, undefined, 'user')).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/userProfile/user/${row[0].id}/approve`, undefined, 'adminB')).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/userProfile/user/${row[0].id}/approve`)).statusCode).toBe(204);
    expect((await call('POST', `/api/userProfile/user/${row[0].id}/approve`)).statusCode).toBe(409);
    expect(await auditCount('user.approve')).toBe(1);
    const approved = await login('pia@people-a.example', 'a-long-enough-passphrase');
    expect(approved.statusCode).toBe(200);
  });

  it('reject removes a pending registration; an active person cannot be rejected', async () => {
    const res = await register('rita@people-a.example');
    expect(res.statusCode).toBe(201);
    const { id } = (await list(`organizationId=${orgA.id}&q=rita@`)).json().content[0];
    expect((await call('POST', `/api/userProfile/user/${id}/reject`, undefined, 'adminB')).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/userProfile/user/${id}/reject`)).statusCode).toBe(204);
    expect(await count(t.pool, 'users', 'id = $1', [id])).toBe(0);
    expect((await call('POST', `/api/userProfile/user/${people.user.id}/reject`)).statusCode).toBe(409);
    expect(await count(t.pool, 'users', 'id = $1', [people.user.id])).toBe(1);
  });

  it('MFA reset removes every factor: the next sign-in asks to enrol', async () => {
    const before = await tokenFor(t.db, people.user, 'full');
    // Tokens of the same second as the reset survive it: the reset comes a second later.
    clock.advance(1_000);
    await t.pool.query(
      "update users set mfa_app = true, app_secret = 'X', mfa_voice = true, voice_number = '+12025550112' where id = $1",
      [people.user.id],
    );
    expect(
      (await call('POST', `/api/userProfile/user/${people.user.id}/mfa/reset`, undefined, 'readOnly'))
        .statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/userProfile/user/${people.adminB.id}/mfa/reset`)).statusCode).toBe(404);
    expect((await call('POST', `/api/userProfile/user/${people.user.id}/mfa/reset`)).statusCode).toBe(204);
    expect(
      await count(
        t.pool,
        'users',
        'id = $1 and not mfa_app and not mfa_sms and not mfa_voice and app_secret is null',
        [people.user.id],
      ),
    ).toBe(1);
    const res = await login(people.user.username);
    const claims = JSON.parse(
      Buffer.from((res.headers.authorization as string).split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims.isMfaEnrolled).toBe(false);
    expect(await auditCount('user.mfa_reset')).toBe(1);
    // The sessions opened with the old factors are over (issue 11).
    const profile = await t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(before) });
    expect(profile.statusCode).toBe(401);
  });

  it("MFA reset lifts the person's code-entry lockouts, the daily one included (issue 34)", async () => {
    const id = people.readOnly.id;
    await t.pool.query(
      "insert into login_failures (key, at) select k, now() - interval '3 hours' from unnest($1::text[]) k, generate_series(1, 15)",
      [
        [
          `totp:${id}`,
          `code:mfa-login:${id}`,
          `code:password-reset:${id}:10.0.0.1`,
          `login:${people.readOnly.username}`,
        ],
      ],
    );
    expect((await call('POST', `/api/userProfile/user/${id}/mfa/reset`)).statusCode).toBe(204);
    expect(await count(t.pool, 'login_failures', 'key like $1', [`%${id}%`])).toBe(0);
    // Password failures are the sign-in's lockout, not code entry: they stay.
    expect(await count(t.pool, 'login_failures', 'key = $1', [`login:${people.readOnly.username}`])).toBe(15);
  });

  it('writes under impersonation name the support person in the audit log', async () => {
    const impersonated = await tokenFor(t.db, people.admin, 'full', people.support.username);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/userProfile/user/${people.user.id}/mfa/reset`,
      headers: bearer(impersonated),
    });
    expect(res.statusCode).toBe(204);
    expect(
      await count(t.pool, 'audit_log', "action = 'user.mfa_reset' and impersonator_user_id = $1", [
        people.support.id,
      ]),
    ).toBe(1);
  });
});

describe('invitation emails: links on PUBLIC_URL, throttled (issue 34)', () => {
  /** The newest email to `to`, or undefined. */
  const lastEmail = async (to: string) =>
    (
      await t.pool.query<{ body: string }>(
        'select body from outbox_messages where "to" = $1 order by created_at desc limit 1',
        [to],
      )
    ).rows[0]?.body;
  const emailsTo = (to: string) => count(t.pool, 'outbox_messages', '"to" = $1', [to]);
  const hostile = {
    origin: 'https://vnoc-login.attacker.example',
    host: 'vnoc-login.attacker.example',
    'x-forwarded-host': 'vnoc-login.attacker.example',
    'x-forwarded-proto': 'https',
  };
  const invite = (token: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/userProfile/user',
      headers: { ...bearer(token), ...hostile },
      payload: body,
    });
  const resend = (token: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/userProfile/user/${id}/invitation`,
      headers: { ...bearer(token), ...hostile },
    });
  /** An organization of its own with an administrator, so no other test's invitations count here. */
  async function team(admins = 1) {
    const org = await createOrganization(t.db);
    const tokens: string[] = [];
    for (let i = 0; i < admins; i++)
      tokens.push(await tokenFor(t.db, await createUser(t.db, org, { role: 'ADMINISTRATOR' }), 'full'));
    const domain = org.emailDomains[0] ?? 'example.com';
    return { org, tokens, domain };
  }

  it("the link is on PUBLIC_URL, else the server's own address: never the request's Origin or Host", async () => {
    const { tokens, domain } = await team();
    const [token = ''] = tokens;
    const saved = t.config.publicUrl;
    try {
      t.config.publicUrl = 'https://vnoc.provider.example';
      const created = await invite(token, newPerson(`link@${domain}`));
      expect(created.statusCode).toBe(201);
      expect(await lastEmail(`link@${domain}`)).toContain('https://vnoc.provider.example/accept-invitation#');
      expect((await resend(token, created.json().id)).statusCode).toBe(204);
      expect(await lastEmail(`link@${domain}`)).toContain('https://vnoc.provider.example/accept-invitation#');

      t.config.publicUrl = undefined;
      expect((await invite(token, newPerson(`nolink@${domain}`))).statusCode).toBe(201);
      const body = (await lastEmail(`nolink@${domain}`)) ?? '';
      expect(body).toContain(`http://${t.config.host}:${t.config.port}/accept-invitation#`);
      expect(body).not.toContain('attacker');
    } finally {
      t.config.publicUrl = saved;
    }
  });

  it('resending to one address is throttled: 429 with a clear message, nothing written or sent', async () => {
    const { tokens, domain } = await team();
    const [token = ''] = tokens;
    const created = await invite(token, newPerson(`again@${domain}`));
    const id = created.json().id;
    // The creation's email and two more; the next one answers 429.
    for (let i = 1; i < 3; i++) expect((await resend(token, id)).statusCode).toBe(204);
    const invites = await count(t.pool, 'audit_log', "action = 'user.invite' and target = $1", [
      `again@${domain}`,
    ]);
    const refused = await resend(token, id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      id: 'invitations_limited',
      message: 'Too many invitation emails in the last hour. Wait a while before sending more.',
    });
    expect(await emailsTo(`again@${domain}`)).toBe(3);
    expect(
      await count(t.pool, 'audit_log', "action = 'user.invite' and target = $1", [`again@${domain}`]),
    ).toBe(invites);
  });

  it('invitations are throttled per administrator and per organization in an hour; nobody is created past it', async () => {
    const { org, tokens, domain } = await team(3);
    const [first = '', second = '', third = ''] = tokens;
    let n = 0;
    const next = (token: string) => invite(token, newPerson(`p${++n}@${domain}`));
    for (let i = 0; i < 20; i++) expect((await next(first)).statusCode).toBe(201);
    const before = await usersOf(org.id);
    const byFirst = await next(first);
    expect(byFirst.statusCode).toBe(429);
    expect(byFirst.json().id).toBe('invitations_limited');
    expect(await usersOf(org.id)).toBe(before);
    expect(await emailsTo(`p${n}@${domain}`)).toBe(0);
    // Other administrators of the organization go on, up to the organization's 50 an hour.
    for (let i = 0; i < 20; i++) expect((await next(second)).statusCode).toBe(201);
    for (let i = 0; i < 10; i++) expect((await next(third)).statusCode).toBe(201);
    expect((await next(third)).statusCode).toBe(429);
    // Another organization is not held back.
    const other = await team();
    expect((await invite(other.tokens[0] ?? '', newPerson(`free@${other.domain}`))).statusCode).toBe(201);
  });
});
