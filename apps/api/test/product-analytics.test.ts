import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PRODUCT_EVENT_LIMITS } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForwarder } from '../src/modules/product-analytics/forwarder.ts';
import {
  TRACK_EVENTS_PER_HOUR,
  TRACK_REQUESTS_PER_MINUTE,
} from '../src/modules/product-analytics/service.ts';
import type { StampedEvent } from '../src/modules/product-analytics/stamp.ts';
import { ConfigError } from '../src/plugins/config.ts';
import { createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, count, createTestApp, type TestApp, testConfig, useTestApp } from './helpers.ts';

const t = useTestApp();

async function setup() {
  const provider = await createOrganization(t.db, { kind: 'provider' });
  const org = await createOrganization(t.db);
  const support = await createUser(t.db, provider, { role: 'SUPPORT' });
  const user = await createUser(t.db, org, { role: 'USER' });
  return { org, support, user, token: await tokenFor(t.db, user, 'full') };
}

const track = (app: TestApp['app'], token: string | null, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/mp/track',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

type EventRow = {
  user_id: string;
  organization_id: string;
  impersonator_user_id: string | null;
  session_id: string | null;
  name: string;
  properties: Record<string, unknown>;
  at: Date;
};

async function storedFor(userId: string): Promise<EventRow[]> {
  const { rows } = await t.pool.query<EventRow>(
    'select user_id, organization_id, impersonator_user_id, session_id, name, properties, at from product_events where user_id = $1 order by id',
    [userId],
  );
  return rows;
}

const SESSION = 'session-0123456789';
// Spec part 3 "Analytics tags built from a device".
const deviceTags = {
  manufacturer: 'Cisco Meraki',
  model: 'MX68',
  mac: '00:18:0a:12:34:56',
  siteName: 'Store 12',
  alias: 'Downtown',
  accountNumber: '800123',
  accountHolderNames: ['Ana Ortiz', 'Bob Stone'],
};

describe('POST /api/mp/track (embedded: stored in PostgreSQL)', () => {
  it('stores the batch stamped with the caller, organization and server time', async () => {
    const f = await setup();
    const before = Date.now();
    const res = await track(t.app, f.token, {
      events: [
        { name: 'page.viewed', sessionId: SESSION, properties: { route: 'AllSites', path: '/sites' } },
        { name: 'device.viewed', sessionId: SESSION, properties: deviceTags },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = await storedFor(f.user.id);
    expect(rows.map((r) => [r.name, r.properties])).toEqual([
      ['page.viewed', { route: 'AllSites', path: '/sites' }],
      ['device.viewed', deviceTags],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        organization_id: f.org.id,
        impersonator_user_id: null,
        session_id: SESSION,
      });
      expect(row.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('stamps the support person when the user is impersonated', async () => {
    const f = await setup();
    const token = await tokenFor(t.db, f.user, 'full', f.support.username);
    const res = await track(t.app, token, {
      events: [{ name: 'page.viewed', properties: { route: 'Alerts' } }],
    });
    expect(res.statusCode).toBe(200);
    const [row] = await storedFor(f.user.id);
    expect(row).toMatchObject({ user_id: f.user.id, impersonator_user_id: f.support.id, session_id: null });
    // Analytics batches change nothing of the customer's: no activity log line for them.
    const { rows } = await t.pool.query(
      "select count(*)::int as n from audit_log where action = 'impersonated.request' and impersonator_user_id = $1",
      [f.support.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('takes a Mixpanel-compatible array, ignoring its token, distinct_id and time', async () => {
    const f = await setup();
    const res = await track(t.app, f.token, [
      {
        event: 'Page View',
        properties: {
          token: 'mp-project-token',
          distinct_id: 'someone-else',
          time: 1,
          $current_url: '/alerts',
        },
      },
    ]);
    expect(res.statusCode).toBe(200);
    const rows = await storedFor(f.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Page View', user_id: f.user.id, organization_id: f.org.id });
    expect(rows[0]?.properties).not.toHaveProperty('token');
  });

  it('strips properties whose name or value looks like a token, password or code', async () => {
    const f = await setup();
    const res = await track(t.app, f.token, {
      events: [
        {
          name: 'search.filtered',
          properties: {
            list: 'sites',
            jwt: 'abc',
            token: 'abc',
            accessToken: 'abc',
            password: 'hunter2hunter2',
            newPassword: 'x',
            code: '123456',
            mfaCode: '123456',
            totp: '123456',
            authorization: 'x',
            Authorization: 'x',
            apiKey: 'x',
            url: '/impersonate?jwt=abc.def.ghi',
            header: 'Bearer abc',
            copied: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
            names: ['Ana', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig'],
            link: 'otpauth://totp/vNOC?secret=ABC',
            q: 'store 12',
            accountNumber: '800123',
          },
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [row] = await storedFor(f.user.id);
    expect(row?.properties).toEqual({ list: 'sites', q: 'store 12', accountNumber: '800123' });
  });

  it.each([
    ['no events', { events: [] }],
    ['an unknown shape', { event: 'page.viewed' }],
    ['a name outside the list and the pattern', { events: [{ name: '<script>alert(1)</script>' }] }],
    ['a name too long', { events: [{ name: `a${'b'.repeat(70)}` }] }],
    ['51 events', { events: Array.from({ length: 51 }, () => ({ name: 'page.viewed' })) }],
    [
      '41 properties',
      {
        events: [
          {
            name: 'page.viewed',
            properties: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`p${i}`, i])),
          },
        ],
      },
    ],
    ['a string too long', { events: [{ name: 'page.viewed', properties: { path: 'x'.repeat(513) } }] }],
    ['a nested object', { events: [{ name: 'page.viewed', properties: { nested: { a: 1 } } }] }],
    [
      'a list too long',
      { events: [{ name: 'page.viewed', properties: { l: Array.from({ length: 21 }, () => 'x') } }] },
    ],
    ['a bad property name', { events: [{ name: 'page.viewed', properties: { 'bad name!': 1 } }] }],
    [
      'properties over 4096 characters',
      {
        events: [
          {
            name: 'page.viewed',
            properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, 'x'.repeat(500)])),
          },
        ],
      },
    ],
    ['a bad session id', { events: [{ name: 'page.viewed', sessionId: 'short' }] }],
    [
      'one bad event among good ones',
      {
        events: [
          { name: 'page.viewed' },
          { name: 'page.viewed', properties: { n: Number.NaN } },
          { name: 'x y z!' },
        ],
      },
    ],
  ])('%s → 400, nothing written', async (_label, payload) => {
    const f = await setup();
    const res = await track(t.app, f.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input' });
    expect(await count(t.pool, 'product_events', 'user_id = $1', [f.user.id])).toBe(0);
  });

  it('answers 401 without a token or before sign-in is complete, and writes nothing', async () => {
    const f = await setup();
    const body = { events: [{ name: 'page.viewed' }] };
    expect((await track(t.app, null, body)).statusCode).toBe(401);
    expect((await track(t.app, await tokenFor(t.db, f.user, 'mfa'), body)).statusCode).toBe(401);
    expect(await count(t.pool, 'product_events', 'user_id = $1', [f.user.id])).toBe(0);
  });

  it(`limits each user to ${TRACK_REQUESTS_PER_MINUTE} batches a minute`, async () => {
    const f = await setup();
    const other = await createUser(t.db, f.org);
    const body = { events: [{ name: 'page.viewed' }] };
    for (let i = 0; i < TRACK_REQUESTS_PER_MINUTE; i++) {
      expect((await track(t.app, f.token, body)).statusCode).toBe(200);
    }
    const refused = await track(t.app, f.token, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ id: 'rate_limited' });
    expect(await count(t.pool, 'product_events', 'user_id = $1', [f.user.id])).toBe(
      TRACK_REQUESTS_PER_MINUTE,
    );
    expect((await track(t.app, await tokenFor(t.db, other, 'full'), body)).statusCode).toBe(200);
  });

  it(`limits each user to ${TRACK_EVENTS_PER_HOUR} events an hour, however they are batched`, async () => {
    const f = await setup();
    const batch = {
      events: Array.from({ length: PRODUCT_EVENT_LIMITS.eventsPerBatch }, (_, i) => ({
        name: 'page.viewed',
        properties: { [`flood_${i}`]: 'x'.repeat(400) },
      })),
    };
    const fits = Math.floor(TRACK_EVENTS_PER_HOUR / PRODUCT_EVENT_LIMITS.eventsPerBatch);
    for (let i = 0; i < fits; i++) expect((await track(t.app, f.token, batch)).statusCode).toBe(200);
    const refused = await track(t.app, f.token, batch);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ id: 'rate_limited' });
    expect(await count(t.pool, 'product_events', 'user_id = $1', [f.user.id])).toBe(
      fits * PRODUCT_EVENT_LIMITS.eventsPerBatch,
    );
  });

  it('keeps nothing for a user who opted out in their preferences, and tracks again once back on', async () => {
    const f = await setup();
    const prefs = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/userProfile/updateUserPreferences',
        headers: bearer(f.token),
        payload: [{ name: 'analytics', value }],
      });
    expect((await prefs('off')).statusCode).toBe(200);
    const body = { events: [{ name: 'page.viewed' }] };
    const res = await track(t.app, f.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 0 });
    expect(await count(t.pool, 'product_events', 'user_id = $1', [f.user.id])).toBe(0);
    expect((await prefs('maybe')).statusCode).toBe(400);
    expect((await prefs('on')).statusCode).toBe(200);
    expect((await track(t.app, f.token, body)).json()).toEqual({ accepted: 1 });
  });
});

/** A local stand-in for the analytics service: records each request; `answer` picks each status. */
function fakeService(answer: (n: number) => number = () => 200) {
  const received: { method?: string; url?: string; headers: IncomingMessage['headers']; text: string }[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, text });
      res.statusCode = answer(received.length);
      res.end('1');
    });
  });
  return {
    received,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('forwarding to a configured analytics service', () => {
  const MIXPANEL_TOKEN = 'mp-project-token-123';
  const POSTHOG_KEY = 'phc_project_key_456';
  const mixpanel = fakeService((n) => (n === 1 ? 503 : 200));
  const posthog = fakeService();
  let mixpanelApp: TestApp;
  let posthogApp: TestApp;
  let downApp: TestApp;

  beforeAll(async () => {
    const [mixpanelUrl, posthogUrl, closedUrl] = await Promise.all([
      mixpanel.start(),
      posthog.start(),
      // A port that was free a moment ago: nothing answers there.
      (async () => {
        const gone = fakeService();
        const url = await gone.start();
        await gone.stop();
        return url;
      })(),
    ]);
    [mixpanelApp, posthogApp, downApp] = await Promise.all([
      createTestApp({ MIXPANEL_API_HOST: mixpanelUrl, MIXPANEL_TOKEN }),
      createTestApp({ POSTHOG_HOST: posthogUrl, POSTHOG_KEY }),
      createTestApp({ MIXPANEL_API_HOST: closedUrl, MIXPANEL_TOKEN }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([mixpanelApp?.close(), posthogApp?.close(), downApp?.close()]);
    await Promise.all([mixpanel.stop(), posthog.stop()]);
  });

  async function signedIn(app: TestApp) {
    const org = await createOrganization(app.db);
    const user = await createUser(app.db, org);
    return { org, user, token: await tokenFor(app.db, user, 'full') };
  }

  const batch = {
    events: [
      {
        name: 'device.viewed',
        sessionId: SESSION,
        properties: { ...deviceTags, password: 'hunter2', code: '123456' },
      },
    ],
  };

  it('Mixpanel: POST /track with the stamped events (retried after a 503), nothing stored, no secret sent', async () => {
    const f = await signedIn(mixpanelApp);
    const res = await track(mixpanelApp.app, f.token, batch);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 1 });
    await mixpanelApp.app.productAnalytics.forwarder?.idle();

    expect(mixpanel.received).toHaveLength(2);
    const [first, second] = mixpanel.received;
    expect(second?.text).toBe(first?.text);
    expect(second).toMatchObject({ method: 'POST', url: '/track?ip=0' });
    expect(second?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(second?.text ?? '');
    expect(body).toEqual([
      {
        event: 'device.viewed',
        properties: {
          ...deviceTags,
          token: MIXPANEL_TOKEN,
          distinct_id: f.user.id,
          time: expect.any(Number),
          $insert_id: expect.any(String),
          organization_id: f.org.id,
          session_id: SESSION,
        },
      },
    ]);
    expect(Math.abs(body[0].properties.time - Date.now())).toBeLessThan(60_000);
    expect(second?.text).not.toContain(f.token);
    expect(second?.text).not.toContain('hunter2');
    expect(second?.text).not.toContain('"code"');
    expect(second?.headers.authorization).toBeUndefined();
    expect(await count(mixpanelApp.pool, 'product_events')).toBe(0);
  });

  it('PostHog: POST /batch/ with the project key and the stamped events', async () => {
    const f = await signedIn(posthogApp);
    const res = await track(posthogApp.app, f.token, batch);
    expect(res.statusCode).toBe(200);
    await posthogApp.app.productAnalytics.forwarder?.idle();
    expect(posthog.received).toHaveLength(1);
    const [request] = posthog.received;
    expect(request).toMatchObject({ method: 'POST', url: '/batch/' });
    expect(JSON.parse(request?.text ?? '')).toEqual({
      api_key: POSTHOG_KEY,
      batch: [
        {
          event: 'device.viewed',
          distinct_id: f.user.id,
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          uuid: expect.any(String),
          properties: { ...deviceTags, organization_id: f.org.id, $session_id: SESSION },
        },
      ],
    });
    expect(request?.text).not.toContain(f.token);
    expect(request?.text).not.toContain('hunter2');
    expect(await count(posthogApp.pool, 'product_events')).toBe(0);
  });

  it('answers at once while the service is down, and keeps answering', async () => {
    const f = await signedIn(downApp);
    const forwarder = downApp.app.productAnalytics.forwarder;
    /** Whether the forwarder is still at work after this turn of the event loop (no time is waited for). */
    const stillForwarding = async () => {
      let idle = false;
      void forwarder?.idle().then(() => {
        idle = true;
      });
      await new Promise((resolve) => setImmediate(resolve));
      return !idle;
    };
    for (let i = 0; i < 3; i++) {
      const res = await track(downApp.app, f.token, batch);
      expect(res.statusCode).toBe(200);
      // The answer came while the unreachable service is still being retried (FORWARD_RETRY_MS): not awaited.
      expect(await stillForwarding()).toBe(true);
    }
    const health = await downApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('the forwarder on its own', () => {
  const event = (n: number): StampedEvent => ({
    insertId: `id-${n}`,
    at: new Date('2026-11-21T10:00:00Z'),
    userId: 'user-1',
    organizationId: 'org-1',
    impersonatorUserId: 'support-1',
    sessionId: null,
    name: 'page.viewed',
    properties: { n },
  });

  it('tries a failing batch 3 times, then drops it with a warning that names no secret', async () => {
    const service = fakeService(() => 500);
    const url = await service.start();
    const warnings: unknown[][] = [];
    const forwarder = createForwarder(
      { mode: 'mixpanel', apiHost: url, token: 'secret-project-token' },
      { warn: (...args: unknown[]) => warnings.push(args) },
      [10, 10],
    );
    forwarder.enqueue([event(1)]);
    await forwarder.idle();
    await service.stop();
    expect(service.received).toHaveLength(3);
    expect(JSON.parse(service.received[0]?.text ?? '')[0].properties).toMatchObject({
      impersonator_user_id: 'support-1',
      n: 1,
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[0]).toMatchObject({ service: 'mixpanel', status: 500, dropped: 1 });
    expect(JSON.stringify(warnings)).not.toContain('secret-project-token');
  });

  it('drops a batch the service refuses (400) without retrying, then sends the next in 50s', async () => {
    const service = fakeService((n) => (n === 1 ? 400 : 200));
    const url = await service.start();
    const warnings: unknown[][] = [];
    const forwarder = createForwarder(
      { mode: 'posthog', host: url, key: 'phc_secret' },
      { warn: (...args: unknown[]) => warnings.push(args) },
      [10, 10],
    );
    forwarder.enqueue(Array.from({ length: 120 }, (_, i) => event(i)));
    await forwarder.idle();
    await service.stop();
    expect(service.received.map((r) => JSON.parse(r.text).batch.length)).toEqual([50, 50, 20]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[0]).toMatchObject({ service: 'posthog', status: 400, dropped: 50 });
    expect(JSON.stringify(warnings)).not.toContain('phc_secret');
  });
});

describe('analytics service settings', () => {
  it.each([
    [{}, { mode: 'store' }],
    [
      { MIXPANEL_API_HOST: 'https://api-eu.mixpanel.com/', MIXPANEL_TOKEN: 'tok' },
      { mode: 'mixpanel', apiHost: 'https://api-eu.mixpanel.com', token: 'tok' },
    ],
    [
      { POSTHOG_HOST: 'https://eu.i.posthog.com', POSTHOG_KEY: 'phc_x' },
      { mode: 'posthog', host: 'https://eu.i.posthog.com', key: 'phc_x' },
    ],
  ])('%j → %j', (env, expected) => {
    expect(testConfig(env).productAnalytics).toEqual(expected);
  });

  it.each([
    [{ MIXPANEL_API_HOST: 'https://api.mixpanel.com' }, 'MIXPANEL_API_HOST, MIXPANEL_TOKEN'],
    [{ POSTHOG_KEY: 'phc_x' }, 'POSTHOG_HOST, POSTHOG_KEY'],
    [{ MIXPANEL_API_HOST: 'ftp://x', MIXPANEL_TOKEN: 't' }, 'MIXPANEL_API_HOST'],
    [
      {
        MIXPANEL_API_HOST: 'https://a.example',
        MIXPANEL_TOKEN: 't',
        POSTHOG_HOST: 'https://b.example',
        POSTHOG_KEY: 'k',
      },
      'set one analytics service',
    ],
  ])('%j is refused', (env, problem) => {
    expect(() => testConfig(env)).toThrow(ConfigError);
    try {
      testConfig(env);
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toContain(problem);
    }
  });
});
