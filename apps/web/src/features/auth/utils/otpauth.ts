/**
 * The shared secret of an otpauth:// link (spec part 7: "secret parsed from an otpauth link"), upper-cased
 * base32 without padding, or null when the link has none.
 */
export function parseOtpauthSecret(link: string): string | null {
  if (!/^otpauth:\/\//i.test(link.trim())) return null;
  const query = link.trim().split('?')[1];
  if (!query) return null;
  const secret = new URLSearchParams(query).get('secret');
  if (!secret) return null;
  const cleaned = secret.replace(/[\s=]/g, '').toUpperCase();
  return /^[A-Z2-7]+$/.test(cleaned) ? cleaned : null;
}

/** The secret in groups of four characters, easier to copy by hand into an authenticator app. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}
