import { describe, expect, it } from 'vitest';
import { RegisterRequestSchema } from './auth.ts';
import { passwordProblems } from './password-policy.ts';

describe('password policy: 12 to 128 characters, not a common password, no composition rules', () => {
  it.each([
    ['abcdefghijk', ['minLength']],
    ['correct horse', []],
    ['a'.repeat(128).replace(/^a/, 'b'), []],
    [`b${'a'.repeat(128)}`, ['maxLength']],
    ['password1234', ['notCommon']],
    ['PASSWORD1234', ['notCommon']],
    ['zzzzzzzzzzzzzz', ['notCommon']],
    ['abcabcabcabc', ['notCommon']],
    ['lowercase only fine', []],
    ['ñandú-montaña', []],
  ])('%s → %j', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('😀'.repeat(12))).toEqual(['notCommon']);
    expect(passwordProblems(`${'😀🙂'.repeat(5)}x`)).toEqual(['minLength']);
  });

  it("refuses with the spec's message", () => {
    const result = RegisterRequestSchema.safeParse({
      username: 'a@b.example',
      password: 'short',
      firstName: 'A',
      lastName: 'B',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('Password does not meet requirements.');
  });
});
