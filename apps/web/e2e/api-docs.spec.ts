import { expect, test } from '@playwright/test';

test('the API reference at /api/docs renders the document from this server alone, within its CSP', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL ?? '')) elsewhere.push(request.url());
  });

  await page.goto('/api/docs');
  await expect(page).toHaveTitle('vNOC API reference');
  // Swagger UI's bundle (1.5 MB) is parsed and the whole document rendered before the title shows: seconds on a
  // quiet machine, far more on a loaded one.
  await expect(page.getByRole('heading', { level: 1, name: /^vNOC API/ })).toBeVisible({ timeout: 60_000 });
  // A section and one of its operations, by the summary the route gives.
  await page.locator('#operations-tag-alert').click();
  await expect(page.getByText('Acknowledge an alert (ADMINISTRATOR, USER)')).toBeVisible();
  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
