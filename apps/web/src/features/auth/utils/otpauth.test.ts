import { describe, expect, it } from 'vitest';
import { groupSecret, parseOtpauthSecret } from './otpauth.ts';

describe('parseOtpauthSecret — spec part 7: "secret parsed from an otpauth link"', () => {
  it.each([
    {
      link: 'otpauth://totp/vNOC:admin%40acme.example?secret=JBSWY3DPEHPK3PXP&issuer=vNOC',
      expected: 'JBSWY3DPEHPK3PXP',
    },
    {
      link: 'otpauth://totp/vNOC:a@b.example?issuer=vNOC&secret=jbswy3dpehpk3pxp',
      expected: 'JBSWY3DPEHPK3PXP',
    },
    { link: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP%3D%3D%3D%3D', expected: 'JBSWY3DPEHPK3PXP' },
    { link: '  OTPAUTH://totp/x?secret=GEZDGNBV&algorithm=SHA1  ', expected: 'GEZDGNBV' },
    { link: 'otpauth://totp/vNOC:a@b.example?issuer=vNOC', expected: null },
    { link: 'otpauth://totp/vNOC:a@b.example', expected: null },
    { link: 'otpauth://totp/x?secret=not-base32!', expected: null },
    { link: 'https://example.com/?secret=JBSWY3DPEHPK3PXP', expected: null },
    { link: '', expected: null },
  ])('$link → $expected', ({ link, expected }) => {
    expect(parseOtpauthSecret(link)).toBe(expected);
  });
});

describe('groupSecret', () => {
  it.each([
    { secret: 'JBSWY3DPEHPK3PXP', expected: 'JBSW Y3DP EHPK 3PXP' },
    { secret: 'GEZDGNBVGY', expected: 'GEZD GNBV GY' },
    { secret: '', expected: '' },
  ])('$secret → "$expected"', ({ secret, expected }) => {
    expect(groupSecret(secret)).toBe(expected);
  });
});
