import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support.ts';

// Against the development identity provider the server runs under /idp (DEMO=1); Bluebird's people,
// so that no other flow's sessions or enrolments are touched.
test('single sign-on: tile → provider sign-in → callback → dashboard, with vnoc-apps stored', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill('user@bluebird.example');
  const tile = page.getByTestId('sso-tile');
  await expect(tile).toHaveText('Sign in with Bluebird Clinics single sign-on');
  await tile.click();

  // The provider's own page (the address is passed on as a login hint).
  await expect(page.getByRole('heading', { name: 'Sign in to the identity provider' })).toBeVisible();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await expect(page.getByLabel('Email address')).toHaveValue('user@bluebird.example');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email address or password.');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The callback exchanges the provider's token; no vNOC password or code was asked for.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  const stored = await page.evaluate(() => ({
    jwt: localStorage.getItem('jwt'),
    apps: localStorage.getItem('vnoc-apps'),
    claims: JSON.parse(localStorage.getItem('claims') ?? 'null') as {
      sub?: string;
      isMfaValidated?: boolean;
    },
  }));
  expect(stored.jwt).toBeTruthy();
  expect(stored.claims).toMatchObject({ sub: 'user@bluebird.example', isMfaValidated: true });
  // The console is the only app of the demo's single sign-on, and "this app" is left out (spec part 4).
  expect(JSON.parse(stored.apps ?? 'null')).toEqual([]);
});

test('a deactivated person signed in at the provider is refused by vNOC', async ({ page }) => {
  await page.goto(`/login/callback/login-via-okta?email=${encodeURIComponent('former@acme.example')}`);
  await expect(page.getByRole('heading', { name: 'Sign in to the identity provider' })).toBeVisible();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('callback-error')).toHaveText('An error occurred during authentication.');
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
});

test('the callback without an identity-provider session says so and goes to /login', async ({ page }) => {
  await page.goto('/login/callback');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Okta user not authenticated. Please try again.')).toBeVisible();
});
