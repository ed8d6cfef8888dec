import { expect, test } from '@playwright/test';
import { signedInAs, useToken } from './support.ts';

// Issue 39, "Tests": the dashboard's widgets below the first viewport mount later (when they come near or the
// main thread is idle), so a long dashboard, scrolled through, still shows every widget's content; the map draws
// its basemap without anyone touching it. The dashboard is the person's own, not shared: no other flow
// sees it.

// A person no other flow on this server signs in as (each enrols an authenticator once per server).
const PERSON = 'noc@acme.example';
const TYPES = ['DeviceTotals', 'Uptime', 'ActiveAlerts', 'SiteTable', 'DeviceTable'] as const;

test('a long dashboard shows every widget once scrolled to, and its map without interaction', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signedInAs(request, PERSON);
  // A map on top, then 20 widgets of 3 rows, two a row: ten rows of widgets, several screens tall.
  const widgets = [
    { i: 'map', type: 'SiteMap', name: 'Map', details: {}, layout: { i: 'map', x: 0, y: 0, w: 12, h: 4 } },
    ...Array.from({ length: 20 }, (_, n) => {
      const i = `w${n + 1}`;
      const type = TYPES[n % TYPES.length] as string;
      return {
        i,
        type,
        name: `Widget ${n + 1}`,
        details: {},
        layout: { i, x: (n % 2) * 6, y: 4 + Math.floor(n / 2) * 3, w: 6, h: 3 },
      };
    }),
  ];
  const saved = await request.post('/api/dashboard/save', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Long ${Date.now().toString(36)}`, widgets },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const id = String((await saved.json()).id);

  await page.setViewportSize({ width: 1280, height: 720 });
  await useToken(page, token);
  await page.goto(`/dashboard/${id}`);

  // The map, untouched: its basemap's outlines drawn after the first paint, a few per task until all are in.
  const map = page.locator('[data-widget="SiteMap"]');
  await expect(map.locator('.leaflet-basemap-pane path').first()).toBeAttached();
  await expect.poll(() => map.locator('.leaflet-basemap-pane path').count()).toBeGreaterThan(100);

  const cells = page.locator('main [data-widget]');
  await expect(cells).toHaveCount(widgets.length);
  // The last widget starts well below the first viewport.
  const last = await cells.last().boundingBox();
  expect(last?.y ?? 0).toBeGreaterThan(720 * 2);

  // Scrolled down widget by widget (the page's order is the layout's: the map, then widget 1, 2, …), each shows
  // its title and its content, no skeleton left.
  for (let n = 1; n <= 20; n++) {
    const cell = cells.nth(n);
    await cell.scrollIntoViewIfNeeded();
    await expect(cell.getByText(`Widget ${n}`, { exact: true })).toBeVisible();
    await expect(cell.locator('.mantine-Skeleton-root')).toHaveCount(0);
    const text = (await cell.innerText()).replace(`Widget ${n}`, '').trim();
    expect(text, `widget ${n}'s content`).not.toBe('');
  }
});
