import { hash, verify } from '@node-rs/argon2';
import { passwordProblems } from '@vnoc/contracts';
import { Errors } from '../errors.ts';
import { isCommonPassword } from './breached-passwords.ts';

// @node-rs/argon2 defaults to argon2id (m=19 MiB, t=2, p=1), the OWASP baseline.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * The hash of a password a person chooses (registration, invitation, change, reset): refused with the
 * spec's 'Password does not meet requirements.' when it breaks the shared rules or is a common password.
 */
export function hashNewPassword(password: string): Promise<string> {
  if (passwordProblems(password).length > 0 || isCommonPassword(password)) throw Errors.passwordPolicy();
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no hash (unknown user) it verifies against a dummy so timing stays similar. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    dummyHash ??= hash('vnoc-dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
