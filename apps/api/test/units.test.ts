import { describe, expect, it } from 'vitest';
import { actorOf } from '../src/auth/audit.ts';
import { signInStep } from '../src/auth/sign-in-step.ts';
import {
  createTokenService,
  FULL_SESSION_SECONDS,
  fullSession,
  SESSION_MAX_SECONDS,
} from '../src/auth/tokens.ts';
import { generateTotp, matchTotp, newTotpSecret, totpLink } from '../src/auth/totp.ts';
import { batchesOf } from '../src/fleet/gateway/sql.ts';
import { iso } from '../src/http/iso.ts';
import { createRateLimiter } from '../src/plugins/rate-limit.ts';
import { useTestClock } from './clock.ts';

const clock = useTestClock();

describe('signInStep (brief: the step is decided from the claims)', () => {
  it.each([
    [false, false, false, 'email'],
    [false, true, true, 'email'],
    [true, false, false, 'mfa'],
    [true, false, true, 'mfa'],
    [true, true, true, 'password'],
    [true, true, false, 'full'],
  ] as const)(
    'email %s, mfa %s, expired %s → %s',
    (isEmailValidated, isMfaValidated, isCredExpired, step) => {
      expect(signInStep({ isEmailValidated, isMfaValidated, isCredExpired })).toBe(step);
    },
  );
});

describe('TOTP', () => {
  it('matches the current, previous and next step only', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, generateTotp(secret, now), now)).toBe(step);
    expect(matchTotp(secret, generateTotp(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, generateTotp(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, generateTotp(secret, now - 90_000), now)).toBeNull();
  });

  it('links look like otpauth://totp/vNOC:<username>?…&issuer=vNOC', () => {
    const link = totpLink('JBSWY3DPEHPK3PXP', 'a@b.example');
    expect(link).toMatch(/^otpauth:\/\/totp\/vNOC:a(@|%40)b\.example\?/);
    const url = new URL(link);
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('vNOC');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });
});

describe('tokens', () => {
  it('fullSession: every step proved, no password change due, ends after the longest sign-in', () => {
    expect(fullSession(1_000_000)).toEqual({
      isEmailValidated: true,
      isMfaValidated: true,
      isCredExpired: false,
      sessionEnds: 1000 + SESSION_MAX_SECONDS,
    });
  });
  const tokens = createTokenService('unit-test-secret-unit-test-secret-1234');
  const claims = {
    sub: 'a@b.example',
    isMfaEnrolled: false,
    isMfaAppEnrolled: false,
    isMfaMobileEnrolled: false,
    isMfaVoiceEnrolled: false,
    userSmsNumber: null,
    userVoiceNumber: null,
    isCredExpired: false,
    isMfaValidated: true,
    isEmailValidated: true,
    role: 'USER' as const,
    entitlements: [],
  };

  it('full sessions last 30 minutes, step sessions 15', async () => {
    clock.advance(0); // the clock stands still: the lifetimes are exact
    const full = await tokens.signSession(claims);
    const step = await tokens.signSession({ ...claims, isMfaValidated: false });
    const now = Math.floor(Date.now() / 1000);
    expect(full.exp - now).toBe(30 * 60);
    expect(step.exp - now).toBe(15 * 60);
    expect(await tokens.verifySession(full.token)).toMatchObject({ ...claims, jti: full.jti });
  });

  it('a session that verified is remembered until it expires, never past it; a tampered one never verifies', async () => {
    const full = await tokens.signSession(claims);
    expect(await tokens.verifySession(full.token)).toMatchObject({ jti: full.jti });
    expect(await tokens.verifySession(full.token, full.exp * 1000 - 1)).toMatchObject({ jti: full.jti });
    expect(await tokens.verifySession(full.token, full.exp * 1000)).toBeUndefined();
    const [head, body, signature] = full.token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verifySession(`${head}.${body}.${flipped}`)).toBeUndefined();
  });

  it('an access code is not a session and a session is not an access code', async () => {
    const code = await tokens.signAccessCode('a@b.example', 'support@vnoc.example', 'support-session-jti');
    expect(await tokens.verifySession(code.token)).toBeUndefined();
    const session = await tokens.signSession(claims);
    expect(await tokens.verifyAccessCode(session.token)).toBeUndefined();
    expect(await tokens.verifyAccessCode(code.token)).toMatchObject({
      sub: 'a@b.example',
      impersonatedBy: 'support@vnoc.example',
      impersonatorSession: 'support-session-jti',
    });
  });

  it('an impersonation session never outlives its end, extensions included', async () => {
    clock.advance(0);
    const now = Math.floor(Date.now() / 1000);
    const ends = now + 5 * 60;
    const acting = await tokens.signSession({
      ...claims,
      impersonatedBy: 's@vnoc.example',
      impersonationEnds: ends,
    });
    expect(acting.exp).toBe(ends);
    const own = await tokens.signSession(claims);
    expect(own.exp).toBe(now + FULL_SESSION_SECONDS);
  });
});

describe('createRateLimiter', () => {
  const limited = expect.objectContaining({ statusCode: 429, id: 'rate_limited' });

  it('allows `limit` hits per window, then 429 until the window passes', async () => {
    let now = 0;
    const limiter = createRateLimiter(() => now);
    for (let i = 0; i < 3; i++) await limiter.hit('k', 3, 1000);
    await expect(limiter.hit('k', 3, 1000)).rejects.toEqual(limited);
    await expect(limiter.hit('other', 3, 1000)).resolves.toBeUndefined();
    now = 1000;
    await expect(limiter.hit('k', 3, 1000)).resolves.toBeUndefined();
  });

  it('a clock set back neither ends the window nor holds it open: it ends once its length has run forward', async () => {
    let now = 10 * 60_000;
    const limiter = createRateLimiter(() => now);
    for (let i = 0; i < 3; i++) await limiter.hit('k', 3, 60_000);
    now += 20_000;
    await expect(limiter.hit('k', 3, 60_000)).rejects.toEqual(limited);
    // Set back an hour: the window keeps its 40 s to run.
    now -= 60 * 60_000;
    await expect(limiter.hit('k', 3, 60_000)).rejects.toEqual(limited);
    now += 39_000;
    await expect(limiter.hit('k', 3, 60_000)).rejects.toEqual(limited);
    // 60 s of the window have run (20 s before the step, 40 s after it), not an hour and a minute.
    now += 1_000;
    await expect(limiter.hit('k', 3, 60_000)).resolves.toBeUndefined();
  });

  it('a purge of ended windows keeps a long window that has not ended (each ends on its own length)', async () => {
    let now = 0;
    const limiter = createRateLimiter(() => now);
    for (let i = 0; i < 5; i++) await limiter.hit('long', 5, 15 * 60_000);
    // Enough one-second windows to trigger a purge, a minute later.
    now = 60_000;
    for (let i = 0; i <= 10_001; i++) await limiter.hit(`short-${i}`, 5, 1000);
    await expect(limiter.hit('long', 5, 15 * 60_000)).rejects.toEqual(limited);
  });
});

describe('actorOf (who an audit entry names)', () => {
  const user = { id: 'u1', organizationId: 'o1' } as never;
  const meta = { ip: '203.0.113.9' };
  it('names the person and the support person acting as them', () => {
    expect(actorOf({ user, impersonator: { id: 's1' } as never }, meta)).toEqual({
      user,
      impersonatorId: 's1',
      meta,
    });
  });
  it('names no support person when none acts', () => {
    expect(actorOf({ user, impersonator: undefined }, meta)).toEqual({ user, impersonatorId: null, meta });
  });
});

describe('batchesOf (bulk inserts in bounded statements)', () => {
  it('cuts the items into consecutive slices of at most the size, the last one shorter', () => {
    expect([...batchesOf([1, 2, 3, 4, 5], 2)]).toEqual([[1, 2], [3, 4], [5]]);
    expect([...batchesOf([], 2)]).toEqual([]);
  });
});

describe('iso (timestamps as the API answers them)', () => {
  it.each([
    '2026-11-23 19:01:02.123999+00',
    '2026-11-23 19:01:02.5+00',
    '2026-11-23 19:01:02+00',
    '2026-02-28 23:59:59.999999+00',
    '1999-12-31 00:00:00.000001+00',
    // Not UTC text: through Date.
    '2026-11-23 20:01:02.123+01',
    '2026-11-23T19:01:02.123Z',
  ])('%s reads as Date would read it', (text) => {
    expect(iso(text)).toBe(new Date(text).toISOString());
  });

  it('takes Dates and passes nothing through', () => {
    expect(iso(new Date(Date.UTC(2026, 10, 23, 19, 1, 2, 7)))).toBe('2026-11-23T19:01:02.007Z');
    expect(iso(null)).toBeNull();
    expect(iso(undefined)).toBeNull();
  });
});
