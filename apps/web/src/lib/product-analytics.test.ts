import type { ProductEvent } from '@vnoc/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_SESSION_MS,
  type AnalyticsSession,
  analyticsAllowed,
  createAnalyticsClient,
  deviceAnalyticsTags,
  FLUSH_DELAY_MS,
  MAX_BATCH,
  nextSession,
  SEARCH_TRACK_DEBOUNCE_MS,
  tracksPageView,
} from './product-analytics.ts';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);

function harness(options: { enabled?: () => boolean; fail?: () => boolean } = {}) {
  const sent: { events: ProductEvent[]; keepalive: boolean }[] = [];
  let stored: AnalyticsSession | null = null;
  let ids = 0;
  const client = createAnalyticsClient({
    enabled: options.enabled ?? (() => true),
    send: async (events, keepalive) => {
      if (options.fail?.()) throw new Error('network');
      sent.push({ events, keepalive });
    },
    now: () => Date.now(),
    newId: () => `session-${++ids}`,
    loadSession: () => stored,
    saveSession: (s) => {
      stored = s;
    },
  });
  const events = () => sent.flatMap((b) => b.events);
  return { client, sent, events, session: () => stored };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('page views (spec part 2: "Page views are tracked except for routes named Site and Device")', () => {
  it.each([
    ['Dashboards', true],
    ['AllSites', true],
    ['AllDevices', true],
    ['Alerts', true],
    ['Profile', true],
    ['Site', false],
    ['Device', false],
    ['', false],
  ])('route %s → tracked %s', (route, expected) => {
    expect(tracksPageView(route)).toBe(expected);
    const h = harness();
    h.client.pageView(route, '/somewhere');
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(h.events()).toEqual(
      expected
        ? [{ name: 'page.viewed', sessionId: 'session-1', properties: { route, path: '/somewhere' } }]
        : [],
    );
  });
});

describe('analytics session (spec parts 4 and 9: reused while under 30 minutes since last activity)', () => {
  it('is 30 minutes', () => expect(ANALYTICS_SESSION_MS).toBe(30 * 60_000));

  it.each([
    ['no session yet', 'new', null],
    ['1 ms since the last activity', 'same', 1],
    ['29 min 59 s since', 'same', 29 * 60_000 + 59_000],
    ['exactly 30 minutes since', 'new', 30 * 60_000],
    ['2 hours since', 'new', 2 * 3_600_000],
  ])('%s → %s session', (_label, expected, idleMs) => {
    const stored = idleMs === null ? null : { id: 'old', lastActivity: T0 - idleMs };
    const next = nextSession(stored, T0, () => 'fresh');
    expect(next).toEqual({ id: expected === 'same' ? 'old' : 'fresh', lastActivity: T0 });
  });

  it('counts from the last activity, so steady use keeps one session for hours', async () => {
    const h = harness();
    for (let i = 0; i < 10; i++) {
      h.client.track('page.viewed', { route: 'Alerts' });
      await vi.advanceTimersByTimeAsync(20 * 60_000);
    }
    expect(new Set(h.events().map((e) => e.sessionId))).toEqual(new Set(['session-1']));
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    h.client.track('page.viewed', { route: 'Alerts' });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(h.events().at(-1)?.sessionId).toBe('session-2');
    expect(h.session()).toEqual({ id: 'session-2', lastActivity: Date.now() - FLUSH_DELAY_MS });
  });
});

describe('filtered-search tracking (spec part 9: debounced 5 s, skipped when the page number is above 0)', () => {
  it('is 5 seconds', () => expect(SEARCH_TRACK_DEBOUNCE_MS).toBe(5_000));

  it('sends only the last search, 5 s after it stopped changing', () => {
    const h = harness();
    h.client.trackFilteredSearch('sites', { page: 0, q: 's' });
    vi.advanceTimersByTime(3_000);
    h.client.trackFilteredSearch('sites', { page: 0, q: 'st', status: ['offline'] });
    vi.advanceTimersByTime(4_999);
    expect(h.client.pending()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(h.client.pending()).toBe(1);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(h.events()).toEqual([
      {
        name: 'search.filtered',
        sessionId: 'session-1',
        properties: { list: 'sites', q: 'st', status: ['offline'] },
      },
    ]);
  });

  it('is skipped when the page number is above 0 (and a page change cancels the search pending)', () => {
    const h = harness();
    h.client.trackFilteredSearch('devices', { page: 2, pageSize: 50, model: ['MX68'] });
    vi.advanceTimersByTime(SEARCH_TRACK_DEBOUNCE_MS + FLUSH_DELAY_MS);
    expect(h.events()).toEqual([]);
    h.client.trackFilteredSearch('devices', { page: 0, pageSize: 50 });
    h.client.trackFilteredSearch('devices', { page: 1, pageSize: 50 });
    vi.advanceTimersByTime(SEARCH_TRACK_DEBOUNCE_MS + FLUSH_DELAY_MS);
    expect(h.events()).toEqual([]);
  });

  it('debounces each list on its own', () => {
    const h = harness();
    h.client.trackFilteredSearch('sites', { page: 0, q: 'a' });
    h.client.trackFilteredSearch('devices', { page: 0, kind: ['firewall'] });
    vi.advanceTimersByTime(SEARCH_TRACK_DEBOUNCE_MS + FLUSH_DELAY_MS);
    expect(h.events().map((e) => e.properties)).toEqual([
      { list: 'sites', q: 'a' },
      { list: 'devices', kind: ['firewall'] },
    ]);
  });
});

describe('opting out', () => {
  it('sends nothing: no page view, no event, no search, and what was queued is forgotten', async () => {
    let allowed = true;
    const h = harness({ enabled: () => allowed });
    h.client.track('page.viewed', { route: 'Alerts' });
    allowed = false;
    h.client.pageView('Alerts', '/alerts');
    h.client.track('device.viewed', { mac: '00:11:22:33:44:55' });
    h.client.trackFilteredSearch('sites', { page: 0, q: 'x' });
    await vi.advanceTimersByTimeAsync(SEARCH_TRACK_DEBOUNCE_MS + FLUSH_DELAY_MS);
    await h.client.flush(true);
    expect(h.sent).toEqual([]);
    expect(h.client.pending()).toBe(0);
  });

  it.each([
    [[], true],
    [[{ id: 1, name: 'analytics', value: 'on' }], true],
    [[{ id: 1, name: 'analytics', value: 'off' }], false],
    [
      [
        { id: 2, name: 'analytics', value: 'on' },
        { id: 1, name: 'analytics', value: 'off' },
      ],
      false,
    ],
  ])('preferences %j → allowed %s', (userPreferences, expected) => {
    expect(analyticsAllowed({ userPreferences })).toBe(expected);
  });
});

describe('batches', () => {
  it(`are sent ${FLUSH_DELAY_MS / 1000} s after the first event, at once when ${MAX_BATCH} are queued`, async () => {
    const h = harness();
    h.client.track('page.viewed', { route: 'Alerts' });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS - 1);
    expect(h.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent.map((b) => b.events.length)).toEqual([1]);
    for (let i = 0; i < MAX_BATCH; i++) h.client.track('page.viewed', { route: 'Alerts', n: i });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent.map((b) => b.events.length)).toEqual([1, MAX_BATCH]);
  });

  it('flushes with keepalive when asked (page hidden)', async () => {
    const h = harness();
    h.client.track('page.viewed', { route: 'Alerts' });
    await h.client.flush(true);
    expect(h.sent).toEqual([{ events: [expect.objectContaining({ name: 'page.viewed' })], keepalive: true }]);
  });

  it('keeps the events when the server cannot be reached, and sends them next time', async () => {
    let down = true;
    const h = harness({ fail: () => down });
    h.client.track('page.viewed', { route: 'Alerts' });
    await h.client.flush();
    expect(h.client.pending()).toBe(1);
    down = false;
    await h.client.flush();
    expect(h.events()).toHaveLength(1);
  });

  it('never carries a token, password or code', async () => {
    const h = harness();
    h.client.track('signIn.completed', {
      method: 'totp',
      jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
      totp: '123456',
      password: 'secret',
      path: '/impersonate?jwt=abc',
    });
    await h.client.flush();
    expect(h.events()[0]?.properties).toEqual({ method: 'totp' });
  });
});

describe('reset for tests sharing one module graph', () => {
  it('forgets the queue and the pending flush and search, so nothing an earlier file tracked is sent', async () => {
    const h = harness();
    h.client.track('page.viewed', { route: 'Alerts', path: '/alerts' });
    h.client.trackFilteredSearch('sites', { page: 0, q: 'acme' });
    h.client.resetForTests();
    expect(h.client.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(SEARCH_TRACK_DEBOUNCE_MS + FLUSH_DELAY_MS);
    expect(h.sent).toEqual([]);
  });
});

describe('device tags (spec part 3: manufacturer, model, MAC, site name, alias, account number, account holder names)', () => {
  const device = {
    macAddress: '00:18:0a:12:34:56',
    deviceModelType: { manufacturer: 'Cisco Meraki', model: 'MX68' },
    site: { id: 's1', name: 'Store 12' },
  };
  it.each([
    [
      'with its site',
      {
        name: 'Store 12',
        alias: 'Downtown',
        backOfficeAccountId: '800123',
        accountHolders: [{ name: 'Ana Ortiz' }, { name: 'Bob Stone' }],
      },
      {
        manufacturer: 'Cisco Meraki',
        model: 'MX68',
        mac: '00:18:0a:12:34:56',
        siteName: 'Store 12',
        alias: 'Downtown',
        accountNumber: '800123',
        accountHolderNames: ['Ana Ortiz', 'Bob Stone'],
      },
    ],
    [
      'with a site without alias, account or holders',
      { name: 'Store 12', alias: null, backOfficeAccountId: null, accountHolders: [] },
      {
        manufacturer: 'Cisco Meraki',
        model: 'MX68',
        mac: '00:18:0a:12:34:56',
        siteName: 'Store 12',
        alias: null,
        accountNumber: null,
        accountHolderNames: [],
      },
    ],
    [
      'before its site is known',
      null,
      {
        manufacturer: 'Cisco Meraki',
        model: 'MX68',
        mac: '00:18:0a:12:34:56',
        siteName: 'Store 12',
        alias: null,
        accountNumber: null,
        accountHolderNames: [],
      },
    ],
  ])('%s', (_label, site, expected) => {
    expect(deviceAnalyticsTags(device, site)).toEqual(expected);
  });
});
