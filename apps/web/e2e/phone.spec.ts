import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signedInAs } from './support.ts';

// Issue 37, phone findings at 390 px: support's banner widened the page to 394 px, a long breadcrumb to 392 px,
// the device's port buttons were cut off ("Apagar puer…"), and the dev outbox button sat on the text being read.
// The support person who acts here (desk@) signs in on no other flow of this server.

const SUPPORT = 'desk@vnoc.example';
const TARGET = 'user@acme.example';

test.use({ viewport: { width: 390, height: 844 } });

async function actAsTarget(page: Page, request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await signedInAs(request, SUPPORT)}` };
  const people = await request.get(`/api/support/people?q=${encodeURIComponent(TARGET)}`, { headers });
  expect(people.status(), await people.text()).toBe(200);
  const person = ((await people.json()) as { content: { id: string; email: string }[] }).content.find(
    (p) => p.email === TARGET,
  );
  expect(person, `${TARGET} found by support`).toBeTruthy();
  const generated = await request.post('/api/userProfile/impersonate/generate', {
    headers,
    data: { userId: person?.id },
  });
  expect(generated.status(), await generated.text()).toBe(200);
  const { accessCode } = (await generated.json()) as { accessCode: string };
  await page.goto(`/impersonate?jwt=${encodeURIComponent(accessCode)}`);
  await expect(page.getByTestId('impersonation-banner')).toBeVisible({ timeout: 30_000 });
}

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

test('at 390 px: support banner, breadcrumb, port buttons and the dev outbox stay within the phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => window.localStorage.setItem('vnoc-language', 'es'));
  await actAsTarget(page, request);
  await expect(page.getByTestId('impersonation-end')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // A switch's page (a long site name in its Spanish breadcrumb; its LAN ports with their buttons).
  const token = await page.evaluate(() => window.localStorage.getItem('jwt'));
  const devices = await request.get('/api/device/search/filtered?page=0&pageSize=200', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(devices.status(), await devices.text()).toBe(200);
  const device = (
    (await devices.json()) as {
      content: { id: string; status: string; site: { id: string }; deviceModelType: { model: string } }[];
    }
  ).content.find((d) => d.deviceModelType.model.startsWith('MS') && d.status === 'online');
  expect(device, 'an online switch').toBeTruthy();
  await page.goto(`/sites/${device?.site.id}/device/${device?.id}`);
  const button = page.getByTestId('port-turn-off-1');
  await expect(button).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('impersonation-banner')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  // The button's words are whole, and the button within its tile.
  const fit = await button.evaluate((el) => {
    const tile = el.closest('[data-testid="port-1"]') as HTMLElement;
    const label = el.querySelector('.mantine-Button-label') as HTMLElement;
    return {
      clipped: label.scrollWidth > label.clientWidth + 1,
      inside: el.getBoundingClientRect().right <= tile.getBoundingClientRect().right + 0.5,
    };
  });
  expect(fit).toEqual({ clipped: false, inside: true });

  // The dev outbox shows only where it covers nothing: not over this long page's top, but at its end (kept clear of
  // it), and it steps aside again once the page scrolls back up.
  const outbox = page.getByTestId('dev-outbox-button');
  // Once the outbox is there (it mounts after the page), not over this long page's top.
  await expect(page.locator('body[data-dev-outbox]')).toHaveCount(1);
  await expect(outbox).toBeHidden();
  // Scrolled again until it shows: the page may still grow once scrolled down.
  await expect(async () => {
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    await expect(outbox).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.mouse.wheel(0, -300);
  await expect(outbox).toBeHidden();
});
