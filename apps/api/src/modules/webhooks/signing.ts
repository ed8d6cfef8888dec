/**
 * Signatures as the Standard Webhooks specification says (https://www.standardwebhooks.com): the secret is
 * `whsec_` and base64 of random bytes; a message is signed as `${id}.${timestamp}.${body}` with HMAC-SHA256 under
 * the decoded secret, and the `webhook-signature` header lists `v1,<base64>` once per secret that signs — two
 * while a rotated-out secret still overlaps with the new one.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret (24 random bytes, as the specification's libraries make them). */
export const newSecret = (): string => `${PREFIX}${randomBytes(24).toString('base64')}`;

function signature(secret: string, content: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
}

/** The three headers of a signed message; `secrets` newest first. */
export function signedHeaders(
  secrets: readonly string[],
  message: { id: string; at: Date; body: string },
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = String(Math.floor(message.at.getTime() / 1000));
  const content = `${message.id}.${timestamp}.${message.body}`;
  return {
    'webhook-id': message.id,
    'webhook-timestamp': timestamp,
    'webhook-signature': secrets.map((s) => signature(s, content)).join(' '),
  };
}
