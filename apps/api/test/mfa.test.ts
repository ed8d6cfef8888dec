import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSeedBox } from '../src/auth/seed-box.ts';
import { generateTotp } from '../src/auth/totp.ts';
import { sealPlaintextSeeds } from '../src/modules/accounts/repository.ts';
import { useTestClock } from './clock.ts';
import { createOrganization, createUser, PASSWORD, tokenFor } from './factories.ts';
import {
  BURST_POOL,
  bearer,
  claimsOf,
  count,
  latestCode,
  reauthenticated,
  TEST_JWT_SECRET,
  tokenOf,
  useTestApp,
  wrongTotp,
} from './helpers.ts';

const t = useTestApp(BURST_POOL);
const clock = useTestClock();

const post = (url: string, token: string, payload?: InjectOptions['payload']) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function newUser(options: Parameters<typeof createUser>[2] = {}) {
  const org = await createOrganization(t.db);
  return createUser(t.db, org, options);
}

const seeds = createSeedBox(TEST_JWT_SECRET);
/** The stored seed as it is in the database (sealed since issue 11). */
async function storedSecretOf(userId: string): Promise<string> {
  const { rows } = await t.pool.query('select app_secret from users where id = $1', [userId]);
  return rows[0].app_secret;
}
async function appSecretOf(userId: string): Promise<string> {
  return seeds.open(userId, await storedSecretOf(userId)) ?? 'does not open';
}

describe('authenticator app enrolment', () => {
  it('getQRCodePdi gives an otpauth link and a PNG; enrollWithApp with its TOTP enrols and validates MFA', async () => {
    const user = await newUser();
    const token = await tokenFor(t.db, user, 'mfa');
    const qr = await post('/api/userProfile/mfa/getQRCodePdi', token, { reenroll: false });
    expect(qr.statusCode).toBe(200);
    const { link, qrCode } = qr.json();
    expect(link).toMatch(/^otpauth:\/\/totp\/vNOC:/);
    expect(link).toContain('issuer=vNOC');
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const secret = new URL(link).searchParams.get('secret') ?? '';
    // reenroll=false keeps the pending secret, so a reload shows the same QR code.
    const again = await post('/api/userProfile/mfa/getQRCodePdi', token, { reenroll: false });
    expect(new URL(again.json().link).searchParams.get('secret')).toBe(secret);

    const wrong = await post('/api/userProfile/mfa/enrollWithApp', token, {
      totp: wrongTotp(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().id).toBe('code_invalid');

    const res = await post('/api/userProfile/mfa/enrollWithApp', token, { totp: generateTotp(secret) });
    expect(res.statusCode).toBe(200);
    expect(claimsOf(tokenOf(res))).toMatchObject({
      isMfaEnrolled: true,
      isMfaAppEnrolled: true,
      isMfaValidated: true,
    });
    expect(await appSecretOf(user.id)).toBe(secret);
    // Encrypted at rest (issue 11): the column never holds the seed itself.
    expect(await storedSecretOf(user.id)).toMatch(/^v1\./);
    expect(await storedSecretOf(user.id)).not.toContain(secret);
    expect(await count(t.pool, 'users', 'id = $1 and app_secret_pending is null', [user.id])).toBe(1);
    expect(await count(t.pool, 'audit_log', "action = 'mfa.enrol' and actor_user_id = $1", [user.id])).toBe(
      1,
    );
  });

  it('in the mfa step, enrolment is refused once a factor exists (401 wrong_step)', async () => {
    const user = await newUser({ sms: '+15550002222' });
    const token = await tokenFor(t.db, user, 'mfa');
    for (const [url, payload] of [
      ['/api/userProfile/mfa/getQRCodePdi', { reenroll: false }],
      ['/api/userProfile/mfa/enrollWithApp', { totp: '123456' }],
      ['/api/userProfile/mfa/sendSMSEnrollCode', { phoneNumber: '+15550009999' }],
      ['/api/userProfile/mfa/sendVoiceEnrollCode', { phoneNumber: '+15550009999' }],
      ['/api/userProfile/mfa/enrollWithSMS', { totp: '123456' }],
      ['/api/userProfile/mfa/enrollWithVoice', { totp: '123456' }],
    ] as const) {
      const res = await post(url, token, payload);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().id, url).toBe('wrong_step');
    }
    expect(await count(t.pool, 'outbox_messages', '"to" = $1', ['+15550009999'])).toBe(0);
  });

  it('in a full session, another factor can be added', async () => {
    const user = await newUser({ sms: '+15550003333' });
    const token = await tokenFor(t.db, user, 'full');
    const qr = await post('/api/userProfile/mfa/getQRCodePdi', token, { reenroll: true });
    expect(qr.statusCode).toBe(200);
  });

  it('email-step and unauthenticated callers are refused', async () => {
    const user = await newUser({ emailValidated: false });
    const token = await tokenFor(t.db, user, 'email');
    expect((await post('/api/userProfile/mfa/getQRCodePdi', token, { reenroll: false })).json().id).toBe(
      'wrong_step',
    );
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/mfa/getQRCodePdi',
      payload: {},
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().id).toBe('unauthorized');
  });

  it('400 invalid_input for bad bodies, nothing written', async () => {
    const user = await newUser();
    const token = await tokenFor(t.db, user, 'mfa');
    const sent = await count(t.pool, 'outbox_messages');
    for (const [url, payload] of [
      ['/api/userProfile/mfa/getQRCodePdi', { reenroll: 'yes' }],
      ['/api/userProfile/mfa/enrollWithApp', { totp: '12345' }],
      ['/api/userProfile/mfa/sendSMSEnrollCode', { phoneNumber: '555-1234' }],
      ['/api/userProfile/mfa/sendVoiceEnrollCode', { phoneNumber: '+0123' }],
      ['/api/userProfile/mfa/enrollWithSMS', {}],
    ] as const) {
      const res = await post(url, token, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().id, url).toBe('invalid_input');
    }
    expect(await count(t.pool, 'users', 'id = $1 and app_secret_pending is null', [user.id])).toBe(1);
    // Nothing was sent either (each test file has a database of its own; this test sends nothing valid).
    expect(await count(t.pool, 'outbox_messages')).toBe(sent);
  });
});

describe.each([
  ['sms', 'SMS', 'isMfaMobileEnrolled', 'userSmsNumber'],
  ['voice', 'Voice', 'isMfaVoiceEnrolled', 'userVoiceNumber'],
] as const)('%s enrolment', (channel, name, flag, numberClaim) => {
  it(`send${name}EnrollCode sends a code by ${channel}; enrollWith${name} enrols the number`, async () => {
    const user = await newUser();
    const token = await tokenFor(t.db, user, 'mfa');
    const phone = channel === 'sms' ? '+15551230001' : '+15551230002';
    expect(
      (await post(`/api/userProfile/mfa/send${name}EnrollCode`, token, { phoneNumber: phone })).statusCode,
    ).toBe(200);
    const { rows } = await t.pool.query('select channel from outbox_messages where "to" = $1', [phone]);
    expect(rows).toEqual([{ channel }]);
    const code = await latestCode(t.pool, phone);
    const res = await post(`/api/userProfile/mfa/enrollWith${name}`, token, { totp: code });
    expect(res.statusCode).toBe(200);
    expect(claimsOf(tokenOf(res))).toMatchObject({
      isMfaEnrolled: true,
      [flag]: true,
      [numberClaim]: phone,
      isMfaValidated: true,
    });
  });
});

describe('no codes to premium-rate or shared-cost numbers (toll fraud)', () => {
  it.each<['SMS' | 'Voice', string, string]>([
    ['SMS', '+19005550123', 'US 900'],
    ['Voice', '+449098790123', 'UK 09'],
    ['SMS', '+448712345678', 'UK 087'],
    ['Voice', '+34902123456', 'Spain 902'],
  ])('send%sEnrollCode to %s (%s) → 400 costly_number, nothing sent or stored', async (name, phone) => {
    const user = await newUser();
    const token = await tokenFor(t.db, user, 'mfa');
    const res = await post(`/api/userProfile/mfa/send${name}EnrollCode`, token, { phoneNumber: phone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      id: 'costly_number',
      message: 'Codes are not sent to premium-rate or shared-cost numbers. Use a mobile or landline number.',
    });
    expect(await count(t.pool, 'outbox_messages', '"to" = $1', [phone])).toBe(0);
    expect(await count(t.pool, 'verification_codes', 'destination = $1', [phone])).toBe(0);
  });

  it.each([
    ['+14155552671', 'a US number'],
    ['+34612345678', 'a Spanish mobile'],
    ['+18005551234', 'a toll-free number (free to the caller)'],
    ['+15550009999', 'a number the plans do not know'],
  ])('%s (%s) gets its code', async (phone) => {
    const user = await newUser();
    const token = await tokenFor(t.db, user, 'mfa');
    expect(
      (await post('/api/userProfile/mfa/sendSMSEnrollCode', token, { phoneNumber: phone })).statusCode,
    ).toBe(200);
  });
});

describe('POST access/validateTOTP', () => {
  it('accepts the app TOTP once; the same code again is a replay (400 code_invalid)', async () => {
    const user = await newUser({ app: true });
    const secret = await appSecretOf(user.id);
    const token = await tokenFor(t.db, user, 'mfa');
    const code = generateTotp(secret);
    const res = await post('/api/access/validateTOTP', token, { totp: code });
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(tokenOf(res));
    expect(claims).toMatchObject({ isMfaValidated: true, isCredExpired: false });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(30 * 60);

    const replay = await post('/api/access/validateTOTP', await tokenFor(t.db, user, 'mfa'), { totp: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ id: 'code_invalid', message: 'Code is not valid. Please try again.' });
  });

  it('accepts the previous and next 30-second step, not two steps away', async () => {
    // The clock stands still, so the server checks each code at the very instant it was made for.
    clock.advance(0);
    const codeAt = async (offsetMs: number) => {
      const user = await newUser({ app: true });
      const totp = generateTotp(await appSecretOf(user.id), Date.now() + offsetMs);
      return (await post('/api/access/validateTOTP', await tokenFor(t.db, user, 'mfa'), { totp })).statusCode;
    };
    expect(await codeAt(-60_000)).toBe(400);
    expect(await codeAt(60_000)).toBe(400);
    expect(await codeAt(-30_000)).toBe(200);
    expect(await codeAt(30_000)).toBe(200);
  });

  it('keeps an expired credential expired, so the next step is the password', async () => {
    const user = await newUser({ app: true, credExpired: true });
    const token = await tokenFor(t.db, user, 'mfa');
    const res = await post('/api/access/validateTOTP', token, {
      totp: generateTotp(await appSecretOf(user.id)),
    });
    expect(claimsOf(tokenOf(res))).toMatchObject({ isMfaValidated: true, isCredExpired: true });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/userProfile',
      headers: bearer(tokenOf(res)),
    });
    expect(profile.json().id).toBe('wrong_step');
  });

  it('sendTOTP sends an SMS code that validateTOTP accepts once', async () => {
    const user = await newUser({ sms: '+15554440000' });
    const token = await tokenFor(t.db, user, 'mfa');
    expect((await post('/api/access/sendTOTP', token, { method: 'sms' })).statusCode).toBe(200);
    const code = await latestCode(t.pool, '+15554440000');
    expect((await post('/api/access/validateTOTP', token, { totp: code })).statusCode).toBe(200);
    expect((await post('/api/access/validateTOTP', token, { totp: code })).statusCode).toBe(400);
  });

  it('sendTOTP with a method that is not enrolled → 400 invalid_input; bad method → 400', async () => {
    const user = await newUser({ sms: '+15554441111' });
    const token = await tokenFor(t.db, user, 'mfa');
    const res = await post('/api/access/sendTOTP', token, { method: 'voice' });
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('invalid_input');
    expect((await post('/api/access/sendTOTP', token, { method: 'pigeon' })).json().id).toBe('invalid_input');
    expect(await count(t.pool, 'outbox_messages', '"to" = $1', ['+15554441111'])).toBe(0);
  });

  it('without an enrolled factor, or outside the mfa step → 401 wrong_step', async () => {
    const bare = await newUser();
    const res = await post('/api/access/validateTOTP', await tokenFor(t.db, bare, 'mfa'), { totp: '123456' });
    expect(res.json().id).toBe('wrong_step');
    const enrolled = await newUser({ app: true });
    const full = await post('/api/access/validateTOTP', await tokenFor(t.db, enrolled, 'full'), {
      totp: '123456',
    });
    expect(full.json().id).toBe('wrong_step');
    expect(
      (await post('/api/access/sendTOTP', await tokenFor(t.db, enrolled, 'email'), { method: 'sms' })).json()
        .id,
    ).toBe('wrong_step');
  });

  it('5 wrong codes lock MFA validation (429 locked), even for a right code', async () => {
    const user = await newUser({ app: true });
    const secret = await appSecretOf(user.id);
    const token = await tokenFor(t.db, user, 'mfa');
    const right = generateTotp(secret);
    for (let i = 0; i < 5; i++)
      expect((await post('/api/access/validateTOTP', token, { totp: wrongTotp(secret) })).statusCode).toBe(
        400,
      );
    const res = await post('/api/access/validateTOTP', token, { totp: right });
    expect(res.statusCode).toBe(429);
    expect(res.json().id).toBe('locked');
  });

  it('counts a burst of 1 000 parallel wrong codes atomically: 5 are tried, the rest are locked out', async () => {
    const user = await newUser({ app: true });
    const wrong = wrongTotp(await appSecretOf(user.id));
    const token = await tokenFor(t.db, user, 'mfa');
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, () => post('/api/access/validateTOTP', token, { totp: wrong })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(995);
  });
});

describe('authenticator seeds at rest (issue 11)', () => {
  it('seals seeds stored in plaintext before, and they still validate', async () => {
    const user = await newUser({ app: true });
    const plain = await storedSecretOf(user.id);
    expect(plain).not.toMatch(/^v1\./);
    expect(await sealPlaintextSeeds(t.db, seeds)).toBeGreaterThanOrEqual(1);
    expect(await storedSecretOf(user.id)).toMatch(/^v1\./);
    expect(await appSecretOf(user.id)).toBe(plain);
    expect(await sealPlaintextSeeds(t.db, seeds)).toBe(0);
    const res = await post('/api/access/validateTOTP', await tokenFor(t.db, user, 'mfa'), {
      totp: generateTotp(plain),
    });
    expect(res.statusCode).toBe(200);
  });

  it("a sealed seed copied into another person's row does not open: their codes are refused", async () => {
    const owner = await newUser({ app: true });
    await sealPlaintextSeeds(t.db, seeds);
    const thief = await newUser({ app: true });
    await t.pool.query(
      'update users set app_secret = (select app_secret from users where id = $1) where id = $2',
      [owner.id, thief.id],
    );
    const res = await post('/api/access/validateTOTP', await tokenFor(t.db, thief, 'mfa'), {
      totp: generateTotp(await appSecretOf(owner.id)),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().id).toBe('code_invalid');
  });
});

describe('POST userProfile/unenroll', () => {
  it('removes the method and answers a token with the flags updated (after re-authenticating, issue 34)', async () => {
    const user = await newUser({ app: true, sms: '+15556660000' });
    const token = await reauthenticated(t.app, await tokenFor(t.db, user, 'full'), PASSWORD);
    const res = await post('/api/userProfile/unenroll', token, { method: 'sms' });
    expect(res.statusCode).toBe(200);
    expect(claimsOf(tokenOf(res))).toMatchObject({
      isMfaEnrolled: true,
      isMfaAppEnrolled: true,
      isMfaMobileEnrolled: false,
      userSmsNumber: null,
    });
    expect(await count(t.pool, 'users', 'id = $1 and not mfa_sms and sms_number is null', [user.id])).toBe(1);
    expect(await count(t.pool, 'audit_log', "action = 'mfa.unenrol' and actor_user_id = $1", [user.id])).toBe(
      1,
    );
    const bad = await post('/api/userProfile/unenroll', token, { method: 'fax' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().id).toBe('invalid_input');
  });
});
