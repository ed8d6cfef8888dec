import { expect, test } from '@playwright/test';
import { signedInAs, useToken } from './support.ts';

// The sites spec's user: the timeline is part of the site overview it covers.
const ADMIN = 'admin@acme.example';

test('a demo site shows its timeline: status band, event rows and the availability strip', async ({
  page,
  request,
}) => {
  const token = await signedInAs(request, ADMIN);
  const sites = await request.get('/api/site/search/filtered?page=0&pageSize=1', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(sites.status(), await sites.text()).toBe(200);
  const site = ((await sites.json()) as { content: { id: string; name: string }[] }).content[0];
  expect(site).toBeTruthy();
  await useToken(page, token);
  await page.goto(`/sites/${site?.id}`);

  const card = page.getByTestId('timeline');
  await expect(card.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  // The demo fleet's history is rolled up: the last 7 days (8 UTC days) have figures, today has none yet.
  const cells = card.getByTestId('availability-day');
  await expect(cells).toHaveCount(8);
  await expect(cells.first()).not.toHaveAttribute('data-percent', 'none');
  await expect(cells.last()).toHaveAttribute('data-percent', 'none');
  // The band holds the site's statuses; an administrator sees the support row.
  await expect(
    card
      .getByTestId('timeline-band')
      .locator('[data-testid^="band-"]:not([data-testid="band-no-data"])')
      .first(),
  ).toBeVisible();
  await expect(card.getByTestId('timeline-row-support')).toBeVisible();

  // A cell names its day and figure on keyboard focus.
  await cells.first().focus();
  await expect(page.getByRole('tooltip')).toContainText('(UTC):');

  await card.getByText('30 days').click();
  await expect(cells).toHaveCount(31);
});
