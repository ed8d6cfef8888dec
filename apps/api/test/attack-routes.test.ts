import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../src/plugins/auth.ts';
import { documentedRoutes, key, type Route, send } from './attack-support.ts';
import { useTestClock } from './clock.ts';
import { createApiKey, createOrganization, createUser, tokenFor } from './factories.ts';
import { claimsOf, TEST_JWT_SECRET, useTestApp } from './helpers.ts';

/**
 * Issue 11: every route the API documents, attacked the way an attacker would, generated from the OpenAPI
 * document so that a route added tomorrow is attacked too: without a token; with a forged, expired,
 * malformed, unsigned or signed-out token; with a sign-in step token; as READ_ONLY on every write; and
 * (as an administrator) with hostile parameters and bodies. What may answer is listed with its reason
 * (PUBLIC, MFA_STEP, READ_ONLY_WRITES), so a new route must be placed there deliberately; nothing may
 * answer 5xx.
 */
const t = useTestApp();
const clock = useTestClock();

/** Routes that answer without a session token, each for a reason. */
const PUBLIC = new Set([
  'GET /api/health', // liveness
  'POST /api/login', // signing in
  'POST /api/access/register', // joining an organization by email domain
  'PUT /api/access/pwreset/{email}', // asking for a reset code (throttled per address and account)
  'POST /api/access/verifyEmailCode', // proving the reset code (throttled, counted per account)
  'POST /api/access/invitation/check', // an invitation link's token, checked before the form shows
  'POST /api/access/invitation', // accepting an invitation with its token
  'POST /api/access/impersonate', // exchanging a support access code (single use, 60 s)
  'GET /api/organization/username/{name}', // where a username signs in (password or single sign-on)
  'GET /api/sso/tile', // the identity-provider tile of an address's domain, on the sign-in page
  'GET /api/dev/outbox', // the demo's outbox (DELIVERY=outbox, never beside a non-loopback HOST)
  'GET /api/dev/outbox/{id}/attachments/{index}', // the same outbox's attachments
  // An OpenWrt router's OpenWISP agent: the device's own key (query) is its credential, reaching only its device.
  'POST /api/v1/monitoring/device/{uuid}',
]);

/**
 * Routes a token of the MFA step (password proven, no second factor yet: this person has none) may call:
 * enrolling one, and signing out. (Proving an enrolled factor, validateTOTP, needs one enrolled.)
 */
const MFA_STEP = new Set([
  'POST /api/access/logout',
  'POST /api/userProfile/mfa/getQRCodePdi',
  'POST /api/userProfile/mfa/enrollWithApp',
  'POST /api/userProfile/mfa/sendSMSEnrollCode',
  'POST /api/userProfile/mfa/enrollWithSMS',
  'POST /api/userProfile/mfa/sendVoiceEnrollCode',
  'POST /api/userProfile/mfa/enrollWithVoice',
]);

/**
 * Calls other than GET a READ_ONLY person may make: the MFA step's (enrolling a factor, signing out), their
 * own session, profile, second factors,
 * notification profile, favorites, visits and report subscriptions; asking support in the chat; reads the
 * spec makes POST (a job's or batch's state, an address lookup); usage analytics. Everything else is 403.
 */
const READ_ONLY_WRITES = new Set([
  ...MFA_STEP,
  'POST /api/access/sendTOTP',
  'POST /api/access/validateTOTP',
  // Proving the person again before their own password or factor change (issue 34): full step only.
  'POST /api/access/reauthenticate',
  // Ending the support session the token belongs to (issue 37): 404 outside one.
  'DELETE /api/access/impersonation',
  'POST /api/userProfile/updateContact',
  'POST /api/userProfile/updatePassword',
  'POST /api/userProfile/updateUserPreferences',
  'POST /api/userProfile/updateLastSeenAlert',
  'POST /api/userProfile/unenroll',
  'POST /api/userProfile/registered-email/send-code',
  'POST /api/userProfile/registered-email/verify-code',
  'POST /api/userProfile/registered-mobile/send-code',
  'POST /api/userProfile/registered-mobile/verify-code',
  'POST /api/updateNotificationProfile',
  'POST /api/test-notification',
  'PUT /api/site/favorite/{id}',
  'DELETE /api/site/favorite/{id}',
  'POST /api/site/{id}/user/{userId}',
  'POST /api/reports/subscriptions',
  'DELETE /api/reports/subscriptions/{id}',
  'POST /api/chat/conversations',
  'POST /api/chat/conversations/{id}/messages',
  'POST /api/chat/conversations/{id}/read',
  'POST /api/chat/conversations/{id}/close',
  // The main layout's feedback: a note about the console for the provider (it changes nothing of the fleet).
  'POST /api/feedback',
  'POST /api/device/troubleshooting/future/{id}',
  'POST /api/device/troubleshooting/future/multi/{uuid}',
  'POST /api/site/geocode',
  'POST /api/site/verifyAddress',
  'POST /api/mp/track',
]);

/**
 * Issue 34: what a support person acting as a customer may not do (`notImpersonated` on the route, 403
 * support_confined): their own credentials and factors, the customer's support chat (the customer's side of
 * a conversation with support itself), and whatever would outlive the support session: creating, inviting,
 * approving or editing (role, status) a person. `PUT /api/organization/{id}` is confined by field (single
 * sign-on, email domains, support access): see ORGANIZATION_CONFINED_FIELDS.
 */
const SUPPORT_CONFINED = new Set([
  'POST /api/userProfile/user',
  'PUT /api/userProfile/edit',
  'POST /api/userProfile/user/{id}/approve',
  'POST /api/userProfile/user/{id}/invitation',
  'POST /api/organization/{id}/domains/verification-email',
  'POST /api/organization/{id}/domains/verify',
  'POST /api/access/reauthenticate',
  'POST /api/userProfile/updatePassword',
  'POST /api/userProfile/unenroll',
  'POST /api/userProfile/mfa/getQRCodePdi',
  'POST /api/userProfile/mfa/enrollWithApp',
  'POST /api/userProfile/mfa/sendSMSEnrollCode',
  'POST /api/userProfile/mfa/enrollWithSMS',
  'POST /api/userProfile/mfa/sendVoiceEnrollCode',
  'POST /api/userProfile/mfa/enrollWithVoice',
  'GET /api/userProfile/intercomjwt',
  'GET /api/chat/conversations',
  'POST /api/chat/conversations',
  'GET /api/chat/conversations/{id}',
  'POST /api/chat/conversations/{id}/messages',
  'POST /api/chat/conversations/{id}/read',
  'POST /api/chat/conversations/{id}/close',
  // Feedback speaks in the customer's own name.
  'POST /api/feedback',
  // API keys (issue 38) outlive the support session: support never makes, lists or revokes them.
  'GET /api/apiKeys',
  'POST /api/apiKeys',
  'POST /api/apiKeys/{id}/revoke',
  // Webhooks (issue 38): a signing secret is made and shown to the administrator in their own name only.
  'POST /api/webhooks',
  'PUT /api/webhooks/{id}',
  'POST /api/webhooks/{id}/secret',
]);

/** Settings of `PUT /api/organization/{id}` that support may not change while acting as a customer. */
const ORGANIZATION_CONFINED_FIELDS: Record<string, unknown>[] = [
  { ssoIssuer: 'https://idp.attacker.example', ssoClientId: 'attacker' },
  { ssoIssuer: null, ssoClientId: null },
  { emailDomains: ['attacker.example'] },
  { supportAccess: true },
  { supportAccess: false },
];

/** Provisioning (issue 36): the provider's support staff add customers' devices and manage their secrets. */
const PROVISIONING = [
  'GET /api/provisioning/organizations',
  'GET /api/provisioning/organizations/{orgId}/sites',
  'GET /api/provisioning/organizations/{orgId}/devices',
  'POST /api/provisioning/devices',
  'POST /api/provisioning/devices/{id}/secret',
  'DELETE /api/provisioning/devices/{id}/secret',
  'POST /api/provisioning/devices/import',
];

/** Routes only support staff call, with their own session (never while acting as someone). */
const SUPPORT_ROUTES = new Set([
  'GET /api/support/people',
  // The tickets customers sent to support, and their threads (issue 37).
  'GET /api/support/tickets',
  'GET /api/support/tickets/{id}',
  'GET /api/support/tickets/{id}/messages',
  'POST /api/support/tickets/{id}/messages',
  // The feedback customers sent the provider.
  'GET /api/feedback',
  'POST /api/userProfile/impersonate/generate',
  ...PROVISIONING,
]);

/**
 * Issue 38: what an API key never reaches (403 api_key_confined): everything support may not do while acting
 * as a customer, and a person's own session, profile, notification profile, favorites, visits, menu badge,
 * scheduled reports, usage analytics and live stream (`notApiKey`). A key acts for a program, never as a person.
 */
const KEY_CONFINED = new Set([
  ...SUPPORT_CONFINED,
  'GET /api/access/newJWT',
  'POST /api/access/logout',
  'GET /api/access/impersonation',
  'DELETE /api/access/impersonation',
  'GET /api/userProfile',
  'POST /api/userProfile/updateContact',
  'POST /api/userProfile/updateUserPreferences',
  'POST /api/userProfile/registered-email/send-code',
  'POST /api/userProfile/registered-email/verify-code',
  'POST /api/userProfile/registered-mobile/send-code',
  'POST /api/userProfile/registered-mobile/verify-code',
  'POST /api/userProfile/updateLastSeenAlert',
  'GET /api/notificationProfile',
  'POST /api/updateNotificationProfile',
  'POST /api/test-notification',
  'PUT /api/site/favorite/{id}',
  'DELETE /api/site/favorite/{id}',
  'POST /api/site/{id}/user/{userId}',
  'GET /api/reports/subscriptions',
  'POST /api/reports/subscriptions',
  'DELETE /api/reports/subscriptions/{id}',
  'POST /api/mp/track',
  'GET /api/events',
  // The sign-in steps' routes (a key is no sign-in).
  'POST /api/access/validateTOTP',
  'POST /api/access/sendTOTP',
  // Support's own routes (supportStaff is `notImpersonated`): no key has the SUPPORT role anyway.
  ...SUPPORT_ROUTES,
]);

/** The stream stays open by design: it is attacked without a token only. */
const STREAMS = new Set(['GET /api/events']);

/** Calls that end the session they are made with: the role matrix below reuses one token per person. */
const SESSION_ENDERS = new Set([
  'POST /api/access/logout',
  // Ends the support session the token belongs to (issue 37); outside one it answers 404 to every role.
  'DELETE /api/access/impersonation',
]);

/**
 * Routes a device calls with its own credentials (issue 36: its id and secret as HTTP Basic), never with a
 * person's token: every person's token is 401 there, like none (checked below), so they sit outside the role
 * matrix. Their own tests: edge-speedtest.test.ts.
 */
const DEVICE_ROUTES = new Set(['GET /api/edge/speedtest/download', 'POST /api/edge/speedtest/upload']);

/**
 * The organization's administration (the roles: an ADMINISTRATOR manages people, the organization, site groups
 * and the sites' details, and alone reads the activity log): every other role of the organization is 403.
 */
const ADMINISTRATOR_ONLY = new Map([
  ['GET /api/organization/{id}/activity', 'the activity log: who did what in the organization'],
  ['GET /api/organization/{id}/activity/export.csv', 'the activity log as a file'],
  ['GET /api/userProfile/users', "the organization's people, their roles and status"],
  ['POST /api/userProfile/user', 'inviting a person'],
  ['PUT /api/userProfile/edit', "changing a person's role, site groups or status"],
  ['POST /api/userProfile/user/{id}/approve', 'admitting a self-registered person'],
  ['POST /api/userProfile/user/{id}/reject', 'refusing a self-registered person'],
  ['POST /api/userProfile/user/{id}/invitation', 'sending a new invitation link'],
  ['POST /api/userProfile/user/{id}/mfa/reset', "removing a person's second factors"],
  ['PUT /api/organization/{id}', "the organization's settings (domains, single sign-on, support access)"],
  ['POST /api/group/create', 'site groups: who sees which sites'],
  ['POST /api/group/edit/{id}', 'site groups: who sees which sites'],
  ['POST /api/group/assignSites/{id}', 'site groups: who sees which sites'],
  ['POST /api/group/delete/{id}', 'site groups: who sees which sites'],
  ['GET /api/site/unassociated', 'the sites no one confined to site groups sees, to put them in one'],
  ['PUT /api/site/edit', "a site's details and contacts"],
  ['POST /api/maintenance', "a maintenance window silences everyone's alert notifications for its sites"],
  ['POST /api/maintenance/{id}/end', "a maintenance window silences everyone's alert notifications"],
  [
    'POST /api/organization/{id}/domains/verification-email',
    "proving one of the organization's email domains",
  ],
  ['POST /api/organization/{id}/domains/verify', "proving one of the organization's email domains"],
  ['GET /api/apiKeys', "the organization's API keys (issue 38)"],
  ['POST /api/apiKeys', 'making an API key (issue 38)'],
  ['POST /api/apiKeys/{id}/revoke', 'revoking an API key (issue 38)'],
  ['GET /api/webhooks', "the organization's webhook destinations (issue 38)"],
  ['POST /api/webhooks', 'registering a webhook destination'],
  ['GET /api/webhooks/{id}', 'a webhook destination'],
  ['PUT /api/webhooks/{id}', 'changing a webhook destination'],
  ['DELETE /api/webhooks/{id}', 'removing a webhook destination'],
  ['POST /api/webhooks/{id}/secret', "rotating a webhook's signing secret"],
  ['POST /api/webhooks/{id}/test', 'sending a test to a webhook destination'],
  ['POST /api/webhooks/{id}/resume', 'resuming a paused webhook destination'],
  ['GET /api/webhooks/{id}/deliveries', "a webhook destination's delivery log"],
  ['POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver', 'sending a webhook delivery again'],
]);

/** The provider's support staff's own routes: no customer role reaches them. */
const SUPPORT_ONLY = new Set([
  'GET /api/support/people',
  // The tickets customers sent to support, and their threads (issue 37).
  'GET /api/support/tickets',
  'GET /api/support/tickets/{id}',
  'GET /api/support/tickets/{id}/messages',
  'POST /api/support/tickets/{id}/messages',
  // The feedback customers sent the provider.
  'GET /api/feedback',
  'POST /api/userProfile/impersonate/generate',
  ...PROVISIONING,
]);

let routes: Route[] = [];

const call = (
  route: Route,
  headers: { authorization?: string },
  value: string = randomUUID(),
  payload?: string,
) => send(t.app, route, { token: headers.authorization?.replace(/^Bearer /, ''), params: value, payload });

const secret = new TextEncoder().encode(TEST_JWT_SECRET);
/** A session token of `claims`, signed as the API signs them unless an option says otherwise. */
async function signed(
  claims: Record<string, unknown>,
  options: {
    key?: Uint8Array | CryptoKey;
    alg?: string;
    issuer?: string;
    audience?: string;
    exp?: number;
  } = {},
) {
  const { iss: _iss, aud: _aud, iat: _iat, exp: _exp, jti: _jti, ...body } = claims;
  return new SignJWT(body)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer(options.issuer ?? 'vnoc')
    .setAudience(options.audience ?? 'vnoc-session')
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(options.exp ?? '30m')
    .sign(options.key ?? secret);
}
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

let admin: Awaited<ReturnType<typeof createUser>>;
let reader: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
let support: Awaited<ReturnType<typeof createUser>>;
let user: Awaited<ReturnType<typeof createUser>>;

/**
 * The routes that refuse `person` (403), each called once with random ids and an empty JSON body: roles are
 * checked before anything else, so the ids do not matter. One token per person (SESSION_ENDERS are skipped).
 */
async function refusedTo(person: { id: string }): Promise<Set<string>> {
  const token = await tokenFor(t.db, person as Awaited<ReturnType<typeof createUser>>, 'full');
  const refused = new Set<string>();
  for (const route of routes) {
    if (
      PUBLIC.has(key(route)) ||
      STREAMS.has(key(route)) ||
      SESSION_ENDERS.has(key(route)) ||
      DEVICE_ROUTES.has(key(route))
    )
      continue;
    const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
    const res = await send(t.app, route, { token, params: randomUUID(), payload });
    expect(res.statusCode, key(route)).toBeLessThan(500);
    if (res.statusCode === 403) refused.add(key(route));
  }
  return refused;
}

beforeAll(async () => {
  routes = await documentedRoutes(t.app);
  const org = await createOrganization(t.db, {
    entitlements: ['diagnostics', 'port-control', 'analytics', 'cellular-billing'],
  });
  admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
  reader = await createUser(t.db, org, { role: 'READ_ONLY' });
  member = await createUser(t.db, org, { role: 'USER' });
  support = await createUser(t.db, await createOrganization(t.db, { kind: 'provider' }), { role: 'SUPPORT' });
  user = await createUser(t.db, org, { role: 'USER' });
});

/** A JSON body for every call that may take one: the same for each token compared. */
const bodyOf = (route: Route) => (route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}');

describe('every documented route', () => {
  it('is found in the OpenAPI document (the attack covers the whole API)', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('refuses a call without a token (401), unless it is public for a stated reason', async () => {
    const open: string[] = [];
    for (const route of routes) {
      const res = await call(route, {});
      if (res.statusCode !== 401) open.push(key(route));
      expect(res.statusCode, key(route)).toBeLessThan(500);
    }
    // A route answering without a token that is not listed here fails: say why it is public, or protect it.
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  // Each token carries a real administrator's claims; only the flaw named differs (the control passes).
  it.each<[string, (claims: Record<string, unknown>, token: string) => Promise<string>]>([
    [
      'signed with another secret',
      (c) => signed(c, { key: new TextEncoder().encode('not-the-secret-0123456789abcdef0123') }),
    ],
    ['expired', (c) => signed(c, { exp: Math.floor(Date.now() / 1000) - 60 })],
    ['for another audience (an access code)', (c) => signed(c, { audience: 'vnoc-impersonation' })],
    ['from another issuer', (c) => signed(c, { issuer: 'not-vnoc' })],
    [
      'signed RS256 (algorithm confusion)',
      async (c) => signed(c, { alg: 'RS256', key: (await generateKeyPair('RS256')).privateKey }),
    ],
    ['unsigned (alg none)', async (c) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(c)}.`],
    [
      'with tampered claims (signature kept)',
      async (c, token) => {
        const [header, , signature] = token.split('.');
        return `${header}.${b64({ ...c, role: 'SUPPORT', entitlements: ['diagnostics'] })}.${signature}`;
      },
    ],
    ['of a person who does not exist', (c) => signed({ ...c, sub: 'ghost@nowhere.example' })],
    ['not a JWT', async () => 'not.a.token'],
  ])('refuses a token %s on every protected route (401)', async (_case, make) => {
    const token = await tokenFor(t.db, admin, 'full');
    const claims = claimsOf(token) as Record<string, unknown>;
    // The control: the same claims, signed properly, are accepted.
    const control = await t.app.inject({
      method: 'GET',
      url: '/api/userProfile',
      headers: { authorization: `Bearer ${await signed(claims)}` },
    });
    expect(control.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${await make(claims, token)}` };
    for (const route of routes) {
      if (PUBLIC.has(key(route))) continue;
      const res = await call(route, headers);
      expect(res.statusCode, key(route)).toBe(401);
    }
  });

  it("refuses a deactivated person's token on every protected route (401)", async () => {
    const org = await createOrganization(t.db);
    const gone = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const token = await tokenFor(t.db, gone, 'full');
    await t.pool.query("update users set status = 'deactivated' where id = $1", [gone.id]);
    clock.advance(SESSION_CACHE_MS);
    for (const route of routes) {
      if (PUBLIC.has(key(route))) continue;
      expect((await call(route, { authorization: `Bearer ${token}` })).statusCode, key(route)).toBe(401);
    }
  });

  it('refuses a signed-out token on every protected route (401)', async () => {
    const token = await tokenFor(t.db, admin, 'full');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/access/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    for (const route of routes) {
      if (PUBLIC.has(key(route))) continue;
      expect((await call(route, { authorization: `Bearer ${token}` })).statusCode, key(route)).toBe(401);
    }
  });

  it('a sign-in step token (password proven, MFA not yet) reaches only the sign-in steps', async () => {
    const reached: string[] = [];
    for (const route of routes) {
      if (PUBLIC.has(key(route)) || STREAMS.has(key(route))) continue;
      const headers = { authorization: `Bearer ${await tokenFor(t.db, admin, 'mfa')}` };
      if ((await call(route, headers)).statusCode !== 401) reached.push(key(route));
    }
    expect(reached.sort()).toEqual([...MFA_STEP].sort());
  });

  it('READ_ONLY changes nothing but their own profile and session: every other write is 403', async () => {
    const allowed: string[] = [];
    const refused = await refusedTo(reader);
    for (const route of routes) {
      if (route.method === 'GET' || PUBLIC.has(key(route)) || STREAMS.has(key(route))) continue;
      if (DEVICE_ROUTES.has(key(route))) continue;
      if (!refused.has(key(route))) allowed.push(key(route));
    }
    expect(allowed.sort()).toEqual([...READ_ONLY_WRITES].sort());
  });

  // Issue 34: every route × every role of one organization. A route refused (403) or reached otherwise than
  // listed fails: place a new route in ADMINISTRATOR_ONLY, SUPPORT_ONLY or READ_ONLY_WRITES deliberately.
  it.each([
    ['ADMINISTRATOR', () => admin, () => [...SUPPORT_ONLY]],
    ['USER', () => user, () => [...ADMINISTRATOR_ONLY.keys(), ...SUPPORT_ONLY]],
    [
      'READ_ONLY',
      () => reader,
      () => [
        ...ADMINISTRATOR_ONLY.keys(),
        ...SUPPORT_ONLY,
        ...routes
          .filter((r) => r.method !== 'GET' && !READ_ONLY_WRITES.has(key(r)))
          .map(key)
          .filter((k) => !ADMINISTRATOR_ONLY.has(k) && !SUPPORT_ONLY.has(k)),
      ],
    ],
  ] as const)(
    '%s of the organization is refused (403) exactly the routes the roles keep from them',
    async (_role, person, expected) => {
      const refused = await refusedTo(person());
      expect([...refused].sort()).toEqual(
        expected()
          .filter((k) => !PUBLIC.has(k) && !STREAMS.has(k) && !SESSION_ENDERS.has(k) && !DEVICE_ROUTES.has(k))
          .sort(),
      );
    },
  );

  it("refuses every person's token on the device routes (401): they take a device's credentials only", async () => {
    expect(
      routes
        .filter((r) => DEVICE_ROUTES.has(key(r)))
        .map(key)
        .sort(),
    ).toEqual([...DEVICE_ROUTES].sort());
    for (const person of [admin, user, reader, support]) {
      const headers = { authorization: `Bearer ${await tokenFor(t.db, person, 'full')}` };
      for (const route of routes.filter((r) => DEVICE_ROUTES.has(key(r))))
        expect((await call(route, headers, randomUUID(), bodyOf(route))).statusCode, key(route)).toBe(401);
    }
  });

  it('signed in as an administrator, hostile parameters and bodies get a 4xx, never a 5xx', async () => {
    const hostile = ["' or 1=1--", '../../etc/passwd', '%00', 'x'.repeat(2000), '-1', '{{7*7}}'];
    const bodies = ['{', '[]', '"text"', '{"__proto__":{"admin":true}}', 'null'];
    for (const route of routes) {
      if (STREAMS.has(key(route)) || route.path === '/api/access/logout') continue;
      // A fresh token each time: a route may end the session it is called with.
      const headers = { authorization: `Bearer ${await tokenFor(t.db, admin, 'full')}` };
      const hasParams = route.path.includes('{');
      for (const value of hasParams ? hostile : []) {
        const res = await call(route, headers, value);
        expect(res.statusCode, `${key(route)} with ${JSON.stringify(value)}`).toBeLessThan(500);
      }
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      for (const body of bodies) {
        const res = await call(route, headers, randomUUID(), body);
        expect(res.statusCode, `${key(route)} with body ${body}`).toBeLessThan(500);
      }
    }
  });
});

describe('support staff on every documented route (issue 34)', () => {
  /** Routes a token is sent to here: not the stream, not the sign-out (it would end the compared session). */
  const tried = () =>
    routes.filter((r) => !PUBLIC.has(key(r)) && !STREAMS.has(key(r)) && key(r) !== 'POST /api/access/logout');

  it('acting as an administrator, support reaches what the administrator reaches but the confined list (403 support_confined)', async () => {
    const confined: string[] = [];
    for (const route of tried()) {
      // Fresh tokens, the same parameters and body for both: only who holds the token differs.
      const params = randomUUID();
      const payload = bodyOf(route);
      const own = await send(t.app, route, { token: await tokenFor(t.db, admin, 'full'), params, payload });
      const acting = await send(t.app, route, {
        token: await tokenFor(t.db, admin, 'full', support.username),
        params,
        payload,
      });
      expect(acting.statusCode, key(route)).toBeLessThan(500);
      if (acting.statusCode === 403 && acting.json().id === 'support_confined') {
        confined.push(key(route));
        expect(acting.json().message).toBe('Support staff cannot do this while acting as a customer.');
        continue;
      }
      // Anything else answers as it does to the administrator's own session.
      expect(acting.statusCode === 403, key(route)).toBe(own.statusCode === 403);
    }
    // A route refusing support that is not listed here fails, and so does a listed one that lets it through.
    expect(confined.sort()).toEqual([...SUPPORT_CONFINED].sort());
  });

  it.each(ORGANIZATION_CONFINED_FIELDS)(
    'acting as an administrator, support cannot change single sign-on, domains or support access: %j',
    async (body) => {
      const org = await createOrganization(t.db, {
        supportAccess: true,
        ssoIssuer: 'https://idp.own.example',
        ssoClientId: 'own',
      });
      const owner = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
      const before = (await t.pool.query('select * from organizations where id = $1', [org.id])).rows[0];
      const put = async (token: string, payload: Record<string, unknown>) =>
        send(
          t.app,
          { method: 'PUT', path: '/api/organization/{id}' },
          {
            token,
            params: org.id,
            payload: JSON.stringify(payload),
          },
        );
      const acting = () => tokenFor(t.db, owner, 'full', support.username);
      const refused = await put(await acting(), body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().id).toBe('support_confined');
      // Beside an allowed change too, and nothing of either is written.
      const mixed = await put(await acting(), { ...body, description: 'Changed by support' });
      expect(mixed.statusCode).toBe(403);
      const after = (await t.pool.query('select * from organizations where id = $1', [org.id])).rows[0];
      expect(after).toEqual(before);
      // The control: support may change what does not outlive the session.
      expect((await put(await acting(), { description: 'Changed by support' })).statusCode).toBe(200);
    },
  );

  it("a SUPPORT person's own token reaches support's routes and no administrator's or customer's", async () => {
    const onlySupport: string[] = [];
    for (const route of tried()) {
      const params = randomUUID();
      const payload = bodyOf(route);
      const as = async (who: { id: string }) =>
        (await send(t.app, route, { token: await tokenFor(t.db, who, 'full'), params, payload })).statusCode;
      const [bySupport, byAdmin, byUser] = [await as(support), await as(admin), await as(member)];
      expect(bySupport, key(route)).toBeLessThan(500);
      if (bySupport !== 403 && byAdmin === 403) onlySupport.push(key(route));
      // An administrator's route (a USER is refused, an administrator is not) refuses support too.
      if (byUser === 403 && byAdmin !== 403) expect(bySupport, key(route)).toBe(403);
    }
    expect(onlySupport.sort()).toEqual([...SUPPORT_ROUTES].sort());
  });
});

describe('API keys on every documented route (issue 38)', () => {
  /** Every route a credential is sent to: the public ones and the device routes take none. */
  const tried = () => routes.filter((r) => !PUBLIC.has(key(r)) && !DEVICE_ROUTES.has(key(r)));

  it("an administrator key reaches what its maker reaches but a person's own routes (403 api_key_confined)", async () => {
    const { key: apiKey } = await createApiKey(t.db, admin);
    const confined: string[] = [];
    for (const route of tried()) {
      const params = randomUUID();
      const payload = bodyOf(route);
      const withKey = await send(t.app, route, { token: apiKey, params, payload });
      expect(withKey.statusCode, key(route)).toBeLessThan(500);
      if (withKey.statusCode === 403 && withKey.json().id === 'api_key_confined') {
        confined.push(key(route));
        continue;
      }
      if (STREAMS.has(key(route)) || SESSION_ENDERS.has(key(route))) continue;
      const own = await send(t.app, route, { token: await tokenFor(t.db, admin, 'full'), params, payload });
      expect(withKey.statusCode === 403, key(route)).toBe(own.statusCode === 403);
    }
    // A route refusing keys that is not listed here fails, and so does a listed one that lets a key through.
    expect(confined.sort()).toEqual([...KEY_CONFINED].sort());
  });

  it.each(['READ_ONLY', 'DISPLAY'] as const)(
    'a %s key changes nothing: every call but GET is 403',
    async (role) => {
      const { key: apiKey } = await createApiKey(t.db, admin, {
        role,
        dashboardIds: role === 'DISPLAY' ? [1] : [],
      });
      for (const route of tried().filter((r) => r.method !== 'GET')) {
        const res = await send(t.app, route, { token: apiKey, params: randomUUID(), payload: bodyOf(route) });
        expect(res.statusCode, key(route)).toBe(403);
      }
    },
  );

  it.each<[string, () => Promise<string>]>([
    [
      'expired',
      async () => (await createApiKey(t.db, admin, { expiresAt: new Date(Date.now() - 1000) })).key,
    ],
    [
      'revoked',
      async () => {
        const made = await createApiKey(t.db, admin);
        await t.pool.query('update api_keys set revoked_at = now() where id = $1', [made.id]);
        return made.key;
      },
    ],
    [
      'whose maker is deactivated',
      async () => {
        const maker = await createUser(t.db, admin.organization, { role: 'ADMINISTRATOR' });
        const made = await createApiKey(t.db, maker);
        await t.pool.query("update users set status = 'deactivated' where id = $1", [maker.id]);
        return made.key;
      },
    ],
    ['with a wrong secret', async () => (await createApiKey(t.db, admin)).key.replace(/_[^_]{6}/, '_AAAAAA')],
    ['of an unknown prefix', async () => `vnoc_zzzzzzzz_${'A'.repeat(43)}`],
  ])('refuses a key %s on every protected route (401)', async (_case, make) => {
    const apiKey = await make();
    clock.advance(SESSION_CACHE_MS);
    for (const route of tried()) {
      const res = await send(t.app, route, { token: apiKey, params: randomUUID(), payload: bodyOf(route) });
      expect(res.statusCode, key(route)).toBe(401);
    }
  });
});
