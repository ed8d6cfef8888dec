import { expect, test } from '@playwright/test';
import { apiLogin, seriousViolations, useToken } from './support.ts';

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
