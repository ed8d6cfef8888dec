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

  it.each([
    [1_800_000_000_000 - 1, false],
    [1_800_000_000_000, true],
    [1_800_000_000_001, true],
  ])('isExpired at %i ms → %s', (now, expected) => {
    expect(isExpired({ exp: 1_800_000_000 }, now)).toBe(expected);
  });
});
