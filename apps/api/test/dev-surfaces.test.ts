import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { ConfigError, loadConfig } from '../src/plugins/config.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, claimsOf, createTestApp, type TestApp, tokenOf } from './helpers.ts';

/**
 * The development surfaces (dev outbox, development identity provider, dev simulator) answer only direct
 * requests from this machine: a reverse proxy on the same host connects from loopback too, so forwarding
 * headers or a network HOST refuse them.
 */
let t: TestApp;
let networked: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SSO_DEV_PROVIDER: '1', SIMULATOR: '1' });
  networked = await createTestApp({ HOST: '0.0.0.0', ALLOW_INSECURE_NETWORK: '1', SIMULATOR: '1' });
});

afterAll(async () => {
  await t?.close();
  await networked?.close();
});

const forwarded: Record<string, string>[] = [
  { 'x-forwarded-for': '203.0.113.9' },
  { forwarded: 'for=203.0.113.9;proto=https' },
  { 'x-real-ip': '203.0.113.9' },
  { 'x-forwarded-host': 'vnoc.example' },
];

describe('the dev surfaces’ loopback guard', () => {
  const outbox = (app: TestApp, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    app.app.inject({ method: 'GET', url: '/api/dev/outbox?to=someone@example.com', headers, remoteAddress });

  it('answers a direct request from this machine', async () => {
    expect((await outbox(t)).statusCode).toBe(200);
    expect((await outbox(t, {}, '::1')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' })).statusCode,
    ).toBe(200);
  });

  it.each(forwarded)('refuses a request a proxy forwarded (%o), even from loopback', async (headers) => {
    const res = await outbox(t, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      id: 'forbidden',
      message: 'Development tools answer only direct requests from this machine.',
    });
    const idp = await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration', headers });
    expect(idp.statusCode).toBe(403);
  });

  it('refuses another machine, and every request when the server listens on a network address', async () => {
    expect((await outbox(t, {}, '10.1.2.3')).statusCode).toBe(403);
    expect((await outbox(networked)).statusCode).toBe(403);
  });

  it('guards the dev simulator too (an administrator behind a proxy is refused)', async () => {
    const org = await createOrganization(t.db);
    const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/simulator/outage',
      headers: { ...bearer(await tokenFor(t.db, admin, 'full')), 'x-forwarded-for': '203.0.113.9' },
      payload: { deviceId: '00000000-0000-4000-8000-000000000000', minutes: 5 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('SSO_DEV_PROVIDER', () => {
  const base = {
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
    JWT_SECRET: 'x'.repeat(40),
    DELIVERY: 'outbox',
    DEMO: '1',
    HOST: '0.0.0.0',
    ALLOW_INSECURE_NETWORK: '1',
  };
  it('is a configuration error beside a network HOST', () => {
    expect(() => loadConfig({ ...base, SSO_DEV_PROVIDER: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SSO_DEV_PROVIDER: '1' })).toThrow(/SSO_DEV_PROVIDER: .*loopback/);
  });
  it('is off by default beside a network HOST, on by default in the local demo', () => {
    expect(loadConfig(base).sso.devProvider).toBeUndefined();
    expect(loadConfig({ ...base, HOST: '127.0.0.1' }).sso.devProvider).toBeDefined();
  });
});

describe('the development identity provider', () => {
  const issuer = () => t.config.sso.devProvider?.issuer as string;
  const redirectUri = 'http://127.0.0.1:8080/login/callback';

  /** Cookies of an answer, as a Cookie header. */
  const cookiesOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const pathOf = (location: string) => {
    const url = new URL(location, issuer());
    return `${url.pathname}${url.search}`;
  };

  /** Starts an authorization (PKCE) and answers the login form's address, its cookies and the verifier. */
  async function begin() {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const params = new URLSearchParams({
      client_id: 'vnoc-console',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-1',
    });
    const start = await t.app.inject({ method: 'GET', url: `/idp/auth?${params}` });
    expect(start.statusCode).toBe(303);
    return { form: pathOf(String(start.headers.location)), cookies: cookiesOf(start), verifier };
  }

  const login = (flow: Awaited<ReturnType<typeof begin>>, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: `${flow.form}/login`,
      headers: { cookie: flow.cookies, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
    });

  const demo = DEMO_USERS[0] as (typeof DEMO_USERS)[number];
  let person: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    const org = await createOrganization(t.db, {
      ssoIssuer: t.config.sso.devProvider?.issuer,
      ssoClientId: 'vnoc-console',
    });
    person = await createUser(t.db, org, { username: demo.username, role: 'ADMINISTRATOR' });
  });

  const setPassword = async (password: string) =>
    t.pool.query('update users set password_hash = $1 where id = $2', [
      await hashPassword(password),
      person.id,
    ]);

  it('accepts the person’s current password only: the demo password no longer once they changed it', async () => {
    await setPassword(t.config.demoPassword);
    expect((await login(await begin(), demo.username, t.config.demoPassword)).statusCode).toBe(303);
    await setPassword('a-changed-password-2026!');
    const refused = await login(await begin(), demo.username, t.config.demoPassword);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain('Invalid email address or password.');
    expect((await login(await begin(), demo.username, 'a-changed-password-2026!')).statusCode).toBe(303);
  });

  it('its tokens sign in through the keys it holds in-process (nothing fetched, the guard not loosened)', async () => {
    await setPassword('a-changed-password-2026!');
    const flow = await begin();
    let res = await login(flow, demo.username, 'a-changed-password-2026!');
    let cookies = `${flow.cookies}; ${cookiesOf(res)}`;
    // Follow the provider's redirects to the console's callback with the code.
    for (let i = 0; i < 5 && !String(res.headers.location).startsWith(redirectUri); i++) {
      res = await t.app.inject({
        method: 'GET',
        url: pathOf(String(res.headers.location)),
        headers: { cookie: cookies },
      });
      cookies = `${cookies}; ${cookiesOf(res)}`;
    }
    const code = new URL(String(res.headers.location)).searchParams.get('code');
    expect(code).toBeTruthy();
    const token = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code as string,
        redirect_uri: redirectUri,
        client_id: 'vnoc-console',
        code_verifier: flow.verifier,
        resource: 'urn:vnoc:console',
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    const exchange = await t.app.inject({
      method: 'GET',
      url: '/api/ps/access/okta',
      headers: bearer(token.json().access_token),
    });
    expect(exchange.statusCode).toBe(200);
    expect(claimsOf(tokenOf(exchange)).sub).toBe(demo.username);
  });
});
