import { ClaimsSchema } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { presentClaims } from '../src/auth/session-user.ts';
import { FULL_SESSION_SECONDS } from '../src/auth/tokens.ts';
import { purgeExpired } from '../src/modules/accounts/service-security.ts';
import { SESSION_CACHE_MS } from '../src/plugins/auth.ts';
import { useTestClock } from './clock.ts';
import { createOrganization, createUser, PASSWORD, testTokens, tokenFor } from './factories.ts';
import { BURST_POOL, bearer, claimsOf, count, tokenOf, useTestApp } from './helpers.ts';

const t = useTestApp(BURST_POOL);
const clock = useTestClock();

const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

describe('POST /api/login', () => {
  it('answers {ok} with a token in the step the user is in, exposed to the browser', async () => {
    const org = await createOrganization(t.db, { entitlements: ['diagnostics', 'analytics'] });
    const user = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const res = await login(user.username.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['access-control-expose-headers']).toBe('Authorization');
    const claims = claimsOf(tokenOf(res));
    expect(ClaimsSchema.parse(claims)).toMatchObject({
      sub: user.username,
      isMfaEnrolled: false,
      isMfaAppEnrolled: false,
      isMfaMobileEnrolled: false,
      isMfaVoiceEnrolled: false,
      userSmsNumber: null,
      userVoiceNumber: null,
      isCredExpired: false,
      isMfaValidated: false,
      isEmailValidated: true,
      role: 'ADMINISTRATOR',
      entitlements: ['diagnostics', 'analytics'],
    });
    expect(claims.impersonatedBy).toBeUndefined();
    // A step token lives 15 minutes.
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    expect(typeof claims.jti).toBe('string');
    expect(
      await count(t.pool, 'audit_log', "action = 'login.success' and actor_user_id = $1", [user.id]),
    ).toBe(1);
  });

  it('carries enrolment flags and numbers in the claims', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { app: true, sms: '+15550001111', credExpired: true });
    const claims = claimsOf(tokenOf(await login(user.username, PASSWORD)));
    expect(claims).toMatchObject({
      isMfaEnrolled: true,
      isMfaAppEnrolled: true,
      isMfaMobileEnrolled: true,
      isMfaVoiceEnrolled: false,
      userSmsNumber: '+15550001111',
      userVoiceNumber: null,
      isCredExpired: true,
    });
  });

  it('gives an unvalidated email a token in the email step', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { emailValidated: false });
    expect(claimsOf(tokenOf(await login(user.username, PASSWORD))).isEmailValidated).toBe(false);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const wrong = await login(user.username, 'not-the-password-1', '10.0.0.2');
    const unknown = await login('nobody@nowhere.example', 'not-the-password-1', '10.0.0.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        id: 'invalid_credentials',
        message: 'Invalid login.  Please check your credentials.',
      });
      expect(res.headers.authorization).toBeUndefined();
    }
    // Each refusal is audited once, under the name it was tried with (other tests' failures do not count).
    for (const name of [user.username, 'nobody@nowhere.example'])
      expect(await count(t.pool, 'audit_log', "action = 'login.failure' and target = $1", [name]), name).toBe(
        1,
      );
  });

  it.each([
    [{}, 'username'],
    [{ username: 'not-an-email', password: 'x' }, 'username'],
    [{ username: 'a@b.example' }, 'password'],
    [{ username: 'a@b.example', password: '' }, 'password'],
  ])('400 invalid_input for %j, nothing written', async (payload, path) => {
    const before = await count(t.pool, 'login_failures');
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.id).toBe('invalid_input');
    expect(body.errors[0].path).toBe(path);
    expect(body.message).toBe(body.errors[0].message);
    expect(await count(t.pool, 'login_failures')).toBe(before);
  });

  it('400 on malformed JSON without a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('invalid_input');
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('locks the account after 5 failures, even for the right password, for 15 minutes', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    for (let i = 0; i < 5; i++) {
      // Different addresses: the lock is per account, not only per address.
      expect((await login(user.username, 'wrong-password-123', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const locked = await login(user.username, PASSWORD, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().id).toBe('locked');
    expect(locked.headers.authorization).toBeUndefined();
    expect(
      await count(t.pool, 'audit_log', "action = 'login.lockout' and actor_user_id = $1", [user.id]),
    ).toBe(1);
    // Once the failures are older than 15 minutes, the right password works again.
    await t.pool.query("update login_failures set at = now() - interval '16 minutes' where key = $1", [
      `login:${user.username}`,
    ]);
    expect((await login(user.username, PASSWORD, '10.1.1.1')).statusCode).toBe(200);
  });

  it('counts a burst of 1 000 parallel wrong passwords atomically: exactly 5 are tried, the rest are locked out', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        login(user.username, `wrong-password-${i}`, `10.2.${i >> 8}.${i & 255}`),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(995);
    expect(
      await count(t.pool, 'audit_log', "action = 'login.failure' and actor_user_id = $1", [user.id]),
    ).toBe(5);
    expect(
      await count(t.pool, 'audit_log', "action = 'login.lockout' and actor_user_id = $1", [user.id]),
    ).toBe(1);
    expect((await login(user.username, PASSWORD, '10.2.9.1')).statusCode).toBe(429);
  });

  it('a right password takes back its attempt: it does not count toward the address limit', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    for (let i = 0; i < 3; i++)
      expect((await login(user.username, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    expect(await count(t.pool, 'login_failures', 'key = $1', ['login-ip:10.3.0.1'])).toBe(0);
  });

  it('locks a client address after many failures across accounts', async () => {
    for (let i = 0; i < 20; i++) await login(`ghost${i}@nowhere.example`, 'wrong-password-123', '10.9.9.9');
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    expect((await login(user.username, PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(user.username, PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('tokens on protected calls', () => {
  it('401 unauthorized without, with a bad, or with an expired token', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const good = await tokenFor(t.db, user, 'full');
    const tampered = `${good.slice(0, -3)}abc`;
    // Validly signed for the same person, issued a full session's life and a second ago: only its age is wrong.
    const expired = await clock.past((FULL_SESSION_SECONDS + 1) * 1000, () => tokenFor(t.db, user, 'full'));
    expect(Number(claimsOf(expired).exp) * 1000).toBeLessThan(Date.now());
    for (const headers of [
      {},
      bearer('garbage'),
      bearer(tampered),
      { authorization: good },
      bearer(expired),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/userProfile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().id).toBe('unauthorized');
    }
    const ok = await t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(good) });
    expect(ok.statusCode).toBe(200);
  });

  it('a sign-in lasts at most 12 hours however often it is renewed (issue 11)', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const signedIn = await login(user.username, PASSWORD);
    const claims = claimsOf(tokenOf(signedIn));
    expect(Number(claims.sessionEnds) - Number(claims.iat)).toBe(12 * 60 * 60);
    // A session 10 minutes from its end renews only up to it, and carries the end on.
    const nearEnd = await testTokens.signSession(
      presentClaims(user, {
        isMfaValidated: true,
        isCredExpired: false,
        sessionEnds: Math.floor(Date.now() / 1000) + 600,
      }),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/access/newJWT',
      headers: bearer(nearEnd.token),
    });
    expect(res.statusCode).toBe(200);
    const renewed = claimsOf(tokenOf(res));
    expect(renewed.sessionEnds).toBe(claimsOf(nearEnd.token).sessionEnds);
    expect(Number(renewed.exp)).toBeLessThanOrEqual(Number(renewed.sessionEnds));
    expect(Number(renewed.exp) - Number(renewed.iat)).toBeLessThanOrEqual(600);
  });

  it('GET access/newJWT gives a fresh 30-minute token with the same flags (full only)', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { app: true });
    const token = await tokenFor(t.db, user, 'full');
    const res = await t.app.inject({ method: 'GET', url: '/api/access/newJWT', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const fresh = claimsOf(tokenOf(res));
    expect(fresh.jti).not.toBe(claimsOf(token).jti);
    expect(Number(fresh.exp) - Number(fresh.iat)).toBe(30 * 60);
    expect(fresh).toMatchObject({
      isMfaValidated: true,
      isEmailValidated: true,
      isCredExpired: false,
      isMfaAppEnrolled: true,
    });
    const mfa = await tokenFor(t.db, user, 'mfa');
    const wrong = await t.app.inject({ method: 'GET', url: '/api/access/newJWT', headers: bearer(mfa) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().id).toBe('wrong_step');
  });

  it('GET access/newJWT retires the renewed token 30 s later; the new one carries the session on', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const old = await tokenFor(t.db, user, 'full');
    const profile = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(token) });
    const before = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/access/newJWT', headers: bearer(old) });
    expect(res.statusCode).toBe(200);
    const renewed = tokenOf(res);
    const { rows } = await t.pool.query<{ effective_at: Date; renewed_to: string }>(
      'select effective_at, renewed_to from revoked_tokens where jti = $1',
      [claimsOf(old).jti],
    );
    expect(rows[0]?.renewed_to).toBe(claimsOf(renewed).jti);
    const grace = (rows[0]?.effective_at.getTime() ?? 0) - before;
    expect(grace).toBeGreaterThan(28_000);
    expect(grace).toBeLessThan(32_000);
    // Within the grace, requests already sent with the old token still pass.
    expect((await profile(old)).statusCode).toBe(200);
    // Once it is over, the old token is refused; the renewed one is not.
    await t.pool.query(
      "update revoked_tokens set effective_at = now() - interval '1 second' where jti = $1",
      [claimsOf(old).jti],
    );
    clock.advance(SESSION_CACHE_MS);
    expect((await profile(old)).statusCode).toBe(401);
    expect((await profile(renewed)).statusCode).toBe(200);
    // Signing out with a token renewed moments ago ends it at once.
    const another = await tokenFor(t.db, user, 'full');
    const next = tokenOf(
      await t.app.inject({ method: 'GET', url: '/api/access/newJWT', headers: bearer(another) }),
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/access/logout', headers: bearer(another) }))
        .statusCode,
    ).toBe(200);
    expect((await profile(another)).statusCode).toBe(401);
    expect((await profile(next)).statusCode).toBe(200);
  });

  it('POST access/logout revokes the token (any step)', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const token = await tokenFor(t.db, user, 'mfa');
    const res = await t.app.inject({ method: 'POST', url: '/api/access/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await count(t.pool, 'revoked_tokens', 'jti = $1', [claimsOf(token).jti])).toBe(1);
    expect(await count(t.pool, 'audit_log', "action = 'logout' and actor_user_id = $1", [user.id])).toBe(1);
    const again = await t.app.inject({ method: 'POST', url: '/api/access/logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/access/logout' })).statusCode).toBe(401);
  });

  it.each(['email', 'mfa', 'password'] as const)(
    'a %s-step token gets 401 wrong_step on full-only calls',
    async (step) => {
      const org = await createOrganization(t.db);
      const user = await createUser(t.db, org);
      const token = await tokenFor(t.db, user, step);
      for (const [method, url, payload] of [
        ['GET', '/api/userProfile', undefined],
        ['POST', '/api/userProfile/updateContact', { firstName: 'A', lastName: 'B' }],
        ['POST', '/api/userProfile/updateUserPreferences', [{ name: 'theme', value: 'dark' }]],
        ['POST', '/api/userProfile/unenroll', { method: 'app' }],
        ['POST', '/api/userProfile/registered-mobile/send-code', undefined],
      ] as const) {
        const res = await t.app.inject({ method, url, payload, headers: bearer(token) });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().id, url).toBe('wrong_step');
      }
    },
  );
});

describe('housekeeping', () => {
  it('purgeExpired drops revocations expired over an hour and failures older than the daily lockout window', async () => {
    // Kept an hour past their expiry: an impersonation follows the support person's session through them.
    await t.pool.query(
      "insert into revoked_tokens (jti, expires_at) values ('old-jti', now() - interval '62 minutes'), ('live-jti', now() - interval '1 minute')",
    );
    await t.pool.query(
      "insert into login_failures (key, at) values ('login:old@x.example', now() - interval '25 hours'), ('login:new@x.example', now() - interval '20 minutes')",
    );
    await purgeExpired(t.db);
    expect(await count(t.pool, 'revoked_tokens', "jti in ('old-jti', 'live-jti')")).toBe(1);
    expect(
      await count(t.pool, 'login_failures', "key in ('login:old@x.example', 'login:new@x.example')"),
    ).toBe(1);
  });
});
