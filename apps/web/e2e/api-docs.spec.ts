import { expect, test } from '@playwright/test';

test('the API reference at /api/docs renders the document from this server alone, within its CSP', async ({
  page,
  baseURL,
}) => {
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
  await expect(page.locator('.info .title')).toContainText('vNOC API');
  // A section and one of its operations, by the summary the route gives.
  await page.locator('#operations-tag-alert').click();
  await expect(page.getByText('Acknowledge an alert (ADMINISTRATOR, USER)')).toBeVisible();
  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
