import { expect, type Page, test } from '@playwright/test';
import { apiEnrollApp, chooseLanguage, useToken } from './support.ts';

// A user no other spec signs in with, so the flows can run in parallel on one server.
const ADMIN = 'admin@acme.example';

interface Texts {
  table: string;
  status: string;
  offline: string;
  saveSearch: string;
  prompt: string;
  required: string;
  confirm: string;
  savedSearches: string;
  name: string;
}

const en: Texts = {
  table: 'Sites',
  status: 'Status',
  offline: 'Offline',
  saveSearch: 'Save search',
  prompt: 'Save search criteria',
  required: 'You need to type a name',
  confirm: 'Confirm',
  savedSearches: 'Saved searches',
  name: 'Offline sites',
};

const es: Texts = {
  table: 'Sitios',
  status: 'Estado',
  offline: 'Sin conexión',
  saveSearch: 'Guardar búsqueda',
  prompt: 'Guardar criterios de búsqueda',
  required: 'Debe escribir un nombre',
  confirm: 'Confirmar',
  savedSearches: 'Búsquedas guardadas',
  name: 'Sitios sin conexión',
};

async function expectOnlyOffline(page: Page, texts: Texts) {
  const table = page.getByRole('table', { name: texts.table });
  await expect(table).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  // One snapshot of the rows: the live fleet may change a site's status (and the next refetch the list)
  // between two separate looks, but each rendered page comes from one answer.
  const rows = table.getByTestId('data-row');
  await expect
    .poll(() =>
      rows.evaluateAll(
        (els, offline) => ({
          rows: els.length > 0,
          allOffline: els.every((r) =>
            [...r.querySelectorAll('td')].some((td) => td.textContent?.trim() === offline),
          ),
        }),
        texts.offline,
      ),
    )
    .toEqual({ rows: true, allOffline: true });
}

/** All Sites → filter offline → save the search → reload → apply it → only offline rows. */
async function saveAndApplyOffline(page: Page, texts: Texts) {
  await page.goto('/sites');
  await expect(page.getByRole('table', { name: texts.table })).toBeVisible();

  await page.getByRole('combobox', { name: texts.status }).click();
  await page.getByRole('option', { name: texts.offline, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]status=offline(&|$)/);
  await expectOnlyOffline(page, texts);

  await page.getByRole('button', { name: texts.saveSearch, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.prompt });
  await dialog.getByRole('button', { name: texts.confirm }).click();
  await expect(dialog.getByText(texts.required)).toBeVisible();
  await dialog.getByRole('textbox').fill(texts.name);
  await dialog.getByRole('button', { name: texts.confirm }).click();
  await expect(dialog).toBeHidden();

  const stored = await page.evaluate(() => window.localStorage.getItem('vnoc-filters'));
  expect(JSON.parse(stored ?? '[]')).toContainEqual({
    key: texts.name,
    route: '/sites',
    value: ['status=offline'],
  });

  // Start over without the filter, reload, and bring the search back from the menu.
  await page.goto('/sites');
  await page.reload();
  await expect(page).not.toHaveURL(/status=/);
  await page.getByRole('button', { name: texts.savedSearches }).click();
  await page.getByRole('menuitem', { name: texts.name }).click();
  await expect(page).toHaveURL(/[?&]status=offline(&|$)/);
  await expectOnlyOffline(page, texts);
}

test('All Sites: a saved offline search survives a reload, in English and in Spanish', async ({
  page,
  request,
}) => {
  // Two whole flows, on a server other flows share on 2 cores: generous, not tight.
  test.setTimeout(150_000);
  const { token } = await apiEnrollApp(request, ADMIN);
  await useToken(page, token);

  await saveAndApplyOffline(page, en);

  await chooseLanguage(page, 'Español');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await saveAndApplyOffline(page, es);
});
