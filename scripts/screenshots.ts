/**
 * `npm run screenshots -- --out <dir>`: issue 37's tour of the console in Chromium. Serves the built console as
 * `npm start` does (bench/server-process.ts: embedded PostgreSQL, the demo organizations and simulator) on a temp
 * data directory, signs in the demo people it needs (bench/sign-in.ts: TOTP enrolment through the API), drives each
 * screen to the state that shows one of the issue's points, and screenshots it in four variants: 1366×900 and
 * 390×844, each in English/light and Spanish/dark. The language and theme are set as a person sets them: saved to
 * the person's preferences (what the header's menus call) and kept under the console's storage keys, with the
 * browser's own language and colour scheme to match.
 *
 * Files: `<point>-<slug>-<width>-<lang>-<theme>.png`; a shot whose steps failed is saved as `…-failed.png` with
 * what failed in `failures.txt`. Options: `--out <dir>` (required), `--port <n>` (default 18731; the database
 * takes the next one), `--only <prefix,…>` (shots whose name starts so), `--keep-data` (leave the data directory).
 * Not part of `npm test`; everything is bounded in time (a shot 120 s, the whole tour 40 min).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { type Job, jobVerdict } from '@vnoc/contracts';
import { startServer, stopServer } from '../bench/server-process.ts';
import { DEMO_PASSWORD, enrollApp, tokenOf } from '../bench/sign-in.ts';
import { ensureWebBuilt } from './lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    port: { type: 'string', default: '18731' },
    only: { type: 'string' },
    'keep-data': { type: 'boolean', default: false },
  },
});
if (!args.out)
  throw new Error('usage: node --import tsx scripts/screenshots.ts --out <dir> [--only 03-,wall]');
const OUT = path.resolve(args.out);
const PORT = Number(args.port);
const ONLY = args.only?.split(',').filter(Boolean) ?? [];
const SHOT_MS = 120_000;
const TOUR_MS = 40 * 60_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The console's clock for every variant: dates are shown with this zone's abbreviation. */
const TIME_ZONE = 'America/Chicago';

type Language = 'en' | 'es';
type Theme = 'light' | 'dark';
type Variant = { width: number; height: number; lang: Language; theme: Theme };
const VARIANTS: Variant[] = [
  { width: 1366, height: 900, lang: 'en', theme: 'light' },
  { width: 1366, height: 900, lang: 'es', theme: 'dark' },
  { width: 390, height: 844, lang: 'en', theme: 'light' },
  { width: 390, height: 844, lang: 'es', theme: 'dark' },
];

// ---------------------------------------------------------------------------------------------------------------
// The server and the people

mkdirSync(OUT, { recursive: true });
if ((await ensureWebBuilt()) !== 0) throw new Error('the web app did not build');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-shots-'));
console.log(`[shots] starting the console on ${PORT} (data in ${dataDir})…`);
const server = await startServer(
  {
    dataDir,
    port: PORT,
    jwtSecret: randomBytes(32).toString('hex'),
    env: {
      WEB_DIST: path.join(ROOT, 'apps/web/dist'),
      DEMO: '1',
      PG_PORT: String(PORT + 1),
      MQTT_PORT: '0',
      // Alerts raised within a minute, and an outage (120 simulated minutes at most) lasting the tour's 30 minutes.
      SIM_SPEED: '4',
    },
  },
  300_000,
);
// However the tour ends (a set-up step that throws included), the server and its PostgreSQL stop with it.
process.on('exit', () => server.child.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void stopServer(server).finally(() => {
      if (!args['keep-data']) rmSync(dataDir, { recursive: true, force: true });
      process.exit(1);
    });
  });
const BASE = server.address;
console.log(`[shots] up in ${Math.round(server.startMs / 1000)} s at ${BASE}`);

type Person = { nextCode: () => Promise<string>; token: string; issuedAt: number };
const people = new Map<string, Person>();

async function call<T = unknown>(
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${BASE}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A young full-session token of a demo person: enrolled once (bench/sign-in.ts), renewed through newJWT once it is
 * 3 minutes old (a page renews a 5-minute-old token itself, and the server retires the renewed one 30 s later).
 */
async function tokenFor(username: string): Promise<string> {
  let person = people.get(username);
  if (!person) {
    const nextCode = await enrollApp(BASE, username);
    person = { nextCode, token: await tokenOf(BASE, username, await nextCode()), issuedAt: Date.now() };
    people.set(username, person);
  } else if (Date.now() - person.issuedAt > 180_000) {
    const response = await fetch(`${BASE}/api/access/newJWT`, {
      headers: { authorization: `Bearer ${person.token}` },
    });
    if (!response.ok) throw new Error(`newJWT of ${username}: ${response.status}`);
    person.token = (response.headers.get('authorization') ?? '').replace(/^Bearer /, '');
    person.issuedAt = Date.now();
  }
  return person.token;
}

/** The person's language and theme, saved as the header's menus save them; answers the profile to store. */
async function choose(username: string, v: Variant): Promise<string> {
  const token = await tokenFor(username);
  await call(token, 'POST', '/api/userProfile/updateUserPreferences', [
    { name: 'language', value: v.lang },
    { name: 'theme', value: v.theme },
  ]);
  return JSON.stringify(await call(token, 'GET', '/api/userProfile'));
}

// ---------------------------------------------------------------------------------------------------------------
// Shots

const browser: Browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const failures: string[] = [];
const written: string[] = [];
const tourEnds = Date.now() + TOUR_MS;

/**
 * `as`: whose language and theme are chosen (and, unless `token: false`, who is signed in on the page); `storage:
 * false` leaves the browser's storage empty (the browser's own language and colour scheme apply).
 */
type Signed = { as?: string; token?: boolean; storage?: boolean; fullPage?: boolean };
type Drive = (page: Page, v: Variant, context: BrowserContext) => Promise<void>;

async function newContext(v: Variant, signed: Signed): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: v.width, height: v.height },
    locale: v.lang === 'es' ? 'es-ES' : 'en-US',
    colorScheme: v.theme,
    timezoneId: TIME_ZONE,
  });
  const user = signed.as ? await choose(signed.as, v) : null;
  const jwt = signed.as && signed.token !== false ? await tokenFor(signed.as) : null;
  if (signed.storage !== false)
    await context.addInitScript(
      ({ jwt, user, lang, theme }) => {
        if (window.sessionStorage.getItem('shots-set')) return;
        window.sessionStorage.setItem('shots-set', '1');
        window.localStorage.setItem('vnoc-language', lang);
        window.localStorage.setItem('theme', theme);
        if (jwt && user) {
          window.localStorage.setItem('jwt', jwt);
          window.localStorage.setItem('user', user);
        }
      },
      { jwt, user, lang: v.lang, theme: v.theme },
    );
  return context;
}

/** Waits until the page has settled: no skeleton, no loader, fonts in, a moment for transitions. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root') &&
        document.fonts.status === 'loaded',
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(700);
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: over ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** One shot in every variant: a fresh browser context each, signed in as `signed.as` (or no one). */
async function shoot(name: string, signed: Signed, drive: Drive): Promise<void> {
  if (ONLY.length && !ONLY.some((prefix) => name.startsWith(prefix))) return;
  for (const v of VARIANTS) {
    const file = `${name}-${v.width}-${v.lang}-${v.theme}`;
    if (Date.now() > tourEnds) {
      failures.push(`${file}: not taken, the tour ran out of time`);
      continue;
    }
    let context: BrowserContext | undefined;
    let page: Page | undefined;
    try {
      await withTimeout(
        (async () => {
          context = await newContext(v, signed);
          page = await context.newPage();
          page.setDefaultTimeout(20_000);
          await drive(page, v, context);
          await settle(page);
          await page.screenshot({ path: path.join(OUT, `${file}.png`), fullPage: signed.fullPage });
        })(),
        SHOT_MS,
        file,
      );
      written.push(`${file}.png`);
      console.log(`[shots] ${file}.png`);
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      failures.push(`${file}: ${message}`);
      console.log(`[shots] FAILED ${file}: ${message}`);
      await page?.screenshot({ path: path.join(OUT, `${file}-failed.png`) }).catch(() => undefined);
    } finally {
      await context?.close().catch(() => undefined);
    }
  }
}

/** Scrolls an element to the top of the window (below the sticky header) for a viewport screenshot. */
async function showTop(page: Page, selector: string): Promise<void> {
  const element = page.locator(selector).first();
  await element.waitFor();
  await element.evaluate((el) => {
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - header - 12);
  });
}

const testId = (id: string) => `[data-testid="${id}"]`;

// ---------------------------------------------------------------------------------------------------------------
// The demo's state for the points (set up through the API where the screens would take many steps)

type Device = {
  id: string;
  name: string;
  macAddress: string;
  kind: string;
  status: string;
  site: { id: string; name: string };
  deviceModelType: { model: string };
};
type Page_<T> = { content: T[]; totalElements: number };

const ACME_ADMIN = 'admin@acme.example';
const BLUEBIRD_ADMIN = 'admin@bluebird.example';
const BLUEBIRD_READER = 'readonly@bluebird.example';
const SUPPORT = 'support@vnoc.example';
const OPERATOR = 'user@acme.example';

async function devices(username: string, query: string): Promise<Device[]> {
  const answer = await call<Page_<Device>>(
    await tokenFor(username),
    'GET',
    `/api/device/search/filtered?${query}`,
  );
  return answer.content;
}

/** Takes online firewalls with LAN devices behind them offline (the demo's dev control): an alert storm. */
async function storm(username: string, count: number, spare: string[] = []): Promise<Device[]> {
  const token = await tokenFor(username);
  const taken: Device[] = [];
  for (const firewall of await devices(username, 'kind=firewall&status=online&pageSize=60')) {
    if (taken.length >= count) break;
    if (spare.includes(firewall.id)) continue;
    const response = await fetch(`${BASE}/api/dev/simulator/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ deviceId: firewall.id, minutes: 120 }),
    });
    if (response.ok) taken.push(firewall);
  }
  return taken;
}

async function poll<T>(what: string, ms: number, probe: () => Promise<T | null | undefined>): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null && value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

type Alert = { id: string; code: string; severity: string; siteId: string | null };
type Outbox = { subject: string | null; body: string; createdAt: string; channel: string };

console.log('[shots] setting the demo up: an alert storm at Bluebird, a diagnostic history at Acme…');
await tokenFor(BLUEBIRD_READER);
const stormed = await storm(BLUEBIRD_ADMIN, 6);
if (stormed.length === 0) throw new Error('no Bluebird firewall could be taken offline');
const siteOffline = await poll('a Critical "Site offline" at Bluebird', 180_000, async () => {
  const answer = await call<Page_<Alert>>(
    await tokenFor(BLUEBIRD_ADMIN),
    'GET',
    '/api/alert?status=active&pageSize=200&sorting=raisedAt-desc',
  );
  const stormedSites = new Set(stormed.map((d) => d.site.id));
  return answer.content.find((a) => a.code === 'site_offline' && stormedSites.has(a.siteId ?? ''));
});
const alertLink = await poll('the Critical email with its link', 120_000, async () => {
  const mail = await call<Outbox[]>(null, 'GET', `/api/dev/outbox?to=${encodeURIComponent(BLUEBIRD_ADMIN)}`);
  const found = mail
    .map((m) => /(?:Open this alert in vNOC|Abra esta alerta en vNOC): (\S+)$/m.exec(m.body)?.[1])
    .find(Boolean);
  return found ?? null;
});

const outageFirewall = stormed.find((d) => d.site.id === siteOffline.siteId) as Device;
// A ticket opened from the alert, with a note on the alert and a reply from support (point 12).
const bbToken = await tokenFor(BLUEBIRD_ADMIN);
await call(bbToken, 'POST', `/api/alert/${siteOffline.id}/notes`, {
  text: 'Power cut at the clinic; the utility is on its way.',
});
const ticket = await call<{ id: string }>(
  bbToken,
  'POST',
  `/api/device/troubleshooting/ticket/${outageFirewall.id}`,
  {
    subject: `[Critical] Site offline — ${outageFirewall.site.name}`,
    comment: 'The clinic lost its connection this morning.',
    alertId: siteOffline.id,
  },
);
await call(bbToken, 'POST', `/api/ticket/${ticket.id}/messages`, { body: 'Still down at noon.' });
await call(await tokenFor('desk@vnoc.example'), 'POST', `/api/support/tickets/${ticket.id}/messages`, {
  body: 'We see the WAN down; a technician is on the way.',
});

// A firewall at Acme with diagnostic runs: verdicts (Healthy/Degraded/Failing) and a run that failed (point 13).
const acmeToken = await tokenFor(ACME_ADMIN);
const acmeFirewalls = await devices(ACME_ADMIN, 'kind=firewall&status=online&pageSize=20');
const tested = acmeFirewalls[0];
if (!tested) throw new Error('no online firewall at Acme');
const jobIds: string[] = [];
for (const [action, body] of [
  ['wantest', {}],
  ['lanpingtest', {}],
  ['systemTest', {}],
] as const) {
  const job = await call<{ id: string }>(
    acmeToken,
    'POST',
    `/api/device/troubleshooting/${action}/${tested.id}`,
    body,
  );
  jobIds.push(job.id);
}
await poll('the diagnostic runs to finish', 90_000, async () => {
  const states = await Promise.all(
    jobIds.map((id) =>
      call<{ state: string }>(acmeToken, 'POST', `/api/device/troubleshooting/future/${id}`).then(
        (j) => j.state,
      ),
    ),
  );
  return states.every((s) => s !== 'queued' && s !== 'running') ? true : null;
}).catch((error: unknown) => console.log(`[shots] ${String(error)}`));
// The simulator's LAN ping loses a host now and then: asked again (at most 6 times) until one run's verdict is
// Failing, to show beside the run that Failed.
for (let tries = 0; tries < 6; tries++) {
  const asked = await call<Job>(
    acmeToken,
    'POST',
    `/api/device/troubleshooting/lanpingtest/${tested.id}`,
    {},
  );
  const done = await poll('a LAN ping to finish', 60_000, async () => {
    const job = await call<Job>(acmeToken, 'POST', `/api/device/troubleshooting/future/${asked.id}`);
    return job.state === 'queued' || job.state === 'running' ? null : job;
  }).catch(() => null);
  if (done?.state === 'succeeded' && jobVerdict(done)?.verdict === 'failing') break;
}
// A run that could not happen: the firewall taken offline (for 3 simulated minutes), then a test asked of it.
await call(acmeToken, 'POST', '/api/dev/simulator/outage', { deviceId: tested.id, minutes: 3 })
  .then(() =>
    poll('the tested firewall offline', 60_000, async () => {
      const device = await call<{ status: string }>(acmeToken, 'GET', `/api/device/${tested.id}`);
      return device.status === 'offline' ? true : null;
    }),
  )
  .then(() => call(acmeToken, 'POST', `/api/device/troubleshooting/lanpingtest/${tested.id}`, {}))
  .catch((error: unknown) => console.log(`[shots] the failed run: ${String(error)}`));

// A wall display (its own read-only key) for two shared dashboards.
const dashboards: number[] = [];
for (const [name, type] of [
  ['NOC wall', 'DeviceTotals'],
  ['NOC alerts', 'ActiveAlerts'],
] as const) {
  const saved = await call<{ id: number }>(acmeToken, 'POST', '/api/dashboard/save', {
    name,
    shared: true,
    widgets: [{ i: 'w1', type, name: type, details: {}, layout: { i: 'w1', x: 0, y: 0, w: 12, h: 4 } }],
  });
  dashboards.push(Number(saved.id));
}
const display = await call<{ key: string }>(acmeToken, 'POST', '/api/apiKeys', {
  name: 'Lobby screen',
  role: 'DISPLAY',
  siteGroupIds: [],
  dashboardIds: dashboards,
  cycleSeconds: 300,
});

const acmeSwitch = (await devices(ACME_ADMIN, 'kind=switch&status=online&pageSize=5'))[0];
const acmeAp = (await devices(ACME_ADMIN, 'kind=access-point&status=online&pageSize=5'))[0];
const acme5g = (await devices(ACME_ADMIN, 'kind=5g&status=online&pageSize=5'))[0];
const acmeSite = acmeSwitch?.site ?? tested.site;

// ---------------------------------------------------------------------------------------------------------------
// The tour

/** Opens the header search with its shortcut and types into it once it has the focus. */
async function openSearch(page: Page, text: string): Promise<void> {
  await page.locator('body').press('/');
  const box = page.getByRole('dialog').locator('input').first();
  await box.waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
  await box.pressSequentially(text, { delay: 30 });
}

/**
 * Scrolls to the page's end, where the dev outbox's button shows on a phone (it covers nothing there); a live list
 * may still grow once scrolled down, so again until the button is there.
 */
async function scrollToOutbox(page: Page): Promise<void> {
  const button = page.locator(testId('dev-outbox-button'));
  await page.locator('main').first().waitFor();
  // The outbox mounts after the page (it keeps its room at the page's end from then on, and on its first draw it
  // does not know yet that it is on a phone): only then is the page's end where it stays.
  await page.locator('body[data-dev-outbox]').waitFor({ state: 'attached' });
  await page.waitForTimeout(500);
  for (let tries = 0; tries < 20 && !(await button.isVisible()); tries++) {
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    await page.waitForTimeout(500);
  }
  await button.waitFor();
}

/**
 * Opens the dev outbox's drawer on an address and waits for its first message. Opened from a short page (Tickets
 * with none listed):
 * on a phone the button shows at a page's end only, and a live list or a dashboard keeps growing as it is scrolled.
 */
async function openOutbox(page: Page, address?: string): Promise<void> {
  await scrollToOutbox(page);
  await page.locator(testId('dev-outbox-button')).click();
  if (address) await page.locator(testId('dev-outbox-address')).fill(address);
  await page.locator(testId('outbox-message')).first().waitFor();
}

/** The signed-out link of a Critical email, through sign-in (password, then a code) to the alert it names. */
async function deepLinkSignIn(page: Page): Promise<void> {
  await page.goto(alertLink);
  await page.waitForURL(/\/login\?originalUri=/);
  await page.locator('input[autocomplete="username"]').first().fill(BLUEBIRD_READER);
  await page.locator('input[type="password"]').first().fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL(/\/authentication$/);
  const code = await (people.get(BLUEBIRD_READER) as Person).nextCode();
  await page.locator('.mantine-PinInput-input').first().click();
  await page.keyboard.type(code);
  await page.waitForURL(/\/alerts\?/);
  await page.locator(testId('alert-detail')).waitFor();
}

/** Support acts as Uriel Operator through an access link (as the Support area's "Open here" does). */
async function actAsOperator(page: Page): Promise<void> {
  const token = await tokenFor(SUPPORT);
  const found = await call<{ content: { id: string; email: string }[] }>(
    token,
    'GET',
    `/api/support/people?q=${encodeURIComponent(OPERATOR)}`,
  );
  const person = found.content.find((p) => p.email === OPERATOR);
  if (!person) throw new Error(`${OPERATOR} not found by support`);
  const { accessCode } = await call<{ accessCode: string }>(
    token,
    'POST',
    '/api/userProfile/impersonate/generate',
    {
      userId: person.id,
    },
  );
  await page.goto(`/impersonate?jwt=${encodeURIComponent(accessCode)}`);
  await page.locator(testId('impersonation-banner')).waitFor({ timeout: 30_000 });
}

// An outage of its own at Acme (120 simulated minutes: the whole tour), for support to acknowledge (point 3).
const acmeOutage = await storm(ACME_ADMIN, 1, [tested.id]);
const acmeAlert = await poll('an alert of the outage at Acme', 180_000, async () => {
  const answer = await call<Page_<Alert>>(acmeToken, 'GET', '/api/alert?status=active&pageSize=100');
  // Site offline, or on backup where the site has a second edge device.
  return answer.content.find((a) => a.siteId === acmeOutage[0]?.site.id);
});

// Point 1: a Critical goes at once, even in a storm (the digest holds the rest).
await shoot('01-critical-not-held', { as: BLUEBIRD_ADMIN }, async (page) => {
  await page.goto('/tickets?status=closed');
  await openOutbox(page);
});
// Point 2: the email's link, and signing in from it lands on the alert.
await shoot('02-email-link', { as: BLUEBIRD_ADMIN }, async (page) => {
  await page.goto('/tickets?status=closed');
  await openOutbox(page);
  await page
    .locator(testId('outbox-message'))
    .filter({ hasText: /\/alerts\?alert=/ })
    .first()
    .scrollIntoViewIfNeeded();
});
await shoot('02-deep-link-landing', { as: BLUEBIRD_READER, token: false }, deepLinkSignIn);
// Point 3: support's session, its banner, and an alert acknowledged as support's.
await shoot('03-support-banner', { as: OPERATOR, token: false }, async (page) => {
  await actAsOperator(page);
  await page.goto('/dashboard');
});
await shoot('03-acknowledged-by-support', { as: OPERATOR, token: false }, async (page) => {
  await actAsOperator(page);
  await page.goto(`/alerts?alert=${acmeAlert.id}`);
  const detail = page.locator(testId('alert-detail'));
  await detail.waitFor();
  const ack = detail.locator(testId('alert-acknowledge'));
  if (await ack.isVisible()) await ack.click();
  await detail.locator(testId('alert-acknowledged-by')).filter({ hasText: 'Sam Support' }).waitFor();
});
await shoot('03-customer-told', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/tickets');
  await openOutbox(page);
});
// Point 4: a device's displayed name is found by the header search.
await shoot('04-name-search', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/sites');
  await page.locator(testId('data-row')).first().waitFor();
  await openSearch(page, acmeSwitch?.name ?? tested.name);
  await page
    .getByRole('dialog')
    .getByRole('button')
    .filter({ hasText: acmeSwitch?.macAddress ?? '' })
    .first()
    .waitFor();
});
// Point 5: the Alerts screen, unacknowledged by severity, then newest.
await shoot('05-alerts-worst-first', { as: BLUEBIRD_ADMIN }, async (page) => {
  await page.goto('/alerts');
  await page.locator(testId('data-row')).first().waitFor();
});
// Point 6: the SLA report (pending sites are not counted down).
await shoot('06-sla-report', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/reports/sla');
  await page.locator(testId('data-row')).first().waitFor();
});
// Point 7: pages that follow the device's kind and its real port count.
await shoot('07-switch', { as: ACME_ADMIN }, async (page) => {
  await page.goto(`/sites/${acmeSwitch?.site.id}/device/${acmeSwitch?.id}`);
  await page.locator(testId('troubleshooting-panel')).waitFor();
});
await shoot('07-access-point', { as: ACME_ADMIN }, async (page) => {
  await page.goto(`/sites/${acmeAp?.site.id}/device/${acmeAp?.id}`);
  await page.locator(testId('troubleshooting-panel')).waitFor();
});
// An offline device of the demo's own (the tested firewall's site is back within a minute).
const offlineDevice = (await devices(ACME_ADMIN, 'status=offline&kind=switch&pageSize=20')).find(
  (d) => d.site.id !== tested.site.id,
);
await shoot('07-offline-device', { as: ACME_ADMIN }, async (page) => {
  await page.goto(`/sites/${offlineDevice?.site.id}/device/${offlineDevice?.id}`);
  await page.locator(testId('troubleshooting-panel')).waitFor();
  await showTop(page, testId('troubleshooting-panel'));
});
// Point 8: the browser's language and colour scheme on the sign-in page (nothing stored), dates with the zone.
await shoot('08-login-browser-language', { storage: false }, async (page) => {
  await page.goto('/login');
  await page.locator('input[type="password"]').waitFor();
});
await shoot('08-dates-durations', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/alerts');
  await page.locator(testId('data-row')).first().waitFor();
});
// Point 9: the support role's landing and the customers' tickets.
await shoot('09-support-landing', { as: SUPPORT }, async (page) => {
  await page.goto('/');
  await page.waitForURL(/\/(support|dashboard|alerts)/);
});
await shoot('09-support-tickets', { as: SUPPORT }, async (page) => {
  await page.goto('/support?view=tickets');
  await page.locator(testId('data-row')).first().waitFor();
});
// Point 10: the Activity log in sentences.
await shoot('10-activity-log', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/admin/activity');
  await page.locator(testId('data-row')).first().waitFor();
});
// Point 11: the first rows and a device's Run on the first screen.
await shoot('11-sites', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/sites');
  await page.locator(testId('data-row')).first().waitFor();
});
await shoot('11-devices', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/devices');
  await page.locator(testId('data-row')).first().waitFor();
});
await shoot('11-device-run', { as: ACME_ADMIN }, async (page) => {
  await page.goto(`/sites/${tested.site.id}/device/${acmeFirewalls[2]?.id ?? tested.id}`);
  await page.locator(testId('run-action')).waitFor();
});
// Point 12: the alert and its ticket, the ticket's thread with support.
await shoot('12-alert-ticket', { as: BLUEBIRD_ADMIN }, async (page) => {
  await page.goto(`/alerts?alert=${siteOffline.id}`);
  await page.locator(testId('alert-ticket-link')).first().waitFor();
});
await shoot('12-ticket-thread', { as: BLUEBIRD_ADMIN }, async (page) => {
  await page.goto(`/tickets/${ticket.id}`);
  await page.locator(testId('ticket-message')).nth(1).waitFor();
  await showTop(page, testId('ticket-alert'));
});
await shoot('12-support-answers', { as: SUPPORT }, async (page) => {
  await page.goto(`/support?view=tickets&ticket=${ticket.id}`);
  await page.locator(testId('support-ticket')).locator(testId('ticket-message')).nth(1).waitFor();
});
// Point 13: Failing (a verdict) and Failed (the run did not happen) side by side.
await shoot('13-verdict-vs-run-state', { as: ACME_ADMIN }, async (page) => {
  await page.goto(`/sites/${tested.site.id}/device/${tested.id}`);
  await page.locator(testId('job-history')).waitFor();
  await showTop(page, testId('job-history'));
});
// Point 14, the smaller ones.
await shoot('14-billing-report', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/reports/cellular-billing');
  await page.locator(testId('data-row')).first().waitFor();
});
await shoot('14-dashboard-problem-devices-uptime', { as: ACME_ADMIN, fullPage: true }, async (page) => {
  await page.goto('/dashboard');
  await page.locator('[data-widget]').first().waitFor();
  // Scrolled to its end and back, as a person reads it: on a phone the widgets below the first screen mount as
  // they come near, not when the page is idle.
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  );
  await page.waitForTimeout(1_000);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForTimeout(1_000);
});
if (acme5g)
  await shoot('14-rsrp-dbm', { as: ACME_ADMIN }, async (page) => {
    await page.goto(`/sites/${acme5g.site.id}/device/${acme5g.id}`);
    await page.getByText('dBm').first().waitFor();
    await page
      .getByText('dBm')
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  });
await shoot('14-map-legend', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/sites/map');
  await page.locator(testId('map-legend')).waitFor();
  await page.locator('.leaflet-marker-icon').first().waitFor();
});
await shoot('14-site-location-last-visited', { as: ACME_ADMIN }, async (page) => {
  // A device page visited first: the menu's "Last Visited Site" follows it.
  await page.goto(`/sites/${acmeSite.id}/device/${acmeSwitch?.id ?? tested.id}`);
  await page.locator(testId('troubleshooting-panel')).waitFor();
  await page.goto(`/sites/${acmeSite.id}`);
  await page.locator('.leaflet-container').first().waitFor();
  await page
    .locator('.leaflet-container .leaflet-interactive, .leaflet-container .leaflet-marker-icon')
    .first()
    .waitFor();
});
await shoot('14-second-test-notification', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/settings/notifications');
  const email = page.locator(testId('channel-email'));
  await email.waitFor();
  const send = email
    .getByRole('button')
    .filter({ hasText: /test|prueba/i })
    .first();
  await send.click();
  await page.waitForTimeout(1_500);
  await send.click();
  await page.getByRole('alert').or(page.locator('.mantine-Notification-root')).first().waitFor();
  await page.waitForTimeout(500);
});
await shoot('14-promote-confirmation', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/admin/users');
  // The person's name opens the form; the role becomes Administrator; saving asks first.
  await page.getByText('Rita Viewer').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Rol/).click();
  await page.getByRole('option', { name: /^Administra/ }).click();
  await dialog.locator('button[type="submit"]').click();
  await page.locator(testId('confirm-administrator')).waitFor();
});
await shoot('14-tickets-table', { as: BLUEBIRD_ADMIN }, async (page) => {
  await page.goto('/tickets');
  await page.locator(testId('data-row')).first().waitFor();
});
await shoot('14-dev-outbox-at-end', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/sites');
  await page.locator(testId('data-row')).first().waitFor();
  await scrollToOutbox(page);
});
await shoot('14-chat-who-answers', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/sites');
  await page.locator(testId('chat-launcher')).click();
  await page
    .locator(testId('chat-new'))
    .or(page.locator(testId('chat-empty')))
    .first()
    .waitFor();
});
// Point 15: the spec's remaining items that show.
await shoot('15-unassociated-sites', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/settings/groups');
  await page.locator(testId('unassociated-sites')).waitFor();
  await showTop(page, testId('unassociated-sites'));
});
await shoot('15-feedback', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/dashboard');
  await page.locator(testId('user-menu')).click();
  await page.locator(testId('feedback-open')).click();
  await page.getByRole('dialog').locator('textarea').first().waitFor();
});
await shoot('15-mobile-verification', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/settings/profile');
  await page.locator('form').first().waitFor();
});
await shoot('15-chart-tooltip', { as: ACME_ADMIN }, async (page) => {
  // The WAN chart of a device: its tooltip names the sample's time as the spec writes dates.
  await page.goto(`/sites/${tested.site.id}/device/${tested.id}`);
  const card = page.locator(testId('device-wan-chart'));
  await showTop(page, testId('device-wan-chart'));
  const chart = card.locator('.recharts-surface').first();
  await chart.waitFor();
  const box = await chart.boundingBox();
  if (box) await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await page.locator('.recharts-tooltip-wrapper').first().waitFor();
  await page.waitForTimeout(500);
});
// The fleet query language, in the header search with its suggestions.
await shoot('query-language', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/sites');
  await page.locator(testId('data-row')).first().waitFor();
  await openSearch(page, 'status:offline state:T');
  await page.getByRole('dialog').getByRole('group').first().waitFor();
  await page.waitForTimeout(1_200);
});
await shoot('query-language-results', { as: ACME_ADMIN }, async (page) => {
  await page.goto('/devices?q=status%3Aoffline%20model%3AMX');
  await page.locator(testId('data-row')).first().waitFor();
});
// The wall display: no one signed in, its key in the link's fragment.
await shoot('wall-display', {}, async (page) => {
  await page.goto(`/wall#key=${encodeURIComponent(display.key)}`);
  await page.locator(testId('wall-dashboard')).waitFor();
  await page.locator('[data-widget]').first().waitFor();
});
// The status timeline on a site and on a device.
await shoot('timeline-site', { as: ACME_ADMIN }, async (page) => {
  await page.goto(`/sites/${tested.site.id}`);
  await showTop(page, testId('timeline'));
  await page.locator(testId('availability-day')).first().waitFor();
});
await shoot('timeline-device', { as: ACME_ADMIN }, async (page) => {
  await page.goto(`/sites/${tested.site.id}/device/${tested.id}`);
  await showTop(page, testId('timeline'));
  await page.locator(testId('availability-day')).first().waitFor();
});

// ---------------------------------------------------------------------------------------------------------------

await browser.close();
await stopServer(server);
if (!args['keep-data']) rmSync(dataDir, { recursive: true, force: true });
writeFileSync(path.join(OUT, 'failures.txt'), failures.length ? `${failures.join('\n')}\n` : '');
console.log(
  `[shots] ${written.length} screenshots in ${OUT}; ${failures.length} failed${failures.length ? ':' : ''}`,
);
for (const failure of failures) console.log(`  ${failure}`);
process.exit(failures.length ? 1 : 0);
