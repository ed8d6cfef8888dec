import { expect, test } from '@playwright/test';
import { apiEnrollApp, chooseLanguage, useToken } from './support.ts';

test('an administrator runs the organization and sees it in the activity log; a member sees it too', async ({
  browser,
  page,
  request,
}) => {
  const { token } = await apiEnrollApp(request, 'audit@acme.example');
  await useToken(page, token);
  await page.goto('/admin/organization');
  await expect(page).toHaveTitle('Organization | vNOC');

  const details = page.getByTestId('organization-details');
  const description = `Stores across Texas ${Date.now()}`;
  await details.getByLabel('Description').fill(description);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/has been successfully updated/).first()).toBeVisible();

  const contacts = page.getByTestId('organization-contacts');
  await contacts.getByRole('button', { name: 'Add contact' }).click();
  const row = contacts.getByTestId('contact-row').last();
  await row.getByLabel('Name').fill('Grace Hopper');
  await row.getByLabel('Role').fill('IT support');
  await row.getByLabel('Email').fill('grace@acme.example');
  await contacts.getByRole('button', { name: 'Save' }).click();
  await expect(contacts.getByRole('button', { name: 'Save' })).toBeDisabled();

  const joining = page.getByTestId('organization-joining');
  await joining.getByLabel(/People with an address at one of these domains/).check();
  await joining.getByTestId('email-domains').fill('stores.acme.example');
  await joining.getByTestId('email-domains').press('Enter');
  await joining.getByRole('button', { name: 'Save' }).click();
  await expect(joining.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(joining.getByText('stores.acme.example')).toBeVisible();

  // The menu leads to the activity log, where the three changes are listed.
  await page.getByRole('link', { name: 'Activity log' }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await page.getByTestId('activity-filter-action').click();
  await page.getByRole('option', { name: 'Organization updated' }).click();
  await page.keyboard.press('Escape');
  const rows = page.getByTestId('data-row');
  await expect(rows).toHaveCount(3);
  // (The demo seed already lets acme.example register, so the domain is what changed.)
  // Sentences with the organization named, details as labelled values (issue 37).
  await expect(rows.first().getByTestId('activity-sentence')).toContainText('updated the organization');
  await expect(rows.first()).toContainText('Email domains: acme.example, stores.acme.example');
  await expect(rows.nth(1)).toContainText('Contacts: changed');
  await expect(rows.nth(2)).toContainText('Description: changed');

  // One check in Spanish.
  await chooseLanguage(page, 'Español');
  await expect(page.getByRole('heading', { name: 'Registro de actividad', level: 1 })).toBeVisible();
  await expect(rows.first().getByTestId('activity-sentence')).toContainText('actualizó la organización');
  await expect(rows.nth(1)).toContainText('Contactos: cambiado');

  // A member reads Settings → My Organization.
  const member = await browser.newPage();
  await useToken(member, (await apiEnrollApp(request, 'viewer@acme.example')).token);
  await member.goto('/settings/organization');
  await expect(member.getByTestId('organization-description')).toHaveText(description);
  await expect(member.getByTestId('support-contact')).toContainText('Grace Hopper');
  await expect(member.getByTestId('administrators')).toContainText('audit@acme.example');
  await member.close();
});
