import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser, tokenFor } from './factories.ts';
import {
  bearer,
  claimsOf,
  count,
  expectPasswordPolicyRefusal,
  lastStatusOf,
  latestCode,
  tokenOf,
  useTestApp,
  wrongCode,
} from './helpers.ts';

const t = useTestApp();

const register = (payload: InjectOptions['payload']) =>
  t.app.inject({ method: 'POST', url: '/api/access/register', payload });
const form = (username: string) => ({
  username,
  password: 'a-long-enough-passphrase',
  firstName: 'Nia',
  lastName: 'Newcomer',
});

describe('POST /api/access/register', () => {
  it("201: a pending READ_ONLY user in the domain's organization when it allows self-registration; no token", async () => {
    const org = await createOrganization(t.db, {
      emailDomains: ['register-ok.example'],
      selfRegistration: true,
    });
    const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const res = await register(form('Nia@Register-OK.example'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, status: 'pending' });
    expect(res.headers.authorization).toBeUndefined();
    const { rows } = await t.pool.query(
      'select u.role, u.status, u.organization_id, c.first_name from users u join contacts c on c.user_id = u.id where username = $1',
      ['nia@register-ok.example'],
    );
    expect(rows).toEqual([
      { role: 'READ_ONLY', status: 'pending', organization_id: org.id, first_name: 'Nia' },
    ]);
    expect(await count(t.pool, 'audit_log', "action = 'register'")).toBe(1);
    // The administrators are told; the person gets no code until they can sign in.
    expect(await count(t.pool, 'outbox_messages', '"to" = $1', [admin.username])).toBe(1);
    expect(await count(t.pool, 'outbox_messages', '"to" = $1', ['nia@register-ok.example'])).toBe(0);
  });

  it('403 registration_closed when the organization does not allow self-registration, nothing written', async () => {
    await createOrganization(t.db, { emailDomains: ['closed.example'] });
    const before = await count(t.pool, 'users');
    const res = await register(form('someone@closed.example'));
    expect(res.statusCode).toBe(403);
    expect(res.json().id).toBe('registration_closed');
    expect(await count(t.pool, 'users')).toBe(before);
  });

  it('409 already_registered for an existing username, nothing written', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const before = await count(t.pool, 'users');
    const res = await register(form(user.username));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      id: 'already_registered',
      message: "Account already registered. Please contact the provider's support for assistance.",
    });
    expect(await count(t.pool, 'users')).toBe(before);
  });

  it('422 no_organization when no organization owns the domain', async () => {
    const before = await count(t.pool, 'users');
    const res = await register(form('someone@unknown-domain.example'));
    expect(res.statusCode).toBe(422);
    expect(res.json().id).toBe('no_organization');
    expect(await count(t.pool, 'users')).toBe(before);
    expect(await count(t.pool, 'outbox_messages', '"to" = $1', ['someone@unknown-domain.example'])).toBe(0);
  });

  it.each([
    ['short', 'short-pass'],
    ['common', 'password1234'],
    ['repeated', 'aaaaaaaaaaaaaaa'],
  ])('400 password_policy for a %s password, nothing written', async (_, password) => {
    await createOrganization(t.db, { emailDomains: ['policy.example'] });
    const res = await register({ ...form('p@policy.example'), password });
    expectPasswordPolicyRefusal(res);
    expect(await count(t.pool, 'users', 'username = $1', ['p@policy.example'])).toBe(0);
  });

  it.each([
    [{ ...form('x@y.example'), firstName: '  ' }, 'Enter your first name.'],
    [{ ...form('not-an-email') }, 'Enter a valid email address.'],
    [{ username: 'x@y.example' }, undefined],
  ])('400 invalid_input for bad fields (%#)', async (payload, message) => {
    const before = await count(t.pool, 'users');
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('invalid_input');
    if (message) expect(res.json().message).toBe(message);
    expect(await count(t.pool, 'users')).toBe(before);
  });
});

describe('email validation after registering', () => {
  it('once approved, the person signs in and validates the email with the outbox code; then the step is mfa', async () => {
    await createOrganization(t.db, { emailDomains: ['validate.example'], selfRegistration: true });
    expect((await register(form('val@validate.example'))).statusCode).toBe(201);
    await t.pool.query("update users set status = 'active' where username = 'val@validate.example'");
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'val@validate.example', password: form('x').password },
    });
    const token = tokenOf(login);
    expect(claimsOf(token)).toMatchObject({ isEmailValidated: false, role: 'READ_ONLY' });
    await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/registered-email/send-code',
      headers: bearer(token),
    });
    const code = await latestCode(t.pool, 'val@validate.example');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/registered-email/verify-code',
      headers: bearer(token),
      payload: { code: wrongCode(code) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ id: 'code_invalid', message: 'Code is not valid. Please try again.' });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/registered-email/verify-code',
      headers: bearer(token),
      payload: { code },
    });
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(tokenOf(res));
    expect(claims).toMatchObject({ isEmailValidated: true, isMfaValidated: false });
    expect(await count(t.pool, 'users', 'username = $1 and email_validated', ['val@validate.example'])).toBe(
      1,
    );
    // The used code cannot be used again.
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/registered-email/verify-code',
      headers: bearer(token),
      payload: { code },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().id).toBe('code_invalid');
  });

  it('send-code sends a new code, and only the newest one is valid', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { emailValidated: false });
    const token = await tokenFor(t.db, user, 'email');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/userProfile/registered-email/send-code',
        headers: bearer(token),
      });
    expect((await send()).json()).toEqual({ ok: true });
    const first = await latestCode(t.pool, user.username);
    await send();
    const second = await latestCode(t.pool, user.username);
    const verify = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/userProfile/registered-email/verify-code',
        headers: bearer(token),
        payload: { code },
      });
    if (first !== second) expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('alt=true (contact email) needs a full session', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, {
      emailValidated: false,
      contact: { emailAddress: 'alt@else.example' },
    });
    const token = await tokenFor(t.db, user, 'email');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/registered-email/send-code?alt=true',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().id).toBe('wrong_step');
    expect(await count(t.pool, 'outbox_messages', '"to" = $1', ['alt@else.example'])).toBe(0);
  });

  it('alt=true in a full session sends to and verifies the contact email', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { contact: { emailAddress: 'contact@else.example' } });
    const token = await tokenFor(t.db, user, 'full');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/registered-email/send-code?alt=true',
      headers: bearer(token),
    });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(t.pool, 'contact@else.example');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/registered-email/verify-code?alt=true',
      headers: bearer(token),
      payload: { code },
    });
    expect(res.statusCode).toBe(200);
    expect(tokenOf(res)).toBeTruthy();
    expect(await count(t.pool, 'contacts', 'user_id = $1 and email_verified', [user.id])).toBe(1);
  });

  it('400 invalid_input for a malformed code and an unknown alt value', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { emailValidated: false });
    const token = await tokenFor(t.db, user, 'email');
    for (const [url, payload] of [
      ['/api/userProfile/registered-email/verify-code', { code: '12ab56' }],
      ['/api/userProfile/registered-email/verify-code', { code: 123456 }],
      ['/api/userProfile/registered-email/send-code?alt=maybe', undefined],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().id).toBe('invalid_input');
    }
    expect(await count(t.pool, 'outbox_messages', '"to" = $1', [user.username])).toBe(0);
  });
});

describe('GET /api/organization/username/{name}', () => {
  it("answers an existing user's organization, else the domain owner's, only id and name", async () => {
    const org = await createOrganization(t.db, {
      emailDomains: ['lookup.example'],
      description: 'secret text',
    });
    const other = await createOrganization(t.db, { emailDomains: ['other-lookup.example'] });
    // A user whose address is on another organization's domain belongs to their own organization.
    await createUser(t.db, other, { username: 'moved@lookup.example' });
    const byDomain = await t.app.inject({
      method: 'GET',
      url: '/api/organization/username/new@lookup.example',
    });
    expect(byDomain.statusCode).toBe(200);
    expect(byDomain.json()).toEqual({ id: org.id, name: org.name });
    const byUser = await t.app.inject({
      method: 'GET',
      url: '/api/organization/username/moved@lookup.example',
    });
    expect(byUser.json()).toEqual({ id: other.id, name: other.name });
  });

  it('404 when no organization matches; 400 for a non-email', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/organization/username/a@nobody.example' });
    expect(none.statusCode).toBe(404);
    expect(none.json().id).toBe('not_found');
    const bad = await t.app.inject({ method: 'GET', url: '/api/organization/username/not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().id).toBe('invalid_input');
  });

  it('is rate limited per client address', async () => {
    const last = await lastStatusOf(t.app, 31, {
      method: 'GET',
      url: '/api/organization/username/a@nobody.example',
      remoteAddress: '10.7.7.7',
    });
    expect(last).toBe(429);
  });
});
