/**
 * Signing a demo person in through the API as a person does (password, then an authenticator app's code), for the
 * benches that drive a running server: the first sign-in enrols the app, later ones prove its codes.
 */
import * as OTPAuth from 'otpauth';

export const DEMO_PASSWORD = 'vnoc-demo-2026!';

/**
 * TOTP codes of one secret, each 30-s step used once and in order (the server accepts ±1 step, each step once and
 * only after the last it accepted). The current step or the next, never the last one: a code of the step before
 * expires within 30 s, and on a loaded machine a sign-in through the screens can take longer to reach its code
 * (bench:web's sign-in failed so, "Code is not valid", with six other processes running beside it).
 */
export function codeSource(secret: string): () => Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  const used = new Set<number>();
  return async () => {
    for (;;) {
      const now = Math.floor(Date.now() / 30_000);
      const step = [now, now + 1].find((s) => !used.has(s) && s > Math.max(-1, ...used));
      if (step !== undefined) {
        used.add(step);
        return totp.generate({ timestamp: step * 30_000 + 1_000 });
      }
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
    }
  };
}

/**
 * Enrols an authenticator app for a user through the API (as a person does on first sign-in); answers the
 * source of that app's next codes.
 */
export async function enrollApp(
  address: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<() => Promise<string>> {
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200) throw new Error(`login of ${username}: ${login.status} ${await login.text()}`);
  const headers = {
    'content-type': 'application/json',
    authorization: login.headers.get('authorization') ?? '',
  };
  const qr = await fetch(`${address}/api/userProfile/mfa/getQRCodePdi`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ reenroll: false }),
  });
  const { link } = (await qr.json()) as { link: string };
  const nextCode = codeSource(new URL(link).searchParams.get('secret') ?? '');
  const enrolled = await fetch(`${address}/api/userProfile/mfa/enrollWithApp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ totp: await nextCode() }),
  });
  if (enrolled.status !== 200) throw new Error(`enrolment of ${username}: ${enrolled.status}`);
  return nextCode;
}

/** A signed-in token of an enrolled user (password, then a code), for Lighthouse's signed-in runs. */
export async function tokenOf(address: string, username: string, code: string): Promise<string> {
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const verified = await fetch(`${address}/api/access/validateTOTP`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: login.headers.get('authorization') ?? '' },
    body: JSON.stringify({ totp: code }),
  });
  if (verified.status !== 200)
    throw new Error(`MFA of ${username}: ${verified.status} ${await verified.text()}`);
  return (verified.headers.get('authorization') ?? '').replace(/^Bearer /, '');
}
