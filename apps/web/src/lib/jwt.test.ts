import { describe, expect, it } from 'vitest';
import { decodeClaims } from './jwt.ts';
import { isExpired } from './session.ts';

function token(payload: unknown): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}

const claims = {
  sub: 'admin@acme.example',
  exp: 1_800_000_000,
  iat: 1_799_998_200,
  jti: 'a1',
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
  entitlements: ['diagnostics'],
};

describe('decodeClaims (spec part 3 claims)', () => {
  it('decodes the payload', () => {
    expect(decodeClaims(token(claims))).toEqual(claims);
  });

  it('entitlements default to an empty list', () => {
    const { entitlements: _, ...rest } = claims;
    expect(decodeClaims(token(rest))?.entitlements).toEqual([]);
  });

  it('keeps impersonatedBy', () => {
    expect(decodeClaims(token({ ...claims, impersonatedBy: 'support@vnoc.example' }))?.impersonatedBy).toBe(
      'support@vnoc.example',
    );
  });

  it('decodes base64url payloads with - and _ characters', () => {
    const odd = { ...claims, sub: '>>>???@acme.example' };
    expect(decodeClaims(token(odd))?.sub).toBe('>>>???@acme.example');
  });

  it.each([['not-a-token'], ['a.b.c'], [token({ sub: 'x' })], [''], [token({ ...claims, role: 'GOD' })]])(
    'rejects %s',
    (value) => {
      expect(decodeClaims(value)).toBeNull();
    },
  );

  // The claims' schema is zod/mini's (contracts' claims.ts): each claim's type, integer and list are still checked.
  it.each([
    ['exp as a string', { exp: '1800000000' }],
    ['exp not an integer', { exp: 1_800_000_000.5 }],
    ['iat not an integer', { iat: 1.5 }],
    ['a flag as a string', { isMfaValidated: 'true' }],
    ['a missing flag', { isCredExpired: undefined }],
    ['a number for a phone number', { userSmsNumber: 15_550_100 }],
    ['an unknown entitlement', { entitlements: ['diagnostics', 'root'] }],
    ['entitlements not a list', { entitlements: 'diagnostics' }],
    ['impersonatedBy not a string', { impersonatedBy: 7 }],
    ['sessionEnds as a string', { sessionEnds: '1800000000' }],
  ])('refuses a token with %s', (_case, wrong) => {
    expect(decodeClaims(token({ ...claims, ...wrong }))).toBeNull();
  });

  it.each([
    [1_800_000_000_000 - 1, false],
    [1_800_000_000_000, true],
    [1_800_000_000_001, true],
  ])('isExpired at %i ms → %s', (now, expected) => {
    expect(isExpired({ exp: 1_800_000_000 }, now)).toBe(expected);
  });
});
