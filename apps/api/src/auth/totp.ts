import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

function totpFor(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: 'vNOC',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** otpauth://totp/vNOC:<username>?issuer=vNOC&secret=… as authenticator apps expect. */
export function totpLink(secret: string, username: string): string {
  return totpFor(secret, username).toString();
}

/** The time step a code matches (±1 step of `now`), or null. Callers refuse steps already used. */
export function matchTotp(secret: string, token: string, now = Date.now()): number | null {
  const delta = totpFor(secret, 'x').validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

export function generateTotp(secret: string, now = Date.now()): string {
  return totpFor(secret, 'x').generate({ timestamp: now });
}
