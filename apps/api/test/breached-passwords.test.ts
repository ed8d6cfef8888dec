import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from '../src/auth/breached-passwords.ts';
import { createOrganization, createUser, PASSWORD, tokenFor } from './factories.ts';
import { bearer, expectPasswordPolicyRefusal, reauthenticated, useTestApp } from './helpers.ts';

describe('common passwords (issue 11)', () => {
  it('the list has at least 10 000 entries', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it.each([
    ['1qaz2wsx3edc', true],
    ['qwertyuiop123', true],
    ['Football2024!', true],
    ['dragon123456', true],
    ['!!Sunshine!!2025', true],
    ['monkeymonkey', true],
    ['abcabcabcabc', true],
    ['zzzzzzzzzzzz', true],
    ['correct-horse-battery-9', false],
    ['a-brand-new-passphrase-42', false],
    ['vnoc-demo-2026!', false],
    ['tortuga verde de mar', false],
  ])('%s → %s', (password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });
});

const t = useTestApp();

describe('choosing a common password is refused everywhere a password is set', () => {
  it('updatePassword answers the policy refusal and changes nothing', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const before = (await t.pool.query('select password_hash from users where id = $1', [user.id])).rows[0];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/updatePassword',
      // Re-authenticated (issue 34), so the refusal is the policy's.
      headers: bearer(await reauthenticated(t.app, await tokenFor(t.db, user, 'full'), PASSWORD)),
      payload: { password: 'Password2024!!' },
    });
    expectPasswordPolicyRefusal(res);
    const after = (await t.pool.query('select password_hash from users where id = $1', [user.id])).rows[0];
    expect(after).toEqual(before);
  });
});
