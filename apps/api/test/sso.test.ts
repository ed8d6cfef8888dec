import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SsoAppListSchema } from '@vnoc/contracts';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../src/db/schema.ts';
import { vetSavedIssuers } from '../src/modules/sso/vetting.ts';
import { createOutbound } from '../src/net/outbound.ts';
import { createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, claimsOf, count, createTestApp, type TestApp, tokenOf } from './helpers.ts';

/**
 * A tiny identity provider: discovery, JWKS and userinfo over HTTP on 127.0.0.1, so the API verifies tokens
 * exactly as it does against a real one. Tokens are signed here with its key (or another one). The app's
 * outbound guard vouches for this one server (by port); everything else on 127.0.0.1 stays refused.
 */
type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let server: Server;
let issuer: string;
let key: KeyPair;
let otherKey: KeyPair;
const kid = 'test-key';
/** userinfo answers, by access token (tokens without an email claim). */
const userinfo = new Map<string, Record<string, unknown>>();
/** Paths the provider was asked for (JWKS reads included). */
const providerHits: string[] = [];

/**
 * An attacker's target on 127.0.0.1 that the guard must refuse: it would answer a perfectly good discovery
 * document and key set, so only the guard stops the API from using it. Counts every request reaching it.
 */
let target: Server;
let targetUrl: string;
const targetHits: string[] = [];

const CLIENT_ID = 'vnoc-console-test';
let t: TestApp;
let ipCounter = 0;
/** Each test signs in from its own address, so one test's failures never lock another out. */
const nextIp = () => `10.77.0.${++ipCounter}`;

const listen = async (s: Server) => {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
};

beforeAll(async () => {
  key = await generateKeyPair('RS256');
  otherKey = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(key.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const discovery = (iss: string, extra: Record<string, unknown> = {}) => ({
    issuer: iss,
    jwks_uri: `${issuer}/jwks`,
    userinfo_endpoint: `${issuer}/userinfo`,
    ...extra,
  });
  target = createServer((req, res) => {
    targetHits.push(req.url ?? '');
    if (req.url?.endsWith('/.well-known/openid-configuration'))
      return send(res, 200, { issuer: targetUrl, jwks_uri: `${targetUrl}/jwks` });
    if (req.url === '/jwks') return send(res, 200, { keys: [jwk] });
    send(res, 200, { sub: 'anyone', email: 'anyone@example.com', email_verified: true });
  });
  targetUrl = `http://127.0.0.1:${await listen(target)}`;
  server = createServer((req, res) => {
    const url = req.url ?? '';
    providerHits.push(url);
    const well = '/.well-known/openid-configuration';
    if (url === well) return send(res, 200, discovery(issuer));
    // Its issuer is written without the slash; an administrator may type it with one.
    if (url === `/slash${well}`) return send(res, 200, discovery(`${issuer}/slash`));
    if (url === `/named-slash${well}`) return send(res, 200, discovery(`${issuer}/named-slash/`));
    if (url === `/other${well}`) return send(res, 200, discovery(`${issuer}/someone-else`));
    if (url === `/evil-jwks${well}`)
      return send(res, 200, discovery(`${issuer}/evil-jwks`, { jwks_uri: `${targetUrl}/jwks` }));
    if (url === `/evil-userinfo${well}`)
      return send(res, 200, discovery(`${issuer}/evil-userinfo`, { userinfo_endpoint: `${targetUrl}/me` }));
    if (url === `/redirect${well}`) {
      res.writeHead(302, { location: `${targetUrl}${well}` });
      return res.end();
    }
    if (url.startsWith('/jwks')) return send(res, 200, { keys: [jwk] });
    if (url === '/userinfo') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const info = userinfo.get(token);
      return info ? send(res, 200, info) : send(res, 401, { error: 'invalid_token' });
    }
    send(res, 404, {});
  });
  const port = await listen(server);
  issuer = `http://127.0.0.1:${port}`;
  t = await createTestApp(
    {
      SSO_APPS: JSON.stringify([
        { name: 'Billing portal', url: 'https://billing.example', sortOrder: 20 },
        { name: 'Ticketing', url: 'https://tickets.example', sortOrder: 5 },
      ]),
    },
    {
      outbound: createOutbound({
        allowHttp: true,
        permit: ({ address, port: p }) => address === '127.0.0.1' && p === port,
      }),
    },
  );
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => target.close(resolve));
});

let jwksCounter = 0;
/** An organization as an administrator's save leaves it: the issuer and its vetted endpoints. */
async function ssoOrganization(overrides: Partial<typeof organizations.$inferInsert> = {}) {
  const org = await createOrganization(t.db, {
    ssoIssuer: issuer,
    ssoClientId: CLIENT_ID,
    // Each organization's own key-set address: a cold cache, whose reads the tests can count.
    ssoJwksUri: `${issuer}/jwks?org=${++jwksCounter}`,
    ssoUserinfoEndpoint: `${issuer}/userinfo`,
    ...overrides,
  });
  const user = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
  return { org, user };
}

type TokenOptions = {
  claims?: JWTPayload;
  signWith?: KeyPair;
  expiresIn?: string | number;
  iat?: number;
  /** email_verified, when there is an email (default true; undefined leaves the claim out). */
  verified?: boolean | undefined;
};

/** An access token as the provider issues it: RS256 JWT for the console, with the person's email. */
function providerToken(email: string | undefined, options: TokenOptions = {}): Promise<string> {
  const verified = 'verified' in options ? options.verified : true;
  const emailClaims = email ? { email, ...(verified === undefined ? {} : { email_verified: verified }) } : {};
  const jwt = new SignJWT({ ...emailClaims, client_id: CLIENT_ID, ...options.claims })
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
      token: ({ user }) => providerToken(user.username, { verified: false }),
    },
    {
      name: 'an email without email_verified (not a yes)',
      token: ({ user }) => providerToken(user.username, { verified: undefined }),
    },
    {
      name: 'an issuer with a trailing slash the organization did not save',
      token: ({ user }) => providerToken(user.username, { claims: { iss: `${issuer}/` } }),
    },
    {
      name: 'an issuer without the trailing slash the organization saved',
      token: async ({ user }) => {
        await t.db
          .update(organizations)
          .set({ ssoIssuer: `${issuer}/` })
          .where(eq(organizations.id, user.organizationId));
        return providerToken(user.username);
      },
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

describe('the provider identity (issuer, sub) binds the person on the first sign-in', () => {
  const subjectOf = async (id: string) =>
    (await t.pool.query('select sso_issuer, sso_subject from users where id = $1', [id])).rows[0];

  it('is stored on the first sign-in and matched afterwards, whatever email the provider then names', async () => {
    const { user } = await ssoOrganization();
    const first = await exchange(await providerToken(user.username, { claims: { sub: 'okta-first' } }));
    expect(first.statusCode).toBe(200);
    expect(await subjectOf(user.id)).toEqual({ sso_issuer: issuer, sso_subject: 'okta-first' });
    // The person's address changed at the provider: still the same person.
    const later = await exchange(
      await providerToken('renamed@elsewhere.example', { claims: { sub: 'okta-first' } }),
    );
    expect(later.statusCode).toBe(200);
    expect(claimsOf(tokenOf(later)).sub).toBe(user.username);
  });

  it('refuses another subject claiming a bound person’s (verified) email', async () => {
    const { user } = await ssoOrganization();
    expect(
      (await exchange(await providerToken(user.username, { claims: { sub: 'okta-owner' } }))).statusCode,
    ).toBe(200);
    const ip = nextIp();
    const res = await exchange(await providerToken(user.username, { claims: { sub: 'okta-intruder' } }), ip);
    expect(res.statusCode).toBe(401);
    expect(await failures(ip)).toBe(1);
    expect(await subjectOf(user.id)).toEqual({ sso_issuer: issuer, sso_subject: 'okta-owner' });
  });
});

describe('provider tokens that are not asymmetric-signed', () => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = (email: string) => ({
    iss: issuer,
    aud: CLIENT_ID,
    sub: email,
    email,
    email_verified: true,
    client_id: CLIENT_ID,
    jti: randomUUID(),
    exp: Math.floor(Date.now() / 1000) + 3600,
  });

  it.each([
    ['alg none', async (email: string) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload(email))}.`],
    [
      'HS256 keyed with the provider’s public key',
      async (email: string) => {
        const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(key.publicKey)));
        return new SignJWT(payload(email)).setProtectedHeader({ alg: 'HS256', kid }).sign(secret);
      },
    ],
    [
      'HS256 with any secret',
      async (email: string) =>
        new SignJWT(payload(email))
          .setProtectedHeader({ alg: 'HS256', kid })
          .sign(new TextEncoder().encode('x'.repeat(32))),
    ],
  ])('%s: refused (401) and no key is even fetched for it', async (_name, make) => {
    const { org, user } = await ssoOrganization();
    const ip = nextIp();
    const res = await exchange(await make(user.username), ip);
    expect(res.statusCode).toBe(401);
    expect(res.headers.authorization).toBeUndefined();
    expect(await failures(ip)).toBe(1);
    expect(providerHits.filter((h) => `${issuer}${h}` === org.ssoJwksUri)).toEqual([]);
  });
});

describe('issuers saved before discovery moved to the save', () => {
  it('are discovered once at start through the guard; one the guard refuses stays off, and sign-ins then work', async () => {
    const unvetted = { ssoClientId: CLIENT_ID, ssoJwksUri: null, ssoUserinfoEndpoint: null };
    const good = await createOrganization(t.db, { ...unvetted, ssoIssuer: `${issuer}/slash/` });
    // A loopback address the guard vouches for no one on: refused, nothing fetched there.
    const bad = await createOrganization(t.db, { ...unvetted, ssoIssuer: targetUrl });
    const user = await createUser(t.db, good, { role: 'USER' });
    const token = await providerToken(user.username, { claims: { iss: `${issuer}/slash` } });
    // Before: the stored issuer has no vetted endpoints, so nothing verifies its tokens.
    expect((await exchange(token)).statusCode).toBe(401);
    const hitsBefore = targetHits.length;
    const outbound = createOutbound({
      allowHttp: true,
      permit: ({ address, port }) => address === '127.0.0.1' && port === Number(new URL(issuer).port),
    });
    const warned: string[] = [];
    const log = { ...t.app.log, warn: (_obj: unknown, msg: string) => warned.push(msg) };
    const result = await vetSavedIssuers({ db: t.db, config: t.config, outbound, log: log as never });
    expect(result.vetted).toBeGreaterThanOrEqual(1);
    expect(result.refused).toBeGreaterThanOrEqual(1);
    const row = async (id: string) =>
      (await t.pool.query('select sso_issuer, sso_jwks_uri from organizations where id = $1', [id])).rows[0];
    expect(await row(good.id)).toEqual({ sso_issuer: `${issuer}/slash`, sso_jwks_uri: `${issuer}/jwks` });
    expect(await row(bad.id)).toEqual({ sso_issuer: targetUrl, sso_jwks_uri: null });
    expect(targetHits.length).toBe(hitsBefore);
    expect(warned).toContain(
      'single sign-on stays off for this organization until an administrator saves its issuer again',
    );
    expect(
      (await exchange(await providerToken(user.username, { claims: { iss: `${issuer}/slash` } }))).statusCode,
    ).toBe(200);
  });
});

describe('SSRF: only an administrator’s save discovers a provider, through the outbound guard', () => {
  let admin: { org: Awaited<ReturnType<typeof createOrganization>>; token: string };
  beforeAll(async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    admin = { org, token: await tokenFor(t.db, user, 'full') };
  });
  const save = (ssoIssuer: string | null) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/organization/${admin.org.id}`,
      headers: bearer(admin.token),
      payload: { ssoIssuer, ssoClientId: ssoIssuer ? CLIENT_ID : null },
    });
  const stored = async () =>
    (
      await t.pool.query(
        'select sso_issuer, sso_client_id, sso_jwks_uri, sso_userinfo_endpoint from organizations where id = $1',
        [admin.org.id],
      )
    ).rows[0];

  it('stores the issuer as the provider names itself and its vetted endpoints; its tokens then sign in', async () => {
    expect((await save(`${issuer}/slash/`)).statusCode).toBe(200);
    expect(await stored()).toEqual({
      sso_issuer: `${issuer}/slash`,
      sso_client_id: CLIENT_ID,
      sso_jwks_uri: `${issuer}/jwks`,
      sso_userinfo_endpoint: `${issuer}/userinfo`,
    });
    const user = await createUser(t.db, admin.org, { role: 'USER' });
    const good = await providerToken(user.username, { claims: { iss: `${issuer}/slash` } });
    expect((await exchange(good)).statusCode).toBe(200);
    // The slash variant the administrator typed is not the issuer: neither confused nor a way around.
    const variant = await providerToken(user.username, { claims: { iss: `${issuer}/slash/` } });
    expect((await exchange(variant)).statusCode).toBe(401);
    // A provider naming itself with the slash keeps it.
    expect((await save(`${issuer}/named-slash`)).statusCode).toBe(200);
    expect((await stored()).sso_issuer).toBe(`${issuer}/named-slash/`);
    expect((await save(null)).statusCode).toBe(200);
    expect(await stored()).toEqual({
      sso_issuer: null,
      sso_client_id: null,
      sso_jwks_uri: null,
      sso_userinfo_endpoint: null,
    });
  });

  it.each([
    ['an issuer on a loopback server', () => targetUrl],
    ['a discovery document whose jwks_uri is on it', () => `${issuer}/evil-jwks`],
    ['a discovery document whose userinfo endpoint is on it', () => `${issuer}/evil-userinfo`],
    ['a discovery answer redirecting to it', () => `${issuer}/redirect`],
    ['the metadata address', () => 'http://169.254.169.254/latest'],
    ['a discovery document naming another issuer', () => `${issuer}/other`],
  ])('refuses %s: 422 with a clear message, nothing written, nothing reaches it', async (_name, url) => {
    await save(null);
    const before = targetHits.length;
    const res = await save(url());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      id: 'sso_issuer_refused',
      message: expect.stringMatching(/^The identity provider at this issuer URL cannot be used: /),
      errors: [{ path: 'ssoIssuer' }],
    });
    expect(await stored()).toEqual({
      sso_issuer: null,
      sso_client_id: null,
      sso_jwks_uri: null,
      sso_userinfo_endpoint: null,
    });
    expect(targetHits.slice(before)).toEqual([]);
  });

  it('a sign-in never fetches what a token names: unknown issuers, and issuers saved without vetted endpoints', async () => {
    // An organization saved before discovery moved to the save: its issuer is the attacker's server.
    const { user } = await ssoOrganization({
      ssoIssuer: targetUrl,
      ssoJwksUri: null,
      ssoUserinfoEndpoint: null,
    });
    const before = targetHits.length;
    const forged = async (iss: string) =>
      providerToken(user.username, { claims: { iss }, signWith: otherKey });
    for (const token of [await forged(targetUrl), await forged(`${targetUrl}/unknown`)]) {
      expect((await exchange(token)).statusCode).toBe(401);
    }
    expect(targetHits.slice(before)).toEqual([]);
  });

  it('a sign-in reads stored keys and userinfo through the guard too (an address that turned private is refused)', async () => {
    // As if the names had been vetted, then pointed at this machine: the target would answer the right key.
    const { user } = await ssoOrganization({
      ssoJwksUri: `${targetUrl}/jwks`,
      ssoUserinfoEndpoint: `${targetUrl}/me`,
    });
    const before = targetHits.length;
    expect((await exchange(await providerToken(user.username))).statusCode).toBe(401);
    const { user: other } = await ssoOrganization({ ssoUserinfoEndpoint: `${targetUrl}/me` });
    const token = await providerToken(undefined, { claims: { sub: `okta-${other.id}` } });
    expect((await exchange(token)).statusCode).toBe(401);
    expect(targetHits.slice(before)).toEqual([]);
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
