import { expect, test } from '@playwright/test';
import { signedInAs, useToken } from './support.ts';

// Two flows sign in as user@acme, who enrols an authenticator once per server: the file's flows run one after the
// other in one worker, which keeps the session (signedInAs).
test.describe.configure({ mode: 'serial' });
const USER = 'user@acme.example';

test('a signed-out visit to /alerts lands on /login, which keeps the page asked for', async ({ page }) => {
  await page.goto('/alerts');
  await expect(page).toHaveURL(/\/login\?originalUri=%2Falerts$/);
  await expect(page).toHaveTitle(/\| vNOC$/);
});

test('a USER visiting /admin/users stays where they were', async ({ page, request }) => {
  await useToken(page, await signedInAs(request, USER));
  await page.goto('/alerts');
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page).toHaveTitle('Alerts | vNOC');
  // In-app navigation, as a person following a link would.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/admin/users');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page).toHaveTitle('Alerts | vNOC');
});

test('the theme choice survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByTestId('theme-switch').click();
  // The menu's own styles, not its Popover's under them: Mantine's Menu gives its dropdown 4 px of padding, which
  // holds only while Menu's rules come after Popover's (both in styles/mantine-sign-in.css; with Menu's in the
  // overlay stylesheet, which /login's deferred parts load before the sign-in one, it drew 12 px 16 px).
  await expect(page.getByRole('menu')).toHaveCSS('padding', '4px');
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
});

test("the frame's header keeps its place while a dialog locks the page's scroll", async ({
  page,
  request,
}) => {
  // Mantine's AppShell header carries react-remove-scroll's class for it (vite.config.ts gives the header the
  // class names alone; the library itself comes with the dialog).
  await useToken(page, await signedInAs(request, USER));
  await page.goto('/tickets');
  const header = page.locator('header.mantine-AppShell-header');
  await expect(header).toHaveClass(/\bright-scroll-bar-position\b/);
  await expect(page.locator('body')).not.toHaveAttribute('data-scroll-locked', /.*/);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('feedback-open').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-scroll-locked', /.*/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveAttribute('data-scroll-locked', /.*/);
});
