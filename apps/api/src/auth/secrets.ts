import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Random secrets shown once and stored hashed: a device's secret (fleet/edge/credentials.ts) and an API key's
// (issue 38). 256 random bits need no slow hash, and both are checked on every connection or request.

/** 43 characters of base64url (256 random bits). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** The stored form of a secret: its SHA-256, in hex. */
export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/** Whether `secret` is the one `storedHash` was made from (in constant time). */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
