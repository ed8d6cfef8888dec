import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  chooseLanguage,
  DEMO_PASSWORD,
  enrolledSecret,
  seriousViolations,
  signedInAs,
  totpFor,
  useToken,
} from './support.ts';

// Runs in the `alerts` project (playwright.config.ts), against the second server (SIM_SPEED 20): each demo
// user enrols once per server, and there only the troubleshooting flows sign in (as admin@acme.example).
// The outage is taken at Bluebird, whose fleet the troubleshooting flows leave alone.
const ADMIN = 'admin@bluebird.example';
const ADMIN_NAME = 'Ben Bird';
/**
 * A colleague with the dashboard open: their menu badge counts the new alert (the admin's own badge is
 * cleared by their open Alerts screen, which marks the newest alert seen).
 */
const WATCHER = 'readonly@bluebird.example';
const USER = 'user@acme.example';
const SPANISH_USER = 'user@bluebird.example';
const READER = 'readonly@acme.example';

const signedIn = signedInAs;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Found = {
  id: string;
  macAddress: string;
  kind: string;
  status: string;
  site: { id: string; name: string };
};

type Outage = { firewall: Found; lan: Found[] };

async function searchDevices(request: APIRequestContext, token: string, query: string): Promise<Found[]> {
  const res = await request.get(`/api/device/search/filtered?${query}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { content: Found[] }).content;
}

/**
 * Online firewalls whose site has online access points or switches behind them (and no other edge device),
 * so an outage of the firewall takes those down as its dependents. Chosen through the API: the fleet is random.
 */
async function outageCandidates(request: APIRequestContext, token: string): Promise<Outage[]> {
  const firewalls = await searchDevices(request, token, 'kind=firewall&status=online&pageSize=50');
  const out: Outage[] = [];
  for (const firewall of firewalls) {
    const devices = await searchDevices(request, token, `siteId=${firewall.site.id}&pageSize=50`);
    const edges = devices.filter((d) => d.kind === 'firewall' || d.kind === '5g');
    const lan = devices.filter(
      (d) => (d.kind === 'access-point' || d.kind === 'switch') && d.status === 'online',
    );
    if (edges.length === 1 && lan.length > 0) out.push({ firewall, lan });
    if (out.length >= 5) break;
  }
  expect(out.length, 'an online firewall with online LAN devices behind it').toBeGreaterThan(0);
  return out;
}

/** Takes the first candidate that is still up offline (the demo's dev control); a busy one answers 409. */
async function takeOffline(request: APIRequestContext, token: string, candidates: Outage[]): Promise<Outage> {
  for (const candidate of candidates) {
    const res = await request.post('/api/dev/simulator/outage', {
      headers: auth(token),
      data: { deviceId: candidate.firewall.id, minutes: 120 },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(200);
    return candidate;
  }
  throw new Error('every candidate firewall was busy');
}

/**
 * Marks every active alert seen for a person, as their Alerts screen would. The mark never moves back, so
 * marking each active root alert leaves it on the last one stored. (Marking only the newest by raisedAt, as
 * the screen does, can leave alerts stored later but raised earlier counted as unseen.)
 */
async function markAllSeen(request: APIRequestContext, token: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await request.get('/api/alert?status=active&pageSize=200&sorting=raisedAt-desc', {
      headers: auth(token),
    });
    const active = ((await res.json()) as { content: { id: string }[] }).content;
    for (const alert of active) {
      const seen = await request.post('/api/userProfile/updateLastSeenAlert', {
        headers: auth(token),
        data: { lastSeenId: alert.id },
      });
      expect(seen.status(), await seen.text()).toBe(200);
      if (((await seen.json()) as { unseen: number }).unseen === 0) return;
    }
  }
}

/** The menu's unseen badge as a number (0 when hidden; "99+" reads as 99). */
async function unseenBadge(page: Page): Promise<number> {
  const badge = page.getByTestId('alerts-unseen-badge');
  if ((await badge.count()) === 0) return 0;
  return Number.parseInt((await badge.textContent()) ?? '0', 10) || 0;
}

test.describe('an outage on the Alerts screen', () => {
  // The flows share the admin, who enrols once: one worker, in order.
  test.describe.configure({ mode: 'serial' });

  test('a site goes offline: live row, badge, dependents, acknowledge, note, device page, ticket', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // The longest flow of the suite: 1.5 min in CI's run of 2026-11-30, 2.2 min with other work beside it.
    test.setTimeout(180_000);
    const token = await signedIn(request, ADMIN);
    const watcherToken = await signedIn(request, WATCHER);
    const candidates = await outageCandidates(request, token);

    // The colleague has seen every alert so far; their dashboard is open.
    await markAllSeen(request, watcherToken);
    const watcherContext = await browser.newContext({ baseURL });
    const watcher = await watcherContext.newPage();
    await useToken(watcher, watcherToken);
    const watcherCounts = watcher.waitForResponse((r) => r.url().includes('/api/alert/counts') && r.ok());
    await watcher.goto('/dashboard');
    await watcherCounts;
    await expect(watcher.getByRole('navigation').getByRole('link', { name: /^Alerts/ })).toBeVisible();
    const unseenBefore = await unseenBadge(watcher);

    // The admin has the Alerts screen open (newest first); none of the candidate sites is offline.
    await useToken(page, token);
    await page.goto('/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    await expect(page.getByTestId('alerts-tab-active')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('data-table').or(page.getByText('No active alerts')).first()).toBeVisible();
    for (const { firewall } of candidates) {
      await expect(
        page.getByRole('row', { name: `Open alert: Critical, Site offline, ${firewall.site.name}` }),
      ).toHaveCount(0);
    }
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { e2eNoReload: boolean }).e2eNoReload = true;
    });

    const { firewall, lan } = await takeOffline(request, token, candidates);
    const site = firewall.site;

    // Live: the new critical row appears without a reload.
    const row = page.getByRole('row', { name: `Open alert: Critical, Site offline, ${site.name}` });
    await expect(row).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(
      true,
    );
    await expect(row).toContainText(firewall.macAddress);
    await expect(row.getByTestId('dependents-count')).toBeVisible();

    // The colleague's menu badge counts it, also without a reload.
    await expect.poll(() => unseenBadge(watcher), { timeout: 15_000 }).toBeGreaterThan(unseenBefore);
    await watcherContext.close();

    // The detail: the site's access points and switches are its dependents.
    await row.locator('td').first().click();
    await expect(page).toHaveURL(/[?&]alert=[0-9a-f-]{36}/);
    const drawer = page.getByRole('dialog');
    const detail = drawer.getByTestId('alert-detail');
    await expect(drawer).toContainText(`Site offline — ${site.name}`);
    await expect(detail.getByTestId('alert-status')).toHaveText('Active');
    const dependents = detail.getByTestId('alert-dependents');
    for (const device of lan) await expect(dependents).toContainText(device.macAddress);
    await expect(dependents.getByTestId('related-alert').first()).toContainText('Device offline');

    // Acknowledge: who did it is shown.
    await expect(detail.getByTestId('alert-acknowledged-by')).toHaveText('Not yet');
    await detail.getByTestId('alert-acknowledge').click();
    await expect(page.getByText('Site offline acknowledged')).toBeVisible();
    await expect(detail.getByTestId('alert-acknowledged-by')).toContainText(`By ${ADMIN_NAME} on `);
    await expect(detail.getByTestId('alert-acknowledge')).toHaveCount(0);

    // A note, listed with its author.
    const note = `Power cut at the clinic, utility called (${Date.now() % 100000})`;
    await detail.getByTestId('alert-note-text').fill(note);
    await detail.getByTestId('alert-note-submit').click();
    const notes = detail.getByTestId('alert-notes');
    await expect(notes).toContainText(note);
    await expect(notes).toContainText(ADMIN_NAME);
    await expect(detail.getByTestId('alert-note-text')).toHaveValue('');

    // The device page, in the same tab: its alerts panel has the site's outage.
    const alertUrl = page.url();
    await detail.getByRole('link', { name: new RegExp(firewall.macAddress) }).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${site.id}/device/${firewall.id}$`));
    const panel = page.getByTestId('device-alerts');
    await expect(panel.getByTestId('device-alert-list')).toContainText('Site offline');

    // Back on the alert: "Open a ticket", prefilled with it, sent.
    await page.goBack();
    await expect(page).toHaveURL(alertUrl);
    await expect(detail.getByTestId('alert-acknowledged-by')).toContainText(`By ${ADMIN_NAME} on `);
    await detail.getByRole('button', { name: 'Open a ticket' }).click();
    const form = page.getByTestId('send-ticket-form');
    await expect(form).toBeVisible();
    await expect(form.getByTestId('send-ticket-subject')).toHaveValue(
      `[Critical] Site offline — ${site.name}`,
    );
    // The comment names the alert and its dependents.
    const comment = await form.getByTestId('send-ticket-comment').inputValue();
    expect(comment).toContain(`Site: ${site.name}`);
    for (const device of lan) expect(comment).toContain(device.macAddress);
    await expect(form.getByTestId('send-ticket-device')).toContainText(firewall.macAddress);
    await form.getByTestId('send-ticket-submit').click();
    await expect(page.getByText('Support ticket successfully sent!')).toBeVisible();
    await expect(form).toHaveCount(0);
  });

  test('axe: the Alerts screen with an alert open', async ({ page, request }) => {
    const token = await signedIn(request, ADMIN);
    // An active alert to open (the fleet is random: take a site offline when none is active).
    const active = await request.get('/api/alert?status=active&pageSize=1', { headers: auth(token) });
    if (((await active.json()) as { totalElements: number }).totalElements === 0)
      await takeOffline(request, token, await outageCandidates(request, token));
    await useToken(page, token);

    await page.goto('/alerts');
    // Under CI's load (two browsers on two cores) the first page of rows has taken over 15 s to draw.
    const row = page.getByTestId('data-row').first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.locator('td').first().click();
    const detail = page.getByRole('dialog').getByTestId('alert-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('alert-note-form')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a critical alert's email links to the alert; signed out, the link goes through sign-in and lands on it", async ({
    browser,
    baseURL,
    request,
  }) => {
    const token = await signedIn(request, ADMIN);
    const secret = enrolledSecret(ADMIN);
    // The outage above emailed the administrator (a critical goes at once); alone, this test takes its own.
    const criticalEmails = async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(ADMIN)}`);
      return ((await res.json()) as { subject: string | null; body: string }[]).filter((m) =>
        /^\[vNOC\] (Critical|Crítica): /.test(m.subject ?? ''),
      );
    };
    if ((await criticalEmails()).length === 0)
      await takeOffline(request, token, await outageCandidates(request, token));
    let link = '';
    await expect
      .poll(
        async () => {
          const body = (await criticalEmails())[0]?.body ?? '';
          link = /(?:Open this alert in vNOC|Abra esta alerta en vNOC): (\S+)$/m.exec(body)?.[1] ?? '';
          return link;
        },
        { message: 'a critical alert email with its link', timeout: 30_000 },
      )
      .not.toBe('');
    // An absolute link to this console's Alerts screen with the alert open.
    const url = new URL(link);
    expect(url.origin).toBe(new URL(baseURL ?? '').origin);
    expect(url.pathname).toBe('/alerts');
    const alertId = url.searchParams.get('alert') ?? '';
    expect(alertId).toMatch(/^[0-9a-f-]{36}$/);

    // Signed out (a fresh browser): sign-in first, with the page kept; then password and code, then the alert.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?originalUri=%2Falerts%3F/);
    await page.getByLabel('Email address').fill(ADMIN);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/authentication$/);
    await page.getByLabel('Verification code, digit 1 of 6').click();
    await page.keyboard.type(totpFor(secret, 1));
    await expect(page).toHaveURL(`${url.pathname}${url.search}`);
    const detail = page.getByRole('dialog').getByTestId('alert-detail');
    await expect(detail).toBeVisible();
    const shown = await request.get(`/api/alert/${alertId}`, { headers: auth(token) });
    const code = ((await shown.json()) as { code: string }).code;
    expect(code).toMatch(/offline|outage/);
    await expect(page.getByRole('dialog')).toContainText(code === 'regional_outage' ? 'Regional' : 'offline');
    await context.close();
  });
});

test('axe: Settings → Notifications', async ({ page, request }) => {
  await useToken(page, await signedIn(request, READER));
  await page.goto('/settings/notifications');
  await expect(page.getByTestId('notification-profile-form')).toBeVisible();
  await expect(page.getByTestId('channel-email')).toContainText(`To ${READER}`);
  expect(await seriousViolations(page)).toEqual([]);
});

test('Settings → Notifications: save a profile, send a test email, a second test must wait', async ({
  page,
  request,
}) => {
  const token = await signedIn(request, USER);
  const since = Date.now();
  await useToken(page, token);

  await page.goto('/settings/notifications');
  await expect(page).toHaveTitle('Notifications | vNOC');
  const form = page.getByTestId('notification-profile-form');
  await expect(form).toBeVisible();

  // Add the minor severity (the demo profile starts without it) and save.
  const minor = form.getByRole('checkbox', { name: 'Minor', exact: true });
  await expect(minor).not.toBeChecked();
  await minor.check();
  await form.getByTestId('notification-save').click();
  await expect(page.getByText('Notification profile successfully updated')).toBeVisible();
  const stored = await request.get('/api/notificationProfile', { headers: auth(token) });
  expect(((await stored.json()) as { profile: { severities: string[] } }).profile.severities).toContain(
    'minor',
  );
  await page.reload();
  await expect(
    page.getByTestId('notification-profile-form').getByRole('checkbox', { name: 'Minor', exact: true }),
  ).toBeChecked();

  // A test by email: the toast, and the message in the dev outbox.
  const email = page.getByTestId('channel-email');
  await expect(email).toContainText(`To ${USER}`);
  await email.getByRole('button', { name: 'Send a test by Email' }).click();
  await expect(page.getByText('Test notification sent')).toBeVisible();
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(USER)}`);
        const messages = (await res.json()) as {
          subject: string | null;
          channel: string;
          createdAt: string;
        }[];
        return messages
          .filter((m) => m.channel === 'email' && Date.parse(m.createdAt) >= since - 1000)
          .map((m) => m.subject);
      },
      { message: 'the test email in the dev outbox' },
    )
    .toContain('[vNOC] Test notification');

  // Again within 5 minutes: refused, with the reason.
  await email.getByRole('button', { name: 'Send a test by Email' }).click();
  await expect(
    page.getByText('Must wait 5 minutes before sending another test to this contact method.'),
  ).toBeVisible();
});

test('in Spanish: the test-wait message and the Alerts screen', async ({ page, request }) => {
  const token = await signedIn(request, SPANISH_USER);
  const since = Date.now();
  await useToken(page, token);

  // The person switches the language in the header; it is saved to their preferences.
  await page.goto('/settings/notifications');
  await expect(page.getByTestId('notification-profile-form')).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/userProfile/updateUserPreferences') && r.ok(),
  );
  await chooseLanguage(page, 'Español');
  await saved;
  await expect(page).toHaveTitle('Notificaciones | vNOC');

  const email = page.getByTestId('channel-email');
  await email.getByRole('button', { name: 'Enviar una prueba por Correo electrónico' }).click();
  await expect(page.getByText('Notificación de prueba enviada')).toBeVisible();
  // Sent in the person's language.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(SPANISH_USER)}`);
        const messages = (await res.json()) as {
          subject: string | null;
          channel: string;
          createdAt: string;
        }[];
        return messages
          .filter((m) => m.channel === 'email' && Date.parse(m.createdAt) >= since - 1000)
          .map((m) => m.subject);
      },
      { message: 'the test email in the dev outbox' },
    )
    .toContain('[vNOC] Notificación de prueba');
  await email.getByRole('button', { name: 'Enviar una prueba por Correo electrónico' }).click();
  await expect(
    page.getByText('Debe esperar 5 minutos antes de enviar otra prueba a este método de contacto.'),
  ).toBeVisible();

  // The Alerts screen, from the menu.
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Alertas/ })
    .click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page).toHaveTitle('Alertas | vNOC');
  await expect(page.getByRole('heading', { level: 1, name: 'Alertas' })).toBeVisible();
  await expect(page.getByTestId('alerts-tab-active')).toContainText('Activas');
  await expect(page.getByTestId('alerts-tab-cleared')).toContainText('Resueltas');
  await page.getByTestId('alerts-tab-cleared').click();
  await expect(page).toHaveURL(/[?&]status=cleared/);
  await expect(page.getByTestId('alerts-tab-cleared')).toHaveAttribute('aria-selected', 'true');

  // Opened again, the console speaks the saved language from its first draw: Spanish is fetched before it.
  await page.addInitScript(() => {
    const seen = window as unknown as { __firstHeading?: string };
    new MutationObserver((_, observer) => {
      const heading = document.querySelector('h1')?.textContent;
      if (!heading) return;
      seen.__firstHeading = heading;
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Alertas' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __firstHeading?: string }).__firstHeading)).toBe(
    'Alertas',
  );
});
