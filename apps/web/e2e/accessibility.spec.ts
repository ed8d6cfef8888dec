import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, useToken } from './support.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation on /login (${scheme})`, async ({ page }) => {
    await page.addInitScript((s) => window.localStorage.setItem('theme', s), scheme);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe finds no serious or critical violation on /multi-factor-auth', async ({ page, request }) => {
  const stepToken = await apiLogin(request, 'readonly@acme.example');
  await useToken(page, stepToken);
  await page.goto('/multi-factor-auth');
  await expect(page.getByTestId('totp-secret')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
