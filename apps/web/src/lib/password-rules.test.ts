import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN, passwordAcceptable, passwordRuleStates } from './password-rules.ts';

const met = (password: string, confirmation: string) =>
  Object.fromEntries(passwordRuleStates(password, confirmation).map(({ rule, met }) => [rule, met]));

describe('passwordRuleStates — policy: 12 to 128 characters, not a common password, and matching its confirmation', () => {
  it('uses the shared limits', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([12, 128]);
  });

  it.each([
    {
      name: 'empty: nothing met',
      password: '',
      confirmation: '',
      expected: { minLength: false, maxLength: false, notCommon: false, matches: false },
    },
    {
      name: '11 characters',
      password: 'a9f!k2m$q7z',
      confirmation: '',
      expected: { minLength: false, maxLength: true, notCommon: true, matches: false },
    },
    {
      name: '12 characters, confirmed',
      password: 'a9f!k2m$q7zx',
      confirmation: 'a9f!k2m$q7zx',
      expected: { minLength: true, maxLength: true, notCommon: true, matches: true },
    },
    {
      name: 'confirmation differs',
      password: 'a9f!k2m$q7zx',
      confirmation: 'a9f!k2m$q7zy',
      expected: { minLength: true, maxLength: true, notCommon: true, matches: false },
    },
    {
      name: '128 characters',
      password: `${'ab3$'.repeat(31)}xyzw`,
      confirmation: `${'ab3$'.repeat(31)}xyzw`,
      expected: { minLength: true, maxLength: true, notCommon: true, matches: true },
    },
    {
      name: '129 characters',
      password: `${'k7#q'.repeat(32)}z`,
      confirmation: '',
      expected: { minLength: true, maxLength: false, notCommon: true, matches: false },
    },
    {
      name: 'common password',
      password: 'password1234',
      confirmation: 'password1234',
      expected: { minLength: true, maxLength: true, notCommon: false, matches: true },
    },
    {
      name: 'common, any case',
      password: 'PassWord1234',
      confirmation: '',
      expected: { minLength: true, maxLength: true, notCommon: false, matches: false },
    },
    {
      name: 'one repeated character',
      password: 'aaaaaaaaaaaaaa',
      confirmation: '',
      expected: { minLength: true, maxLength: true, notCommon: false, matches: false },
    },
    {
      name: 'the demo password',
      password: 'vnoc-demo-2026!',
      confirmation: 'vnoc-demo-2026!',
      expected: { minLength: true, maxLength: true, notCommon: true, matches: true },
    },
  ])('$name', ({ password, confirmation, expected }) => {
    expect(met(password, confirmation)).toEqual(expected);
    expect(passwordAcceptable(password, confirmation)).toBe(Object.values(expected).every(Boolean));
  });

  it('lists the rules in the order the helper shows them', () => {
    expect(passwordRuleStates('x', 'x').map((state) => state.rule)).toEqual([
      'minLength',
      'maxLength',
      'notCommon',
      'matches',
    ]);
  });
});
