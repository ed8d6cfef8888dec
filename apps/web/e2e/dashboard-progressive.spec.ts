import { expect, test } from '@playwright/test';
import { signedInAs, useToken } from './support.ts';

// Issue 39, "Tests": the dashboard's widgets below the first viewport mount later (when they come near or the
// main thread is idle), so a long dashboard, scrolled through, still shows every widget's content; the map draws
// its basemap without anyone touching it. The dashboard is the person's own, not shared: no other flow
// sees it.

// A person no other flow on this server signs in as (each enrols an authenticator once per server): one worker
// runs this file's tests, one after the other.
const PERSON = 'noc@acme.example';
test.describe.configure({ mode: 'serial' });
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

  // The map, untouched: its basemap drawn after the first paint, every country's and state's land in it. That is
  // Leaflet's download and the basemap's after the twenty widgets' first draw: on a loaded 2-core machine (CI's,
  // two browsers at once) it has taken over 10 s, so it is given 30.
  const map = page.locator('[data-widget="SiteMap"]');
  const land = map.locator('.leaflet-basemap-pane path').first();
  await expect(land).toBeAttached({ timeout: 30_000 });
  expect((await land.getAttribute('d'))?.match(/M/g)?.length).toBeGreaterThan(200);
  // The map (Leaflet, our map surface) was fetched once the screen had painted, after the fleet widgets' module
  // had arrived (which then did not wait for it), not beside it as one of its imports.
  const timing = await page.evaluate(() => {
    const loads = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const load = (file: RegExp) => loads.find((entry) => file.test(new URL(entry.name).pathname));
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      widgets: load(/^\/assets\/widgets-[^/]+\.js$/)?.responseEnd ?? Number.NaN,
      map: load(/^\/assets\/map-surface-[^/]+\.js$/)?.startTime ?? Number.NaN,
    };
  });
  expect(timing.map, JSON.stringify(timing)).toBeGreaterThan(timing.paint);
  expect(timing.map, JSON.stringify(timing)).toBeGreaterThan(timing.widgets);

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

test('viewed, the grid is drawn without react-grid-layout; Edit loads it, and a widget is dragged and resized', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signedInAs(request, PERSON);
  const widget = (i: string, type: string, x: number, y: number, w: number, h: number) => ({
    i,
    type,
    name: i,
    details: {},
    layout: { i, x, y, w, h },
  });
  const saved = await request.post('/api/dashboard/save', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: `Editable ${Date.now().toString(36)}`,
      widgets: [widget('Totals', 'DeviceTotals', 0, 0, 4, 3), widget('Sites', 'SiteTable', 6, 0, 6, 4)],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const id = String((await saved.json()).id);

  // The editor's grid is a chunk of its own (`editable-grid-<hash>.js`), with react-grid-layout and its styles.
  const editorChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/editable-grid-[^/]*\.(js|css)$/.test(r.url())) editorChunks.push(r.url());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await useToken(page, token);
  await page.goto(`/dashboard/${id}`);
  const totals = page.locator('[data-widget="DeviceTotals"]');
  const sites = page.locator('[data-widget="SiteTable"]');
  await expect(totals.getByTestId('device-total')).toBeVisible();
  await expect(sites.getByTestId('widget-site-table')).toBeVisible();
  // Where the layout says: Sites 6 columns right of Totals, both on the first row.
  const viewedTotals = await totals.boundingBox();
  const sitesBox = await sites.boundingBox();
  expect(Math.round(sitesBox?.y ?? -1)).toBe(Math.round(viewedTotals?.y ?? -2));
  expect(sitesBox?.x ?? 0).toBeGreaterThan((viewedTotals?.x ?? 0) + (viewedTotals?.width ?? 0) + 100);
  const gridBox = await page.getByTestId('dashboard-grid').boundingBox();
  const viewedPlace = sitesBox &&
    gridBox && { ...sitesBox, x: sitesBox.x - gridBox.x, y: sitesBox.y - gridBox.y };
  await expect(page.locator('.react-grid-item')).toHaveCount(0);
  expect(editorChunks).toEqual([]);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByTestId('widget-frame-bar')).toHaveCount(2);
  await expect(page.locator('.react-grid-item')).toHaveCount(2);
  expect(editorChunks.length).toBeGreaterThan(0);
  // The same places in the editor, in the grid (the editor's help line above it moves the grid down).
  const inGrid = async () => {
    const [cell, grid] = [await sites.boundingBox(), await page.getByTestId('dashboard-grid').boundingBox()];
    return cell && grid && { ...cell, x: cell.x - grid.x, y: cell.y - grid.y };
  };
  expect(await inGrid()).toEqual(viewedPlace);

  // Drag Sites by its handle to the left edge, below Totals.
  const handle = sites.locator('.dashboard-drag-handle');
  const from = await handle.boundingBox();
  const totalsBox = await totals.boundingBox();
  if (!from || !totalsBox) throw new Error('no handle or Totals');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const target = { x: totalsBox.x + 20, y: totalsBox.y + totalsBox.height + 40 };
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(
      from.x + ((target.x - from.x) * step) / 10,
      from.y + ((target.y - from.y) * step) / 10,
    );
  }
  await page.mouse.up();
  await expect
    .poll(async () => Math.round((await sites.boundingBox())?.x ?? -1))
    .toBe(Math.round(totalsBox.x));
  await expect.poll(async () => (await sites.boundingBox())?.y ?? 0).toBeGreaterThan(totalsBox.y + 100);

  // Resize Totals from its lower right corner, two columns wider.
  const corner = totals.locator('.react-resizable-handle');
  const edge = await corner.boundingBox();
  if (!edge) throw new Error('no resize handle');
  const column = totalsBox.width / 4;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(edge.x + edge.width / 2 + (2 * column * step) / 10, edge.y + edge.height / 2);
  }
  await page.mouse.up();
  await expect(totals).toHaveAttribute('data-w', '6');

  await page.getByTestId('dashboard-save').click();
  await expect(page.getByTestId('widget-frame-bar')).toHaveCount(0);
  const after = await request.get('/api/dashboard/all', { headers: { Authorization: `Bearer ${token}` } });
  const dashboard = ((await after.json()) as { id: string; widgets: { i: string; layout: object }[] }[]).find(
    (d) => String(d.id) === id,
  );
  const layouts = Object.fromEntries((dashboard?.widgets ?? []).map((w) => [w.i, w.layout]));
  expect(layouts.Totals).toMatchObject({ x: 0, y: 0, w: 6, h: 3 });
  expect(layouts.Sites).toMatchObject({ x: 0, y: 3, w: 6 });
});

test("a stored session's dashboard asks for the frame's and the dashboard's code from index.html, one link each; /login for none", async ({
  page,
  request,
}) => {
  // index.html's async boot script, and the files it asks for: the frame and the dashboards screen (the claims'
  // check comes once the screen has drawn).
  const html = await (await request.get('/dashboard', { headers: { accept: 'text/html' } })).text();
  const boot = /<script async src="(\/assets\/boot-[^"]+\.js)"><\/script>/.exec(html)?.[1];
  expect(boot, 'index.html loads the boot script').toBeTruthy();
  const script = await (await request.get(String(boot))).text();
  const files = JSON.parse(/var f=(\[[^\]]*\])/.exec(script)?.[1] ?? '[]') as string[];
  for (const chunk of [
    /^\/assets\/console-[^/]+\.js$/,
    /^\/assets\/main-layout-/,
    /^\/assets\/dashboard-screen-/,
    /^\/assets\/widgets-/,
  ])
    expect(
      files.some((file) => chunk.test(file)),
      `${chunk} in ${files.join(' ')}`,
    ).toBe(true);

  expect(files.filter((file) => /^\/assets\/claims-/.test(file))).toEqual([]);

  // Signed out, /login: the script asks for nothing.
  const asked = new Map<string, number>();
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname;
    asked.set(file, (asked.get(file) ?? 0) + 1);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('link[data-boot]')).toHaveCount(0);

  // A stored session opening /dashboard: the script's links are in the head, each listed file was fetched, and
  // no file has two links (the entry's import helper added none of its own for them).
  asked.clear();
  await useToken(page, await signedInAs(request, PERSON));
  await page.goto('/dashboard');
  await expect(page.locator('main [data-widget]').first()).toBeVisible();
  expect(await page.locator('link[data-boot]').count()).toBeGreaterThan(0);
  for (const file of files) expect(asked.get(file) ?? 0, file).toBeGreaterThan(0);
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')),
  );
  expect(hrefs.filter((href, n) => hrefs.indexOf(href) !== n)).toEqual([]);
  // The widgets' module is asked for at low priority, the screen's and the frame's at the browser's own: the
  // dashboards list and the screen's wording do not queue behind the widgets' files.
  const priorities = new Map(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[data-boot]')].map(
        (link) => [link.getAttribute('href') ?? '', link.fetchPriority] as const,
      ),
    ),
  );
  const priorityOf = (chunk: RegExp) => [...priorities].find(([href]) => chunk.test(href))?.[1];
  expect(priorityOf(/^\/assets\/widgets-/)).toBe('low');
  for (const chunk of [/^\/assets\/dashboard-screen-/, /^\/assets\/main-layout-/, /\.css$/])
    expect(priorityOf(chunk), String(chunk)).toBe('auto');
});
