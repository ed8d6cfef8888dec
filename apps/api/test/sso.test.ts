import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SsoAppListSchema } from '@vnoc/contracts';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createOrganization, createUser } from './factories.ts';
import { claimsOf, count, createTestApp, type TestApp, tokenOf } from './helpers.ts';

/**
 * A tiny identity provider: discovery, JWKS and userinfo over HTTP on 127.0.0.1, so the API verifies tokens
 * exactly as it does against a real one. Tokens are signed here with its key (or another one).
 */
type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let server: Server;
let issuer: string;
let key: KeyPair;
let otherKey: KeyPair;
const kid = 'test-key';
/** userinfo answers, by access token (tokens without an email claim). */
const userinfo = new Map<string, Record<string, unknown>>();

const CLIENT_ID = 'vnoc-console-test';
let t: TestApp;
let ipCounter = 0;
/** Each test signs in from its own address, so one test's failures never lock another out. */
const nextIp = () => `10.77.0.${++ipCounter}`;

beforeAll(async () => {
  key = await generateKeyPair('RS256');
  otherKey = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(key.publicKey)), kid, alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration')
      return send(200, { issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/userinfo` });
    if (req.url === '/jwks') return send(200, { keys: [jwk] });
    if (req.url === '/userinfo') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const info = userinfo.get(token);
      return info ? send(200, info) : send(401, { error: 'invalid_token' });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    SSO_APPS: JSON.stringify([
      { name: 'Billing portal', url: 'https://billing.example', sortOrder: 20 },
      { name: 'Ticketing', url: 'https://tickets.example', sortOrder: 5 },
    ]),
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
});

async function ssoOrganization() {
  const org = await createOrganization(t.db, { ssoIssuer: issuer, ssoClientId: CLIENT_ID });
  const user = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
  return { org, user };
}

type TokenOptions = { claims?: JWTPayload; signWith?: KeyPair; expiresIn?: string | number; iat?: number };

/** An access token as the provider issues it: RS256 JWT for the console, with the person's email. */
function providerToken(email: string | undefined, options: TokenOptions = {}): Promise<string> {
  const jwt = new SignJWT({ ...(email ? { email } : {}), client_id: CLIENT_ID, ...options.claims })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(issuer)
    .setAudience(CLIENT_ID)
    .setSubject(options.claims?.sub ?? email ?? 'someone')
    .setJti(randomUUID())
    .setIssuedAt(options.iat)
    .setExpirationTime(options.expiresIn ?? '1h');
  if (options.claims?.iss) jwt.setIssuer(options.claims.iss);
  if (options.claims?.aud) jwt.setAudience(options.claims.aud);
  return jwt.sign((options.signWith ?? key).privateKey);
}

const exchange = (token: string | undefined, ip = nextIp()) =>
  t.app.inject({
    method: 'GET',
    url: '/api/ps/access/okta',
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const failures = (ip: string) => count(t.pool, 'audit_log', `action = 'sso.failure' and ip = $1`, [ip]);

describe('GET /api/ps/access/okta', () => {
  it("exchanges the provider's access token for a full vNOC token and answers the app list", async () => {
    const { user } = await ssoOrganization();
    const ip = nextIp();
    const res = await exchange(await providerToken(user.username), ip);
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(tokenOf(res));
    expect(claims).toMatchObject({
      sub: user.username,
      isMfaValidated: true,
      isEmailValidated: true,
      isCredExpired: false,
    });
    // Spec part 3: isThisApp and sortOrder; the list is sorted by sortOrder.
    expect(SsoAppListSchema.parse(res.json())).toEqual([
      { name: 'vNOC', url: '/', isThisApp: true, sortOrder: 0 },
      { name: 'Ticketing', url: 'https://tickets.example', isThisApp: false, sortOrder: 5 },
      { name: 'Billing portal', url: 'https://billing.example', isThisApp: false, sortOrder: 20 },
    ]);
    // The new token works for data calls (a full session).
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/userProfile',
      headers: { authorization: `Bearer ${tokenOf(res)}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(await count(t.pool, 'audit_log', `action = 'sso.success' and actor_user_id = $1`, [user.id])).toBe(
      1,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastSignInAt).toBeInstanceOf(Date);
  });

  it('takes the email from the provider’s userinfo when the token has none', async () => {
    const { user } = await ssoOrganization();
    const token = await providerToken(undefined, { claims: { sub: 'okta-00u1' } });
    userinfo.set(token, { sub: 'okta-00u1', email: user.username, email_verified: true });
    const res = await exchange(token);
    expect(res.statusCode).toBe(200);
    expect(claimsOf(tokenOf(res)).sub).toBe(user.username);
  });

  it('opens one session per provider token: the same token again is refused', async () => {
    const { user } = await ssoOrganization();
    const token = await providerToken(user.username);
    expect((await exchange(token)).statusCode).toBe(200);
    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
    expect(again.headers.authorization).toBeUndefined();
  });

  type Case = {
    name: string;
    token: (ctx: Awaited<ReturnType<typeof ssoOrganization>>) => Promise<string | undefined>;
  };
  const refusals: Case[] = [
    { name: 'no token', token: async () => undefined },
    { name: 'not a JWT', token: async () => 'opaque-token-value' },
    {
      name: 'signed by another key',
      token: ({ user }) => providerToken(user.username, { signWith: otherKey }),
    },
    {
      name: 'expired',
      token: ({ user }) =>
        providerToken(user.username, {
          iat: Math.floor(Date.now() / 1000) - 7200,
          expiresIn: Math.floor(Date.now() / 1000) - 3600,
        }),
    },
    {
      name: 'from an issuer no organization uses',
      token: ({ user }) => providerToken(user.username, { claims: { iss: `${issuer}/other` } }),
    },
    {
      name: 'for another audience',
      token: ({ user }) => providerToken(user.username, { claims: { aud: 'another-app' } }),
    },
    {
      name: 'for another client (client_id)',
      token: ({ user }) => providerToken(user.username, { claims: { client_id: 'another-client' } }),
    },
    { name: 'an email no user has', token: ({ org }) => providerToken(`nobody@${org.emailDomains[0]}`) },
    {
      name: 'no email in the token nor in userinfo',
      token: () => providerToken(undefined, { claims: { sub: 'okta-unknown' } }),
    },
    {
      name: 'an unverified email',
      token: ({ user }) => providerToken(user.username, { claims: { email_verified: false } }),
    },
    {
      name: 'a deactivated user',
      token: async ({ user }) => {
        await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, user.id));
        return providerToken(user.username);
      },
    },
    {
      name: 'a user waiting for approval',
      token: async ({ user }) => {
        await t.db.update(users).set({ status: 'pending' }).where(eq(users.id, user.id));
        return providerToken(user.username);
      },
    },
    {
      name: 'a user of an organization without single sign-on',
      token: async () => {
        const plain = await createOrganization(t.db);
        const other = await createUser(t.db, plain);
        return providerToken(other.username);
      },
    },
  ];

  it.each(refusals)('refuses a token: $name (401, nothing granted, failure audited)', async ({ token }) => {
    const setup = await ssoOrganization();
    const ip = nextIp();
    const before = await count(t.pool, 'audit_log', `action = 'sso.success'`);
    const res = await exchange(await token(setup), ip);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ id: 'unauthorized', message: 'An error occurred during authentication.' });
    expect(res.headers.authorization).toBeUndefined();
    expect(await count(t.pool, 'audit_log', `action = 'sso.success'`)).toBe(before);
    expect(await failures(ip)).toBe(1);
  });

  it('locks an address out after 20 failures, like the password sign-in (429, the right token too)', async () => {
    const { user } = await ssoOrganization();
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await exchange('opaque', ip)).statusCode).toBe(401);
    const res = await exchange(await providerToken(user.username), ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers.authorization).toBeUndefined();
  });
});

describe('GET /api/sso/tile', () => {
  const tile = (email: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/sso/tile?email=${encodeURIComponent(email)}`,
      remoteAddress: nextIp(),
    });

  it("answers the organization's name and provider for an address at its domain, whether or not the person exists", async () => {
    const { org } = await ssoOrganization();
    for (const email of [`anyone@${org.emailDomains[0]}`, `ANYONE@${org.emailDomains[0]?.toUpperCase()}`]) {
      const res = await tile(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ tile: { organization: org.name, issuer, clientId: CLIENT_ID } });
    }
  });

  it('answers no tile for an organization without single sign-on, or an unknown domain', async () => {
    const plain = await createOrganization(t.db);
    expect((await tile(`someone@${plain.emailDomains[0]}`)).json()).toEqual({ tile: null });
    expect((await tile('someone@nowhere.example')).json()).toEqual({ tile: null });
  });

  it('refuses an address that is not one (400)', async () => {
    expect((await tile('not-an-email')).statusCode).toBe(400);
  });
});
