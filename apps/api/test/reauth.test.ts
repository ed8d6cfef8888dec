import { describe, expect, it } from 'vitest';
import { presentClaims, type SessionState } from '../src/auth/session-user.ts';
import { createTokenService, SESSION_MAX_SECONDS } from '../src/auth/tokens.ts';
import { generateTotp } from '../src/auth/totp.ts';
import { findUserById } from '../src/modules/accounts/repository.ts';
import { NO_PASSWORD } from '../src/modules/accounts/repository-admin.ts';
import { REAUTH_SECONDS } from '../src/modules/accounts/service-sign-in.ts';
import { createOrganization, createUser, PASSWORD, type TestUser, tokenFor } from './factories.ts';
import {
  bearer,
  claimsOf,
  count,
  latestCode,
  reauthenticated,
  TEST_JWT_SECRET,
  tokenOf,
  useTestApp,
} from './helpers.ts';

/**
 * Issue 34: a password change, removing a factor and adding one beside an existing one need proof of the
 * person now (POST access/reauthenticate, 5 minutes), and the person is told of each change by email.
 */
const t = useTestApp();

const NEW_PASSWORD = 'a-brand-new-passphrase-42';
const post = (url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

const tokens = createTokenService(TEST_JWT_SECRET);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A full-step token of the user with extra session state (a re-authentication or sign-in of a given age). */
async function fullTokenWith(user: { id: string }, extra: Partial<SessionState>): Promise<string> {
  const fresh = await findUserById(t.db, user.id);
  if (!fresh) throw new Error('user gone');
  const session = { isEmailValidated: true, isMfaValidated: true, isCredExpired: false, ...extra };
  return (await tokens.signSession(presentClaims(fresh, session))).token;
}

const appSecretOf = async (userId: string): Promise<string> =>
  (await t.pool.query('select app_secret from users where id = $1', [userId])).rows[0].app_secret;

const noticesTo = (user: TestUser) =>
  t.pool
    .query<{ subject: string; body: string }>(
      'select subject, body from outbox_messages where "to" = $1 and code is null order by created_at',
      [user.username],
    )
    .then((r) => r.rows);

const loginWith = (user: TestUser, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password } });

describe('POST access/reauthenticate', () => {
  it('the current password answers a token of the same session marked re-authenticated', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const token = await tokenFor(t.db, user, 'full');
    const res = await post('/api/access/reauthenticate', token, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(tokenOf(res));
    expect(claims.reauthenticatedAt).toBeGreaterThanOrEqual(nowSeconds() - 2);
    expect(claims).toMatchObject({ sub: user.username, isMfaValidated: true, isCredExpired: false });
    expect(
      await count(t.pool, 'audit_log', "action = 'reauth.success' and actor_user_id = $1", [user.id]),
    ).toBe(1);
  });

  it('a wrong password: 403 reauth_failed, no token, and it counts toward the sign-in lockout', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const token = await tokenFor(t.db, user, 'full');
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/access/reauthenticate', token, { password: 'not-the-password' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ id: 'reauth_failed', message: 'The current password is not correct.' });
      expect(res.headers.authorization).toBeUndefined();
    }
    // Locked now, for the right password too, here and at the sign-in.
    const locked = await post('/api/access/reauthenticate', token, { password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().id).toBe('locked');
    expect((await loginWith(user, PASSWORD)).statusCode).toBe(429);
  });

  it('400 for a body with neither or both proofs; steps before full and impersonation refused', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const token = await tokenFor(t.db, user, 'full');
    for (const payload of [{}, { password: PASSWORD, totp: '123456' }, { password: '' }]) {
      const res = await post('/api/access/reauthenticate', token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().id).toBe('invalid_input');
    }
    for (const step of ['mfa', 'password'] as const) {
      const res = await post('/api/access/reauthenticate', await tokenFor(t.db, user, step), {
        password: PASSWORD,
      });
      expect(res.json().id).toBe('wrong_step');
    }
    const support = await createUser(t.db, await createOrganization(t.db), { role: 'SUPPORT' });
    await t.pool.query('update organizations set support_access = true where id = $1', [org.id]);
    const acting = await tokenFor(t.db, user, 'full', support.username);
    const res = await post('/api/access/reauthenticate', acting, { password: PASSWORD });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST userProfile/updatePassword from a signed-in session', () => {
  it('403 reauth_required without a recent re-authentication: nothing changed, nothing sent', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const stale = await fullTokenWith(user, { reauthenticatedAt: nowSeconds() - REAUTH_SECONDS - 5 });
    for (const token of [await tokenFor(t.db, user, 'full'), stale]) {
      const res = await post('/api/userProfile/updatePassword', token, { password: NEW_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        id: 'reauth_required',
        message: 'Confirm it is you before this change: enter your current password.',
      });
    }
    expect((await loginWith(user, PASSWORD)).statusCode).toBe(200);
    expect(
      await count(t.pool, 'audit_log', "action = 'password.change' and actor_user_id = $1", [user.id]),
    ).toBe(0);
    expect(await noticesTo(user)).toEqual([]);
  });

  it('after re-authenticating: the password changes and the person is told by email, without secrets', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const token = await reauthenticated(t.app, await tokenFor(t.db, user, 'full'), PASSWORD);
    const res = await post('/api/userProfile/updatePassword', token, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await loginWith(user, NEW_PASSWORD)).statusCode).toBe(200);
    const notices = await noticesTo(user);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Your vNOC password was changed');
    expect(notices[0]?.body).toContain(user.username);
    expect(notices[0]?.body).not.toContain(NEW_PASSWORD);
    expect(notices[0]?.body).not.toContain(PASSWORD);
  });

  it('in the password step (reset or expired credential) no re-authentication is asked; the notice is sent', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { credExpired: true });
    const res = await post('/api/userProfile/updatePassword', await tokenFor(t.db, user, 'password'), {
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await noticesTo(user)).map((n) => n.subject)).toEqual(['Your vNOC password was changed']);
  });
});

describe('POST userProfile/unenroll', () => {
  it('403 reauth_required without a recent re-authentication: the factor stays', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { app: true, sms: '+15557773501' });
    const res = await post('/api/userProfile/unenroll', await tokenFor(t.db, user, 'full'), {
      method: 'app',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().id).toBe('reauth_required');
    expect(await count(t.pool, 'users', 'id = $1 and mfa_app and app_secret is not null', [user.id])).toBe(1);
    expect(await noticesTo(user)).toEqual([]);
  });

  it('after re-authenticating: removed, and the notice is in the person’s language (Spanish here)', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { app: true, sms: '+15557773502' });
    await t.pool.query("insert into user_preferences (user_id, name, value) values ($1, 'language', 'es')", [
      user.id,
    ]);
    const token = await reauthenticated(t.app, await tokenFor(t.db, user, 'full'), PASSWORD);
    const res = await post('/api/userProfile/unenroll', token, { method: 'sms' });
    expect(res.statusCode).toBe(200);
    expect(await count(t.pool, 'users', 'id = $1 and not mfa_sms', [user.id])).toBe(1);
    const notices = await noticesTo(user);
    expect(notices.map((n) => n.subject)).toEqual([
      'Se quitó un método de verificación de su cuenta de vNOC',
    ]);
    expect(notices[0]?.body).toContain('mensaje de texto (SMS)');
    expect(notices[0]?.body).not.toContain('3502');
    // The re-authentication is carried by the session for its 5 minutes: a second change needs no new one.
    const again = await post('/api/userProfile/unenroll', tokenOf(res), { method: 'app' });
    expect(again.statusCode).toBe(200);
  });
});

describe('adding a factor beside an existing one', () => {
  it('403 reauth_required without a recent re-authentication: nothing enrolled, nothing sent', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { sms: '+15557773601' });
    const token = await tokenFor(t.db, user, 'full');
    const secret = await qrSecret(token);
    const res = await post('/api/userProfile/mfa/enrollWithApp', token, { totp: generateTotp(secret) });
    expect(res.statusCode).toBe(403);
    expect(res.json().id).toBe('reauth_required');
    expect(await count(t.pool, 'users', 'id = $1 and not mfa_app', [user.id])).toBe(1);
    expect(await noticesTo(user)).toEqual([]);

    await post('/api/userProfile/mfa/sendVoiceEnrollCode', token, { phoneNumber: '+15557773602' });
    const voice = await post('/api/userProfile/mfa/enrollWithVoice', token, {
      totp: await latestCode(t.pool, '+15557773602'),
    });
    expect(voice.statusCode).toBe(403);
    expect(await count(t.pool, 'users', 'id = $1 and not mfa_voice', [user.id])).toBe(1);
  });

  it('after re-authenticating: enrolled, and the person is told', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { sms: '+15557773603' });
    const token = await reauthenticated(t.app, await tokenFor(t.db, user, 'full'), PASSWORD);
    const secret = await qrSecret(token);
    const res = await post('/api/userProfile/mfa/enrollWithApp', token, { totp: generateTotp(secret) });
    expect(res.statusCode).toBe(200);
    expect(await count(t.pool, 'users', 'id = $1 and mfa_app', [user.id])).toBe(1);
    expect((await noticesTo(user)).map((n) => n.subject)).toEqual([
      'New verification method on your vNOC account',
    ]);
  });

  it('a first factor in the sign-in needs none (the password was just proved); the person is told', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const token = await tokenFor(t.db, user, 'mfa');
    const res = await post('/api/userProfile/mfa/enrollWithApp', token, {
      totp: generateTotp(await qrSecret(token)),
    });
    expect(res.statusCode).toBe(200);
    expect(await noticesTo(user)).toHaveLength(1);
  });
});

describe('a person without a vNOC password (single sign-on only)', () => {
  async function ssoOnlyUser() {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { app: true, sms: '+15557773701' });
    await t.pool.query('update users set password_hash = $2 where id = $1', [user.id, NO_PASSWORD]);
    return user;
  }

  it('re-authenticates with an authenticator code; no password opens it', async () => {
    const user = await ssoOnlyUser();
    const token = await tokenFor(t.db, user, 'full');
    const refused = await post('/api/access/reauthenticate', token, { password: NO_PASSWORD });
    expect(refused.json().id).toBe('reauth_failed');
    const wrong = await post('/api/access/reauthenticate', token, { totp: '000000' });
    expect(wrong.json().id).toBe('code_invalid');
    const res = await post('/api/access/reauthenticate', token, {
      totp: generateTotp(await appSecretOf(user.id)),
    });
    expect(res.statusCode).toBe(200);
    const removed = await post('/api/userProfile/unenroll', tokenOf(res), { method: 'sms' });
    expect(removed.statusCode).toBe(200);
  });

  it('a sign-in through the provider within 5 minutes is the proof; an older one is not', async () => {
    const user = await ssoOnlyUser();
    const began = (ago: number) => ({ sessionEnds: nowSeconds() - ago + SESSION_MAX_SECONDS });
    const old = await fullTokenWith(user, began(REAUTH_SECONDS + 5));
    const refused = await post('/api/userProfile/unenroll', old, { method: 'sms' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      id: 'reauth_required',
      message:
        'Confirm it is you before this change: sign in again, or enter a code of your authenticator app.',
    });
    const fresh = await fullTokenWith(user, began(30));
    expect((await post('/api/userProfile/unenroll', fresh, { method: 'sms' })).statusCode).toBe(200);
  });

  it('a recent sign-in is no proof for a person who has a password', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { sms: '+15557773702' });
    const fresh = await fullTokenWith(user, { sessionEnds: nowSeconds() + SESSION_MAX_SECONDS });
    expect((await post('/api/userProfile/unenroll', fresh, { method: 'sms' })).statusCode).toBe(403);
  });
});

/** The secret of the pending authenticator enrolment (from the otpauth link getQRCodePdi answers). */
async function qrSecret(token: string): Promise<string> {
  const res = await post('/api/userProfile/mfa/getQRCodePdi', token, { reenroll: false });
  const secret = new URL(res.json().link).searchParams.get('secret');
  if (!secret) throw new Error(`no secret: ${res.body}`);
  return secret;
}
