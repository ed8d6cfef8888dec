import { type APIRequestContext, expect, test } from '@playwright/test';
import { signedInAs } from './support.ts';

// Issue 37, "a wall display for the NOC": an administrator makes a display key for two shared dashboards; its
// display link opens /wall with no person signed in; the dashboards cycle full screen, the keyboard pauses and
// steps them, nothing on the wall responds; revoking the key shows the wall's error (and on reload, in Spanish).

const ADMIN = 'audit@acme.example';

async function admin(request: APIRequestContext) {
  return { Authorization: `Bearer ${await signedInAs(request, ADMIN)}` };
}

async function sharedDashboard(request: APIRequestContext, name: string, type: string): Promise<number> {
  const response = await request.post('/api/dashboard/save', {
    headers: await admin(request),
    data: {
      name,
      shared: true,
      widgets: [{ i: 'w1', type, name: type, details: {}, layout: { i: 'w1', x: 0, y: 0, w: 6, h: 3 } }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return Number((await response.json()).id);
}

test('a display link opens the wall, which cycles its dashboards until its key is revoked', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const first = `Wall NOC ${tag}`;
  const second = `Wall alerts ${tag}`;
  const ids = [
    await sharedDashboard(request, first, 'DeviceTotals'),
    await sharedDashboard(request, second, 'ActiveAlerts'),
  ];
  const made = await request.post('/api/apiKeys', {
    headers: await admin(request),
    data: {
      name: `Lobby screen ${tag}`,
      role: 'DISPLAY',
      siteGroupIds: [],
      dashboardIds: ids,
      cycleSeconds: 5,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { apiKey, key } = (await made.json()) as { apiKey: { id: string }; key: string };

  // A TV: 1920 px, no one signed in on it.
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.goto(`/wall#key=${encodeURIComponent(key)}`);
  const shown = page.getByTestId('wall-dashboard');
  await expect(shown).toHaveText(first);
  // The key leaves the address bar (it is kept in the browser for the next load).
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByTestId('wall-position')).toHaveText('1 of 2');
  await expect(page.locator('[data-widget="DeviceTotals"]')).toBeVisible();
  // Read-only: the dashboard is inert, so the keyboard never reaches a link or button in it.
  await expect(page.getByTestId('wall-content')).toHaveAttribute('inert', '');
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="wall-content"]'))),
    ).toBe(false);
  }
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(1920);

  // The cycle moves on by itself, then the keyboard pauses it and steps back.
  await expect(shown).toHaveText(second, { timeout: 15_000 });
  await page.keyboard.press('Space');
  await expect(page.getByTestId('wall-paused')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(shown).toHaveText(first);
  await page.keyboard.press('n');
  await expect(shown).toHaveText(second);

  const revoked = await request.post(`/api/apiKeys/${apiKey.id}/revoke`, { headers: await admin(request) });
  expect(revoked.status(), await revoked.text()).toBe(200);
  await expect(page.getByTestId('wall-refused')).toContainText('This display no longer opens', {
    timeout: 25_000,
  });

  // Reloaded in Spanish, with the key this browser kept: refused at once, in Spanish.
  await page.evaluate(() => window.localStorage.setItem('vnoc-language', 'es'));
  await page.reload();
  await expect(page.getByTestId('wall-refused')).toContainText('Esta pantalla ya no se abre');
  await context.close();
});

test('a wall with no display key says how to get one', async ({ page }) => {
  await page.goto('/wall');
  await expect(page.getByTestId('wall-no-key')).toContainText('This screen has no display key');
  await expect(page).toHaveURL(/\/wall$/);
});
