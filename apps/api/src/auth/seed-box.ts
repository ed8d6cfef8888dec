import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Authenticator (TOTP) seeds at rest (issue 11): AES-256-GCM, bound to the person's id. */
export type SeedBox = {
  /** The stored form of `seed` for the user: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
  seal(userId: string, seed: string): string;
  /**
   * The seed from its stored form; a value stored before encryption (no `v1.` prefix) as it is; null when
   * it does not open (tampered, another person's, another key).
   */
  open(userId: string, stored: string): string | null;
};

const PREFIX = 'v1.';

/** Whether a stored seed is still plaintext (written before seeds were encrypted). */
export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/**
 * The box for a server secret: its key is derived from `secret` (JWT_SECRET, or the one generated into
 * DATA_DIR) with HKDF, so no further secret needs configuring; a seed moved to another person's row does
 * not open (the user id is authenticated data).
 */
export function createSeedBox(secret: string): SeedBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'vnoc', 'totp-seeds', 32));
  return {
    seal(userId, seed) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(seed, 'utf8'), cipher.final()]);
      return PREFIX + [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(userId, stored) {
      if (!isSealed(stored)) return stored;
      const [iv, tag, body] = stored
        .slice(PREFIX.length)
        .split('.')
        .map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(userId));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        // Tampered, another person's, or sealed with another key.
        return null;
      }
    },
  };
}
