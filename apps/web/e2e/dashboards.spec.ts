import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiEnrollApp, chooseLanguage, signedInAs, useToken } from './support.ts';

// Runs in the `chromium` project on the main server. Each demo user enrols once per server and the other flows
// there enrol every USER and ADMINISTRATOR, so this flow acts as one through support impersonation: the SUPPORT
// user (no other flow signs in as them) impersonates user@bluebird, whose id is read by a READ_ONLY colleague no
// other flow enrols here (readonly@bluebird only tries wrong passwords). sign-in.spec.ts checks only the URL and
// title of user@bluebird's /dashboard, which a default dashboard keeps ('Dashboards | vNOC' at /dashboard).
const SUPPORT = 'support@vnoc.example';
const READER = 'readonly@bluebird.example';
const TARGET = 'user@bluebird.example';

test.describe.configure({ mode: 'serial' });
// Two servers and their fleets share this machine with the other flows: generous, not tight.
test.setTimeout(180_000);

let targetId = '';

test.beforeAll(async ({ request }) => {
  await signedInAs(request, SUPPORT);
  const reader = (await apiEnrollApp(request, READER)).token;
  const res = await request.get('/api/alert/assignees', { headers: { Authorization: `Bearer ${reader}` } });
  expect(res.status(), await res.text()).toBe(200);
  const people = (await res.json()) as { id: string; username: string }[];
  targetId = people.find((p) => p.username === TARGET)?.id ?? '';
  expect(targetId, `${TARGET} among the assignees`).not.toBe('');
});

/** Opens the console as the target user through a support access code (single use, 60 s). */
async function impersonate(page: Page, request: APIRequestContext) {
  const res = await request.post('/api/userProfile/impersonate/generate', {
    headers: { Authorization: `Bearer ${await signedInAs(request, SUPPORT)}` },
    data: { userId: targetId },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { accessCode } = (await res.json()) as { accessCode: string };
  await page.goto(`/impersonate?jwt=${encodeURIComponent(accessCode)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The signed-in frame, not the access screen still shown while it loads: a language chosen there is the
  // page's alone, not the user's saved preference.
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

interface Words {
  more: string;
  create: string;
  name: string;
  submit: string;
  addWidget: string;
  uptime: string;
  addUptime: string;
  wider: string;
  save: string;
  makeDefault: string;
  defaultBadge: string;
  created: RegExp;
  updated: RegExp;
}

const ENGLISH: Words = {
  more: 'Dashboard',
  create: 'New dashboard',
  name: 'Name',
  submit: 'Create',
  addWidget: 'Add widget',
  uptime: 'Uptime',
  addUptime: 'Add Uptime',
  wider: 'Wider',
  save: 'Save',
  makeDefault: 'Set as default',
  defaultBadge: 'Default',
  created: /has been successfully created/,
  updated: /has been successfully updated/,
};

const SPANISH: Words = {
  more: 'Panel',
  create: 'Nuevo panel',
  name: 'Nombre',
  submit: 'Crear',
  addWidget: 'Añadir widget',
  uptime: 'Disponibilidad',
  addUptime: 'Añadir Disponibilidad',
  wider: 'Más ancho',
  save: 'Guardar',
  makeDefault: 'Establecer como predeterminado',
  defaultBadge: 'Predeterminado',
  // The console words the server's messages in the person's language (issue 37 point 15).
  created: /se ha creado correctamente/,
  updated: /se ha actualizado correctamente/,
};

/** Create a dashboard, add Uptime, widen it with the keyboard, save, reload, make it default, open /dashboard. */
async function buildDashboard(page: Page, words: Words, name: string) {
  await page.getByRole('button', { name: words.more, exact: true }).click();
  await page.getByRole('menuitem', { name: words.create }).click();
  await page.getByTestId('dashboard-name-input').fill(name);
  await page.getByTestId('dashboard-form-submit').click();
  await expect(page.getByText(words.created)).toContainText(name);
  await expect(page).toHaveURL(/\/dashboard\/\d+$/);
  const url = page.url();

  // A new dashboard opens in the editor.
  await page.getByRole('button', { name: words.addWidget }).first().click();
  await page.getByRole('button', { name: words.addUptime }).click();
  const bar = page.getByTestId('widget-frame-bar');
  await expect(bar).toHaveCount(1);
  const grid = page.getByTestId('dashboard-grid').locator('[data-widget="Uptime"]');
  const before = (await grid.boundingBox())?.width ?? 0;
  // Keyboard path: focus the widget's bar, Shift + Right arrow twice makes it two columns wider.
  // Each step waits for its announcement ("… is 5 columns wide …"), so the second press acts on the first's
  // result.
  const announcer = page.getByTestId('dashboard-announcer');
  await bar.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(announcer).toContainText(/\b5\b/);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(announcer).toContainText(/\b6\b/);
  await expect.poll(async () => (await grid.boundingBox())?.width ?? 0).toBeGreaterThan(before + 20);

  await page.getByTestId('dashboard-save').click();
  await expect(page.getByText(words.updated).first()).toBeVisible();
  await expect(page.getByTestId('widget-frame-bar')).toHaveCount(0);

  // Kept after a reload: the widget is there, 6 columns wide as saved (columns, not pixels: the page's width
  // may differ by a scrollbar after the reload), and drawn wider than it first was.
  await page.reload();
  await expect(page.getByTestId('widget-uptime')).toBeVisible();
  await expect(grid).toHaveAttribute('data-w', '6');
  await expect.poll(async () => (await grid.boundingBox())?.width ?? 0).toBeGreaterThan(before + 20);

  await page.getByRole('button', { name: words.more, exact: true }).click();
  await page.getByRole('menuitem', { name: words.makeDefault }).click();
  await expect(page.getByText(words.updated).first()).toBeVisible();
  await expect(page.getByTestId('dashboard-default-badge')).toHaveText(words.defaultBadge);

  // /dashboard opens the default dashboard.
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-switcher').locator('option:checked')).toHaveText(name);
  await expect(page.getByTestId('widget-uptime')).toContainText(words.uptime);
  return url;
}

test('create a dashboard, add and widen a widget by keyboard, save, reload, make it default', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await impersonate(page, request);
  await buildDashboard(page, ENGLISH, `East stores ${Date.now() % 100000}`);
});

test('the same in Spanish', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await impersonate(page, request);
  await chooseLanguage(page, 'Español');
  try {
    await buildDashboard(page, SPANISH, `Tiendas del sur ${Date.now() % 100000}`);
  } finally {
    // The language is the user's saved preference: put it back for the other flows signing in as them, and
    // wait for it to be saved (the page closing first left Spanish saved for sign-in.spec's title check).
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/userProfile/updateUserPreferences') && r.ok(),
    );
    await chooseLanguage(page, 'English');
    await saved;
  }
});

test('the support person finds the customer in the Support area and acts as them from its link', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await useToken(page, await signedInAs(request, SUPPORT));
  await page.goto('/alerts');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Act as a customer' })
    .click();
  await expect(page).toHaveURL(/\/support$/);
  await page.getByLabel('Find a person').fill('uma clinic');
  const row = page.getByTestId('data-row').filter({ hasText: TARGET });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await row.getByRole('button', { name: 'Act as Uma Clinic' }).click();
  await expect(page.getByTestId('access-link')).toHaveValue(/\/impersonate\?jwt=/);
  await expect(page.getByTestId('access-code-validity')).toContainText(/Valid for \d+ more seconds/);
  await page.getByRole('link', { name: 'Open here' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('impersonation-banner')).toContainText('Sam Support (vNOC support) for');
});
