// @vitest-environment jsdom
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OnlineAnalyticsPage, ReportSubscription } from '@vnoc/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { useCurrentCrumbDetail } from '../../../lib/breadcrumb-detail.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, Providers } from '../../../test/render.tsx';
import { Component as ReportRoute } from '../routes/report.tsx';
import { Component as ReportsRoute } from '../routes/reports.tsx';
import { lastDays } from '../utils/report-state.ts';

vi.setConfig({ testTimeout: 20_000 });

const SITE = '5139bf14-590a-4177-9598-e716f0268f74';
const range = lastDays(new Date());
const row = {
  id: 'd1:2026-11-22',
  deviceId: 'd1',
  siteId: SITE,
  macAddress: '0c:8d:db:00:00:ca',
  manufacturer: 'Cisco Meraki',
  model: 'MX68',
  date: range.to,
  siteName: 'Acme Albuquerque Riverside',
  address: '7427 Commerce Blvd',
  city: 'Albuquerque',
  state: 'NM',
  zip: '87102',
  country: 'US',
  percentOffline: 0.5,
  secondsOffline: 432,
  offlineEvents: 1,
  percentOnBackup: 2,
  secondsOnBackup: 1728,
  backupEvents: 1,
  percentOnPrimary: 97.5,
  secondsOnPrimary: 84240,
  percentOnline: 99.5,
  secondsOnline: 85968,
  wanBytesReceived: 1_411_682_566,
  wanBytesTransmitted: 1536,
};
const totals = { rows: 1, devices: 1, ...row };
const page = (content: (typeof row)[]): OnlineAnalyticsPage => ({
  report: 'online-analytics',
  from: range.from,
  to: range.to,
  sorting: 'date-desc',
  content,
  page: 0,
  pageSize: 50,
  totalElements: content.length,
  totalPages: content.length ? 1 : 0,
  totals: {
    rows: totals.rows,
    devices: totals.devices,
    percentOffline: row.percentOffline,
    secondsOffline: row.secondsOffline,
    offlineEvents: row.offlineEvents,
    percentOnBackup: row.percentOnBackup,
    secondsOnBackup: row.secondsOnBackup,
    backupEvents: row.backupEvents,
    percentOnPrimary: row.percentOnPrimary,
    secondsOnPrimary: row.secondsOnPrimary,
    percentOnline: row.percentOnline,
    secondsOnline: row.secondsOnline,
    wanBytesReceived: row.wanBytesReceived,
    wanBytesTransmitted: row.wanBytesTransmitted,
  },
  summary: { series: [] },
});

let reportAnswer: () => Response;
let subscriptions: ReportSubscription[];
const requests: { method: string; url: URL; body: unknown }[] = [];
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => installDomStubs());
beforeEach(() => {
  requests.length = 0;
  subscriptions = [];
  reportAnswer = () => answer(page([row]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body });
      if (url.pathname === '/api/reports')
        return answer([
          {
            id: 'online-analytics',
            entitlement: null,
            title: { en: 'x', es: 'x' },
            description: { en: 'x', es: 'x' },
            caption: { en: 'x', es: 'x' },
          },
        ]);
      if (url.pathname === '/api/reports/online-analytics') return reportAnswer();
      if (url.pathname === '/api/reports/subscriptions' && method === 'GET') return answer(subscriptions);
      if (url.pathname === '/api/reports/subscriptions' && method === 'POST') {
        const created: ReportSubscription = {
          id: 's1',
          report: body.report,
          frequency: body.frequency,
          filters: body.filters,
          nextRunAt: '2026-11-30T06:00:00.000Z',
          lastRunAt: null,
          createdAt: '2026-11-23T16:00:00.000Z',
        };
        subscriptions = [created];
        return answer(created);
      }
      if (url.pathname === '/api/reports/subscriptions/s1' && method === 'DELETE') {
        subscriptions = [];
        return answer({ ok: true });
      }
      if (url.pathname === '/api/group') return answer([]);
      if (url.pathname === '/api/site/search/filtered')
        return answer({ content: [], page: 0, pageSize: 20, totalElements: 0, totalPages: 0 });
      return answer({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  notifications.clean();
  authStore.logout();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** What the layout's breadcrumb would show as the page's own name. */
function CrumbProbe({ path }: { path: string }) {
  return <p data-testid="crumb-name">{useCurrentCrumbDetail(path)?.name ?? ''}</p>;
}

function open(path: string) {
  authStore.setToken(fakeJwt(fullClaims({ role: 'READ_ONLY' })));
  const router = createMemoryRouter(
    [
      { path: '/reports', Component: ReportsRoute, handle: { name: 'Reports', title: 'titles.reports' } },
      { path: '/reports/:id', Component: ReportRoute, handle: { name: 'Report', title: 'titles.report' } },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <Notifications />
      <RouterProvider router={router} />
      <CrumbProbe path={path.split('?')[0] ?? path} />
    </Providers>,
  );
  return router;
}

const reportRequests = () => requests.filter((r) => r.url.pathname === '/api/reports/online-analytics');

describe('Reports list', () => {
  it('lists the reports the server answers, translated by id, each linking to its page', async () => {
    open('/reports');
    const card = within(await screen.findByTestId('report-card-online-analytics'));
    expect(card.getByRole('heading', { name: 'Online analytics' })).toBeTruthy();
    expect(card.getByRole('link').getAttribute('href')).toBe('/reports/online-analytics');
    expect(screen.queryByTestId('report-card-cellular-billing')).toBeNull();
    expect((await screen.findByTestId('subscriptions-empty')).textContent).toContain('no scheduled reports');
  });
});

describe('Report page', () => {
  it('asks for the last 7 days and shows rows, totals and the caption in the spec units', async () => {
    open('/reports/online-analytics');
    await screen.findAllByTestId('data-row');
    const table = screen.getByTestId('data-table');
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    const [y, m, d] = range.to.split('-');
    expect(cells).toContain(`${m}/${d}/${y}`);
    expect(cells).toContain('1.3 GB');
    expect(cells).toContain('1.5 KB');
    expect(cells).toContain('99.5 %');
    expect(screen.getByTestId('report-caption').textContent).toBe(
      'Daily samples over the selected range, one sample per day per device.',
    );
    expect(screen.getByTestId('total-percentOnline').textContent).toContain('99.5 %');
    const query = reportRequests()[0]?.url.searchParams;
    expect(query?.get('from')).toBe(range.from);
    expect(query?.get('to')).toBe(range.to);
    expect(query?.get('page')).toBe('0');
  });

  it("names the report in the breadcrumb, not 'Report' (issue 37's screenshots)", async () => {
    open('/reports/online-analytics');
    await waitFor(() => expect(screen.getByTestId('crumb-name').textContent).toBe('Online analytics'));
    await i18n.changeLanguage('es');
    await waitFor(() =>
      expect(screen.getByTestId('crumb-name').textContent).toBe('Análisis de conectividad'),
    );
  });

  it('offers the CSV then the PDF export, each named and with its test id', async () => {
    open('/reports/online-analytics');
    const group = await screen.findByRole('group', { name: 'Download' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('data-testid')])).toEqual([
      ['CSV', 'report-export-csv'],
      ['PDF', 'report-export-pdf'],
    ]);
  });

  it('sorting a column asks the server and keeps it in the address', async () => {
    const router = open('/reports/online-analytics');
    await screen.findAllByTestId('data-row');
    fireEvent.click(screen.getByTitle('Sort by WAN received'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=wanBytesReceived-asc'));
    await waitFor(() =>
      expect(reportRequests().at(-1)?.url.searchParams.get('sorting')).toBe('wanBytesReceived-asc'),
    );
  });

  it('filters from the address are sent; an empty filtered answer offers to clear them', async () => {
    reportAnswer = () => answer(page([]));
    const router = open(`/reports/online-analytics?q=nowhere&model=MX68,Z3&site=${SITE}`);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No rows match these filters');
    const query = reportRequests()[0]?.url.searchParams;
    expect(query?.get('q')).toBe('nowhere');
    expect(query?.get('model')).toBe('MX68,Z3');
    expect(query?.get('siteId')).toBe(SITE);
    fireEvent.click(within(screen.getByTestId('empty-state')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('an empty range says why, honestly', async () => {
    reportAnswer = () => answer(page([]));
    open('/reports/online-analytics');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No samples in this range');
  });

  it("a refused range shows the server's message and the picker's reason", async () => {
    reportAnswer = () =>
      answer(
        {
          id: 'invalid_input',
          message: 'The date range can be at most 13 months long.',
          errors: [{ path: 'to', message: 'The date range can be at most 13 months long.' }],
        },
        400,
      );
    open(`/reports/online-analytics?from=2020-01-01&to=${range.to}`);
    expect((await screen.findByTestId('table-error')).textContent).toContain(
      'The date range can be at most 13 months long.',
    );
    expect(screen.getByTestId('range-problem').textContent).toBe(
      'The date range can be at most 13 months long.',
    );
  });

  it('the picker refuses a reversed range up front: nothing is asked', async () => {
    const router = open('/reports/online-analytics');
    await screen.findAllByTestId('data-row');
    const before = reportRequests().length;
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: range.to } });
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: range.from } });
    expect(screen.getByTestId('range-problem').textContent).toBe(
      'The start of the date range must be on or before its end.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${range.to}&to=${range.to}`));
    // The first edit's range came back through the address and its rows were fetched and drawn: the second
    // edit, refused, is still in the picker with its reason.
    await waitFor(() => expect(reportRequests().at(-1)?.url.searchParams.get('from')).toBe(range.to));
    await screen.findAllByTestId('data-row');
    expect((screen.getByTestId('range-to') as HTMLInputElement).value).toBe(range.from);
    expect(screen.getByTestId('range-problem').textContent).toBe(
      'The start of the date range must be on or before its end.',
    );
    expect(
      reportRequests().every((r) => r.url.searchParams.get('to') !== range.from || r === reportRequests()[0]),
    ).toBe(true);
    expect(reportRequests().length).toBeGreaterThanOrEqual(before);
  });

  it('subscribes weekly with the filters, lists it and removes it', async () => {
    open('/reports/online-analytics?q=main');
    fireEvent.click(await screen.findByTestId('report-schedule'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/search "main"/)).toBeTruthy();
    fireEvent.click(dialog.getByTestId('subscribe-confirm'));
    const item = within(await screen.findByTestId('subscription'));
    expect(item.getByText('Weekly')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ report: 'online-analytics', frequency: 'weekly', filters: { q: 'main' } });
    fireEvent.click(item.getByRole('button', { name: 'Remove the Weekly Online analytics email' }));
    expect((await screen.findByTestId('subscriptions-empty')).textContent).toContain(
      'not scheduled this report',
    );
  });

  it('an unknown report id says so', async () => {
    open('/reports/nope');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('There is no such report');
  });

  it('in Spanish', async () => {
    await i18n.changeLanguage('es');
    open('/reports/online-analytics');
    await screen.findAllByTestId('data-row');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Análisis de conectividad');
    expect(screen.getByTitle('Ordenar por WAN recibido')).toBeTruthy();
    expect(
      within(screen.getByTestId('data-table'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('99,5 %');
  });
});
