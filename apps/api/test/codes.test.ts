import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { generateTotp } from '../src/auth/totp.ts';
import { createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, count, latestCode, useTestApp, wrongCode } from './helpers.ts';

const t = useTestApp();

const post = (url: string, token: string, payload?: InjectOptions['payload']) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function emailStepUser() {
  const org = await createOrganization(t.db);
  const user = await createUser(t.db, org, { emailValidated: false });
  const token = await tokenFor(t.db, user, 'email');
  await post('/api/userProfile/registered-email/send-code', token);
  return { user, token, code: await latestCode(t.pool, user.username) };
}

const verifyEmail = (token: string, code: string) =>
  post('/api/userProfile/registered-email/verify-code', token, { code });

describe('verification codes', () => {
  it('are 6 digits, stored hashed, valid 10 minutes', async () => {
    const { user, code } = await emailStepUser();
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await t.pool.query(
      'select code_hash, extract(epoch from expires_at - created_at) as ttl from verification_codes where user_id = $1',
      [user.id],
    );
    expect(rows[0].code_hash).not.toContain(code);
    expect(Number(rows[0].ttl)).toBeCloseTo(600, 0);
  });

  it('an expired code is refused', async () => {
    const { user, token, code } = await emailStepUser();
    await t.pool.query(
      "update verification_codes set expires_at = now() - interval '1 second' where user_id = $1",
      [user.id],
    );
    const res = await verifyEmail(token, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('code_invalid');
    expect(await count(t.pool, 'users', 'id = $1 and email_validated', [user.id])).toBe(0);
  });

  it('a used code is refused', async () => {
    const { token, code } = await emailStepUser();
    expect((await verifyEmail(token, code)).statusCode).toBe(200);
    expect((await verifyEmail(token, code)).json().id).toBe('code_invalid');
  });

  it('5 wrong tries invalidate the code and lock code checks of its purpose, even the right code', async () => {
    const { user, token, code } = await emailStepUser();
    for (let i = 0; i < 5; i++)
      expect((await verifyEmail(token, wrongCode(code))).json().id).toBe('code_invalid');
    const res = await verifyEmail(token, code);
    expect(res.statusCode).toBe(429);
    expect(res.json().id).toBe('locked');
    expect(await count(t.pool, 'users', 'id = $1 and email_validated', [user.id])).toBe(0);
  });

  it('a fresh code does not reset the tries: send + 5 guesses in a loop is locked out (issue 11)', async () => {
    const { user, token, code } = await emailStepUser();
    for (let i = 0; i < 4; i++) await verifyEmail(token, wrongCode(code));
    // The attacker asks for a new code and goes on guessing.
    expect((await post('/api/userProfile/registered-email/send-code', token)).statusCode).toBe(200);
    const fresh = await latestCode(t.pool, user.username);
    expect((await verifyEmail(token, wrongCode(fresh))).json().id).toBe('code_invalid');
    const res = await verifyEmail(token, fresh);
    expect(res.statusCode).toBe(429);
    expect(res.json().id).toBe('locked');
    // Once the failures are older than the lockout window, the account's codes work again.
    await t.pool.query("update login_failures set at = now() - interval '16 minutes' where key = $1", [
      `code:email-validation:${user.id}`,
    ]);
    expect((await verifyEmail(token, fresh)).statusCode).toBe(200);
  });

  it('a right code takes back its try: it does not count toward the lockout', async () => {
    const { user, token, code } = await emailStepUser();
    expect((await verifyEmail(token, code)).statusCode).toBe(200);
    expect(await count(t.pool, 'login_failures', 'key like $1', [`code:%${user.id}%`])).toBe(0);
  });

  it('throttles sending: 5 codes per account within 15 minutes, then 429 with nothing sent', async () => {
    const { user, token } = await emailStepUser();
    for (let i = 0; i < 4; i++) {
      expect((await post('/api/userProfile/registered-email/send-code', token)).statusCode).toBe(200);
    }
    const before = await count(t.pool, 'verification_codes', 'user_id = $1', [user.id]);
    const res = await post('/api/userProfile/registered-email/send-code', token);
    expect(res.statusCode).toBe(429);
    expect(res.json().id).toBe('rate_limited');
    expect(await count(t.pool, 'verification_codes', 'user_id = $1', [user.id])).toBe(before);
  });

  it('throttles sending per destination: one number gets 5 codes within 15 minutes, whoever asks', async () => {
    const org = await createOrganization(t.db);
    const number = '+15557771234';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const user = await createUser(t.db, org, { sms: number });
      const token = await tokenFor(t.db, user, 'full');
      statuses.push((await post('/api/userProfile/registered-mobile/send-code', token)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('throttles sending per client address: 30 send-code calls within 15 minutes, then 429', async () => {
    const org = await createOrganization(t.db);
    const statuses: number[] = [];
    for (let u = 0; u < 7; u++) {
      const user = await createUser(t.db, org, { emailValidated: false });
      const token = await tokenFor(t.db, user, 'email');
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/userProfile/registered-email/send-code',
          headers: bearer(token),
          remoteAddress: '10.9.9.9',
        });
        statuses.push(res.statusCode);
      }
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });

  it('4 wrong tries still leave the right code usable', async () => {
    const { token, code } = await emailStepUser();
    for (let i = 0; i < 4; i++) await verifyEmail(token, wrongCode(code));
    expect((await verifyEmail(token, code)).statusCode).toBe(200);
  });

  it('a code of one purpose does not work for another', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { sms: '+15557770000' });
    const token = await tokenFor(t.db, user, 'full');
    await post('/api/userProfile/registered-mobile/send-code', token);
    const code = await latestCode(t.pool, '+15557770000');
    expect((await verifyEmail(token, code)).json().id).toBe('code_invalid');
  });
});

describe('code lockouts per purpose, with a daily cap (issue 34)', () => {
  const reset = (username: string, ip: string) =>
    t.app.inject({ method: 'PUT', url: `/api/access/pwreset/${username}`, remoteAddress: ip });
  const verifyReset = (username: string, code: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/access/verifyEmailCode',
      payload: { username, code },
      remoteAddress: ip,
    });

  it('failed reset codes, which anyone can send, lock neither MFA codes nor the reset from elsewhere', async () => {
    const org = await createOrganization(t.db);
    const number = '+15557773401';
    const user = await createUser(t.db, org, { sms: number });
    // Someone else asks for reset codes and fails them until locked out.
    await reset(user.username, '10.34.0.1');
    const guessed = await latestCode(t.pool, user.username);
    for (let i = 0; i < 5; i++) {
      const res = await verifyReset(user.username, wrongCode(guessed), '10.34.0.1');
      expect(res.json().id).toBe('code_invalid');
    }
    await reset(user.username, '10.34.0.1');
    const locked = await verifyReset(user.username, await latestCode(t.pool, user.username), '10.34.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().id).toBe('locked');

    // The person signs in with an SMS code meanwhile: another purpose, its own count.
    const mfa = await tokenFor(t.db, user, 'mfa');
    expect((await post('/api/access/sendTOTP', mfa, { method: 'sms' })).statusCode).toBe(200);
    const validated = await post('/api/access/validateTOTP', mfa, { totp: await latestCode(t.pool, number) });
    expect(validated.statusCode).toBe(200);

    // And resets their password from their own address.
    await reset(user.username, '10.34.0.2');
    const own = await verifyReset(user.username, await latestCode(t.pool, user.username), '10.34.0.2');
    expect(own.statusCode).toBe(200);
  });

  it('after 3 lockouts within a day, code checks stay locked past the 15-minute window', async () => {
    const { user, token, code } = await emailStepUser();
    const key = `code:email-validation:${user.id}`;
    // Three lockouts' worth of failures earlier today, each window long over.
    await t.pool.query(
      "insert into login_failures (key, at) select $1, now() - interval '3 hours' from generate_series(1, 15)",
      [key],
    );
    const res = await verifyEmail(token, code);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      id: 'locked_day',
      message: 'Too many failed attempts today. Try again in 24 hours.',
    });
    expect(await count(t.pool, 'users', 'id = $1 and email_validated', [user.id])).toBe(0);
    // A day later the failures age out and the right code works.
    await t.pool.query("update login_failures set at = now() - interval '25 hours' where key = $1", [key]);
    expect((await verifyEmail(token, code)).statusCode).toBe(200);
  });

  it('two lockouts within a day still leave the right code usable once their windows are over', async () => {
    const { user, token, code } = await emailStepUser();
    await t.pool.query(
      "insert into login_failures (key, at) select $1, now() - interval '3 hours' from generate_series(1, 10)",
      [`code:email-validation:${user.id}`],
    );
    expect((await verifyEmail(token, code)).statusCode).toBe(200);
  });

  it('the authenticator code has the same daily cap', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { app: true });
    const { rows } = await t.pool.query('select app_secret from users where id = $1', [user.id]);
    await t.pool.query(
      "insert into login_failures (key, at) select $1, now() - interval '3 hours' from generate_series(1, 15)",
      [`totp:${user.id}`],
    );
    const mfa = await tokenFor(t.db, user, 'mfa');
    const res = await post('/api/access/validateTOTP', mfa, { totp: generateTotp(rows[0].app_secret) });
    expect(res.statusCode).toBe(429);
    expect(res.json().id).toBe('locked_day');
  });
});

describe('registered-mobile send-code / verify-code', () => {
  it('alt=false: sends to the enrolled SMS number and verifies', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { sms: '+15557771111' });
    const token = await tokenFor(t.db, user, 'full');
    expect((await post('/api/userProfile/registered-mobile/send-code?alt=false', token)).json()).toEqual({
      ok: true,
    });
    const code = await latestCode(t.pool, '+15557771111');
    expect((await post('/api/userProfile/registered-mobile/verify-code', token, { code })).json()).toEqual({
      ok: true,
    });
    expect((await post('/api/userProfile/registered-mobile/verify-code', token, { code })).json().id).toBe(
      'code_invalid',
    );
  });

  it('alt=true: sends to the contact mobile and marks it verified', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { contact: { mobileNumber: '+15557772222' } });
    const token = await tokenFor(t.db, user, 'full');
    expect((await post('/api/userProfile/registered-mobile/send-code?alt=true', token)).statusCode).toBe(200);
    const code = await latestCode(t.pool, '+15557772222');
    expect(
      (await post('/api/userProfile/registered-mobile/verify-code?alt=true', token, { code })).statusCode,
    ).toBe(200);
    expect(await count(t.pool, 'contacts', 'user_id = $1 and mobile_verified', [user.id])).toBe(1);
    const profile = () =>
      t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(token) }).then((r) => r.json());
    expect((await profile()).contact).toMatchObject({ mobileVerified: true, emailVerified: false });
    // A changed number must be proved again; the profile says so.
    await post('/api/userProfile/updateContact', token, {
      firstName: 'A',
      lastName: 'B',
      mobileNumber: '+15557773333',
    });
    expect((await profile()).contact.mobileVerified).toBe(false);
  });

  it('registered-email alt=true: proves the contact email and the profile shows it verified', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { contact: { emailAddress: 'alt-proof@example.com' } });
    const token = await tokenFor(t.db, user, 'full');
    expect((await post('/api/userProfile/registered-email/send-code?alt=true', token)).statusCode).toBe(200);
    const code = await latestCode(t.pool, 'alt-proof@example.com');
    expect(
      (await post('/api/userProfile/registered-email/verify-code?alt=true', token, { code })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(token) });
    expect(res.json().contact).toMatchObject({ emailAddress: 'alt-proof@example.com', emailVerified: true });
  });

  it('400 invalid_input when no number is on file, nothing sent', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const token = await tokenFor(t.db, user, 'full');
    const before = await count(t.pool, 'outbox_messages');
    for (const alt of ['false', 'true']) {
      const res = await post(`/api/userProfile/registered-mobile/send-code?alt=${alt}`, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().id).toBe('invalid_input');
    }
    expect(await count(t.pool, 'outbox_messages')).toBe(before);
    const bad = await post('/api/userProfile/registered-mobile/verify-code', token, { code: 'abc' });
    expect(bad.json().id).toBe('invalid_input');
  });
});
