import { expect, type Page, test } from '@playwright/test';
import { apiEnrollApp, chooseLanguage, DEMO_PASSWORD, totpFor } from './support.ts';

/** Types a 6-digit code into the code input whose first digit's label starts with `label`; the form submits itself. */
async function typeCode(page: Page, label: string, code: string) {
  await page.getByLabel(`${label}, digit 1 of 6`).click();
  await page.keyboard.type(code);
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Email address').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// The approval by an administrator and the first sign-in (email code, then MFA enrolment) are in admin-users.spec.ts.
test('register at an organization that accepts registrations → waiting for approval; sign-in says so', async ({
  page,
}) => {
  const username = `new.person+${Date.now()}@acme.example`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/organization-lookup$/);
  await page.getByLabel('Work email address').fill(username);
  await page.getByRole('button', { name: 'Find my organization' }).click();
  await expect(page.getByTestId('organization-name')).toHaveText('Acme Retail');
  await page
    .getByRole('button', { name: 'Continue to registration' })
    .or(page.getByRole('link', { name: 'Continue to registration' }))
    .click();

  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Quintana');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a long enough passphrase');
  await page
    .getByRole('textbox', { name: 'Confirm new password', exact: true })
    .fill('a long enough passphrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('registration-pending')).toContainText('administrators');

  await page.goto('/login');
  await signIn(page, username, 'a long enough passphrase');
  await expect(
    page.getByText('Your account is waiting for approval by an administrator of your organization.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an enrolled user signs in → multi-factor code → dashboard', async ({ page, request }) => {
  const { secret } = await apiEnrollApp(request, 'user@bluebird.example');
  await page.goto('/login');
  await signIn(page, 'user@bluebird.example', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/authentication$/);
  // The enrolment used the previous step's code; this one is the next step's, accepted within ±1 step.
  await typeCode(page, 'Verification code', totpFor(secret, 1));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboards | vNOC');
});

test('a wrong password shows the invalid-login message, in English and in Spanish', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'readonly@bluebird.example', 'not the right password');
  await expect(page.getByText('Invalid login.  Please check your credentials.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await chooseLanguage(page, 'Español');
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('readonly@bluebird.example');
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('tampoco es la contraseña');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Inicio de sesión no válido.  Compruebe sus credenciales.')).toBeVisible();
});
