import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { e2eServers } from './servers.ts';

export const DEMO_PASSWORD = 'vnoc-demo-2026!';

/** The TOTP for a secret, `offsetSteps` 30-second steps from now (the server accepts ±1 step, each code once). */
export function totpFor(secret: string, offsetSteps = 0): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/**
 * An enrolment code that leaves the coming steps unused for the sign-ins a test makes after: the previous
 * step's, unless the step is about to turn. The server accepts one step either side of its own, so a
 * previous-step code made in a step's last moments is two steps old once the step turns before the check (seen
 * under CI's load); then the current step's code, still within a step when checked, without waiting.
 */
export function enrolmentCode(secret: string): string {
  const leftInStep = 30_000 - (Date.now() % 30_000);
  return totpFor(secret, leftInStep < 8_000 ? 0 : -1);
}

/** Waits for the newest dev-outbox message to an address created after `since`, and returns its code. */
export async function outboxCode(request: APIRequestContext, to: string, since: number): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as { code: string | null; createdAt: string }[];
        code = messages.find((m) => m.code && Date.parse(m.createdAt) >= since - 1000)?.code ?? null;
        return code;
      },
      { message: `a code in the dev outbox for ${to}` },
    )
    .not.toBeNull();
  return code as unknown as string;
}

function bearer(response: { headers(): Record<string, string> }): string {
  const header = response.headers().authorization ?? '';
  expect(header, 'token in the Authorization header').toMatch(/^Bearer /);
  return header.slice('Bearer '.length);
}

/** Signs a demo user in through the API and returns the step token (password proven, MFA not yet). */
export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await request.post('/api/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return bearer(response);
}

/** Enrols an authenticator app for a user through the API; returns its secret and a full session token. */
export async function apiEnrollApp(
  request: APIRequestContext,
  username: string,
): Promise<{ secret: string; token: string }> {
  const stepToken = await apiLogin(request, username);
  const headers = { Authorization: `Bearer ${stepToken}` };
  const qr = await request.post('/api/userProfile/mfa/getQRCodePdi', { headers, data: { reenroll: false } });
  expect(qr.status(), await qr.text()).toBe(200);
  const { link } = (await qr.json()) as { link: string };
  const secret = new URL(link).searchParams.get('secret') ?? '';
  const enrolled = await request.post('/api/userProfile/mfa/enrollWithApp', {
    headers,
    data: { totp: enrolmentCode(secret) },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  return { secret, token: bearer(enrolled) };
}

const sessions = new Map<string, Promise<string>>();
/** The authenticator secret of each user `signedInAs` enrolled in this worker, for a sign-in through the screens. */
const secrets = new Map<string, string>();

/** The authenticator secret of a user `signedInAs` enrolled in this worker (call it after `signedInAs`). */
export function enrolledSecret(username: string): string {
  const secret = secrets.get(username);
  expect(secret, `${username} was enrolled by signedInAs in this worker`).toBeTruthy();
  return secret as string;
}
/**
 * The authenticator secrets `signedInAs` enrolled on the current test's server, kept in the server's data
 * directory (made anew with each server): a flow retried after a failure runs in a new worker, which must sign in
 * a person its predecessor enrolled rather than enrol them again (the server refuses a second enrolment).
 */
function enrolmentsFile(): string | undefined {
  const baseURL = test.info().project.use.baseURL;
  const port = baseURL ? Number(new URL(baseURL).port) : Number.NaN;
  const server = e2eServers.find((s) => s.port === port);
  return server && join(server.dataDir, 'e2e-enrolments.jsonl');
}

function enrolledOnServer(username: string): { secret: string } | undefined {
  const file = enrolmentsFile();
  if (!file || !existsSync(file)) return;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { username: string; secret: string })
    .find((entry) => entry.username === username);
}

function recordEnrolment(username: string, secret: string): void {
  const file = enrolmentsFile();
  if (file) appendFileSync(file, `${JSON.stringify({ username, secret })}\n`);
}

/**
 * Signs in an enrolled person through the API with their authenticator: the password, then a code. The server
 * takes each code once and one step either side of its own: the current step's code, else the next step's (the
 * current one used by another sign-in), else the previous one's.
 */
async function apiSignIn(request: APIRequestContext, username: string, secret: string): Promise<string> {
  const stepToken = await apiLogin(request, username);
  let last = '';
  for (const offset of [0, 1, -1]) {
    const response = await request.post('/api/access/validateTOTP', {
      headers: { Authorization: `Bearer ${stepToken}` },
      data: { totp: totpFor(secret, offset) },
    });
    if (response.ok()) return bearer(response);
    last = `${response.status()} ${await response.text()}`;
  }
  throw new Error(`${username} could not sign in with their authenticator: ${last}`);
}

/** A token older than this is renewed before a test is given it. */
const RENEW_AFTER_S = 180;
const issuedAt = (token: string): number =>
  Number(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).iat ?? 0);

/**
 * A full session for a demo user: enrolled once per worker (a user enrols once per server), then kept
 * young by renewing it through the API once it is 3 minutes old. A page renews its token itself once it
 * is 5 minutes old, and the server retires a renewed token 30 s later: a young token keeps that from
 * happening to a token the next test still uses.
 */
export function signedInAs(request: APIRequestContext, username: string): Promise<string> {
  const cached = sessions.get(username);
  const next = (async () => {
    if (!cached) {
      const enrolled = enrolledOnServer(username);
      if (enrolled) {
        secrets.set(username, enrolled.secret);
        return apiSignIn(request, username, enrolled.secret);
      }
      const { secret, token } = await apiEnrollApp(request, username);
      secrets.set(username, secret);
      recordEnrolment(username, secret);
      return token;
    }
    const token = await cached;
    if (Date.now() / 1000 - issuedAt(token) < RENEW_AFTER_S) return token;
    const renewed = await request.get('/api/access/newJWT', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(renewed.status(), await renewed.text()).toBe(200);
    return bearer(renewed);
  })();
  sessions.set(username, next);
  return next;
}

/**
 * Starts the page signed in with a token, as the app would have stored it: the token and the person's profile.
 * With the profile stored, the person's saved language and theme apply from the first draw and the profile's
 * refresh brings nothing new; without it, a saved language arriving with the refresh could undo the one a test
 * had just chosen (every test that chooses a language after `useToken` raced it).
 */
export async function useToken(page: Page, token: string): Promise<void> {
  const profile = await page.request.get('/api/userProfile', {
    headers: { Authorization: `Bearer ${token}` },
  });
  // A token still on a sign-in step (MFA to enrol or prove) has no profile to read yet: the app stores none either.
  const stepToken = profile.status() === 401 && (await profile.json()).id === 'wrong_step';
  if (!stepToken) expect(profile.status(), await profile.text()).toBe(200);
  const user = stepToken ? null : await profile.text();
  await page.addInitScript(
    ({ jwt, user }) => {
      if (!window.sessionStorage.getItem('e2e-token-set')) {
        window.localStorage.setItem('jwt', jwt);
        if (user !== null) window.localStorage.setItem('user', user);
        window.sessionStorage.setItem('e2e-token-set', '1');
      }
    },
    { jwt: token, user },
  );
}

/** axe's serious and critical violations on the page as it is now, one line each (none is the goal). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Picks a language from the header's menu. The menu can close again right after it opens while the signed-in
 * layout settles (seen in CI on a dashboard that just loaded): opening and choosing are retried together, so a
 * flow never waits out its timeout on a closed menu.
 */
export async function chooseLanguage(page: Page, language: 'English' | 'Español'): Promise<void> {
  const item = page.getByRole('menuitem', { name: language });
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId('language-switch').click();
    await item.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
