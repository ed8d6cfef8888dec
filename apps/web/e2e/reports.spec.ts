import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiLogin, chooseLanguage, DEMO_PASSWORD, enrolmentCode, outboxCode, signedInAs } from './support.ts';

// Every demo user of this server is already signed in by another flow (each enrols once per server), so the
// reports flows register people of their own at Acme (READ_ONLY, with the analytics entitlement), approved by
// ops@acme.example, an Acme administrator only this file signs in as.
test.describe.configure({ mode: 'serial' });
const ACME = '0d3c5f1e-6a43-4c1e-9b7a-5c1a7e0a0001';
const bearer = (response: { headers(): Record<string, string> }) =>
  (response.headers().authorization ?? '').replace(/^Bearer /, '');

/** Registers a new Acme person, approves them, proves the email with the outbox code and enrols an app. */
async function newAcmeReader(request: APIRequestContext, tag: string): Promise<string> {
  const admin = { Authorization: `Bearer ${await signedInAs(request, 'ops@acme.example')}` };
  const username = `reports.${tag}+${Date.now()}@acme.example`;
  const registered = await request.post('/api/access/register', {
    data: { username, password: DEMO_PASSWORD, firstName: 'Rita', lastName: 'Ports' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const found = await request.get(
    `/api/userProfile/users?organizationId=${ACME}&status=pending&q=${encodeURIComponent(username)}`,
    { headers: admin },
  );
  const [person] = ((await found.json()) as { content: { id: string }[] }).content;
  const approved = await request.post(`/api/userProfile/user/${person?.id}/approve`, { headers: admin });
  expect(approved.status(), await approved.text()).toBe(204);
  const stepToken = await apiLogin(request, username);
  const since = Date.now();
  const sent = await request.post('/api/userProfile/registered-email/send-code', {
    headers: { Authorization: `Bearer ${stepToken}` },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await outboxCode(request, username, since);
  const verified = await request.post('/api/userProfile/registered-email/verify-code', {
    headers: { Authorization: `Bearer ${stepToken}` },
    data: { code },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const headers = { Authorization: `Bearer ${bearer(verified)}` };
  const qr = await request.post('/api/userProfile/mfa/getQRCodePdi', { headers, data: { reenroll: false } });
  expect(qr.status(), await qr.text()).toBe(200);
  const secret = new URL(((await qr.json()) as { link: string }).link).searchParams.get('secret') ?? '';
  const enrolled = await request.post('/api/userProfile/mfa/enrollWithApp', {
    headers,
    data: { totp: enrolmentCode(secret) },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  return bearer(enrolled);
}

async function signIn(page: Page, token: string) {
  await page.addInitScript((jwt) => {
    if (!window.sessionStorage.getItem('e2e-token-set')) {
      window.localStorage.setItem('jwt', jwt);
      window.sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
}

/** The last 7 complete UTC days, as the report defaults to. */
function lastSevenDays(): { from: string; to: string } {
  const day = 86_400_000;
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  return {
    from: new Date(today - 7 * day).toISOString().slice(0, 10),
    to: new Date(today - day).toISOString().slice(0, 10),
  };
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
/** "1.3 GB" back to bytes (base 1024, as shown). */
function bytesOf(text: string): number {
  const [amount, unit] = text.trim().split(' ');
  return Number(amount) * 1024 ** UNITS.indexOf(unit ?? 'B');
}

/** The texts of one column of the table, by its header's position. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.getByTestId('data-table').locator('thead th').allTextContents();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return page
    .getByTestId('data-row')
    .locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}

async function exportCsvFirstLine(page: Page): Promise<{ name: string; firstLine: string; lines: number }> {
  const download = page.waitForEvent('download');
  await page.getByTestId('report-export-csv').click();
  const file = await download;
  const text = await readFile((await file.path()) as string, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  return { name: file.suggestedFilename(), firstLine: lines[0] ?? '', lines: lines.length };
}

test('online analytics for the last 7 days: sort a column, export CSV', async ({ page, request }) => {
  const token = await newAcmeReader(request, 'en');
  await signIn(page, token);
  const range = lastSevenDays();

  await page.goto('/reports');
  await expect(page).toHaveTitle('Reports | vNOC');
  await page.getByRole('link', { name: 'Open the Online analytics report' }).click();
  await expect(page).toHaveURL(/\/reports\/online-analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Online analytics' })).toBeVisible();
  await expect(page.getByTestId('report-caption')).toContainText('one sample per day per device');
  await expect(page.getByTestId('range-from')).toHaveValue(range.from);
  await expect(page.getByTestId('range-to')).toHaveValue(range.to);
  await expect(page.getByTestId('range-last-7')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('data-row').first()).toBeVisible();
  await expect(page.getByTestId('report-totals')).toContainText('Online');
  await expect(page.getByTestId('report-chart')).toBeVisible();
  // Days are shown MM/DD/YYYY, bytes in base-1024 units.
  const [y, m, d] = range.to.split('-');
  expect((await columnTexts(page, 'Day (UTC)'))[0]).toBe(`${m}/${d}/${y}`);
  expect((await columnTexts(page, 'WAN received'))[0]).toMatch(/^\d+(\.\d)? (B|KB|MB|GB|TB)$/);

  // Sort by WAN received: ascending, in the address bar and in the rows (the server sorts).
  const sorted = page.waitForResponse((r) => r.url().includes('sorting=wanBytesReceived-asc') && r.ok());
  await page.getByTitle('Sort by WAN received').click();
  await sorted;
  await expect(page).toHaveURL(/sort=wanBytesReceived-asc/);
  await expect(page.getByRole('columnheader', { name: /WAN received/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect
    .poll(async () => {
      const values = (await columnTexts(page, 'WAN received')).map(bytesOf);
      return values.length > 1 && values.every((v, i) => i === 0 || (values[i - 1] ?? 0) <= v);
    })
    .toBe(true);

  // The CSV of the whole filtered report, saved as a file: the spec's row fields in the header.
  const csv = await exportCsvFirstLine(page);
  expect(csv.name).toBe(`online-analytics-${range.from}-to-${range.to}.csv`);
  expect(csv.firstLine.split(',')).toEqual(
    expect.arrayContaining(['macAddress', 'date', 'siteName', 'percentOnline', 'wanBytesReceived']),
  );
  expect(csv.lines).toBeGreaterThan(1);

  // A range the server would refuse is caught in the picker and not sent.
  await page.getByTestId('range-from').fill(range.to);
  await page.getByTestId('range-to').fill(range.from);
  await expect(page.getByTestId('range-problem')).toHaveText(
    'The start of the date range must be on or before its end.',
  );
  await expect(page).toHaveURL(new RegExp(`to=${range.to}`));
  await expect(page).not.toHaveURL(new RegExp(`to=${range.from}`));
});

test('in Spanish: the report, its sorting and the CSV', async ({ page, request }) => {
  const token = await newAcmeReader(request, 'es');
  await signIn(page, token);
  const range = lastSevenDays();

  await page.goto('/reports');
  await chooseLanguage(page, 'Español');
  await page.getByRole('link', { name: 'Abrir el informe Análisis de conectividad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Análisis de conectividad' })).toBeVisible();
  await expect(page.getByTestId('report-caption')).toContainText('una muestra por día y por dispositivo');
  await expect(page.getByTestId('data-row').first()).toBeVisible();
  await expect(page.getByTestId('report-totals')).toContainText('En línea');

  await page.getByTitle('Ordenar por WAN recibido').click();
  await expect(page).toHaveURL(/sort=wanBytesReceived-asc/);
  await expect(page.getByRole('columnheader', { name: /WAN recibido/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  const csv = await exportCsvFirstLine(page);
  expect(csv.name).toBe(`online-analytics-${range.from}-to-${range.to}.csv`);
  expect(csv.firstLine.split(',')).toEqual(
    expect.arrayContaining(['macAddress', 'date', 'wanBytesReceived']),
  );

  // A hand-written address the server refuses: its message is shown, not an empty report.
  await page.goto(`/reports/online-analytics?from=2024-01-01&to=${range.to}`);
  await expect(page.getByTestId('table-error')).toContainText('13');
});
