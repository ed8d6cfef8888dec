// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Timeline } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { EntityTimeline } from './entity-timeline.tsx';
import { TimelineLater } from './timeline-later.tsx';

const FROM = '2026-03-01T00:00:00.000Z';
const TO = '2026-03-08T00:00:00.000Z';
const at = (hours: number) => new Date(Date.parse(FROM) + hours * 3_600_000).toISOString();

const timeline: Timeline = {
  from: FROM,
  to: TO,
  // Nothing recorded for the first day: the band must say "No data" there, not any status.
  intervals: [
    { status: 'online', from: at(24), to: at(48), ongoing: false },
    { status: 'offline', from: at(48), to: at(50), ongoing: false },
    { status: 'onbackup', from: at(50), to: TO, ongoing: true },
  ],
  events: [
    {
      type: 'alert',
      id: 'al-1',
      at: at(48),
      clearedAt: at(50),
      code: 'site_offline',
      severity: 'critical',
      device: { id: 'dev-1', name: 'Front FW' },
    },
    {
      type: 'diagnostic',
      id: 'job-1',
      at: at(49),
      finishedAt: at(49.1),
      action: 'reboot',
      state: 'succeeded',
      device: { id: 'dev-1', name: 'Front FW' },
    },
    {
      type: 'ticket',
      id: 'tk-1',
      at: at(49.5),
      number: 1042,
      subject: 'Store offline',
      status: 'open',
      device: { id: 'dev-1', name: 'Front FW' },
    },
    {
      type: 'support',
      id: '77',
      at: at(49.6),
      action: 'alert.acknowledge',
      support: { id: 'sup', name: 'Sam Support' },
      person: { id: 'usr', name: 'Uriel Operator' },
    },
    {
      type: 'config',
      id: '2',
      at: at(60),
      versionName: 'store-2',
      internalChange: false,
      device: { id: 'dev-1', name: 'Front FW' },
    },
  ],
  availability: [
    { day: '2026-03-01', percent: null, secondsObserved: 0, secondsDown: 0, secondsOnBackup: 0 },
    { day: '2026-03-02', percent: 100, secondsObserved: 86_400, secondsDown: 0, secondsOnBackup: 0 },
    { day: '2026-03-03', percent: 91.6667, secondsObserved: 86_400, secondsDown: 7200, secondsOnBackup: 0 },
  ],
  supportShown: true,
  truncated: [],
};

let answer: () => Response;
const asked: URL[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  asked.length = 0;
  answer = () => json(timeline);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      asked.push(url);
      return url.pathname === '/api/site/site-1/timeline' ? answer() : json({}, 404);
    }),
  );
});
afterEach(() => cleanup());

const open = () =>
  renderRoutes(
    [
      {
        path: '/sites/:id',
        Component: () => <EntityTimeline subject={{ kind: 'site', id: 'site-1' }} siteId="site-1" />,
      },
    ],
    '/sites/site-1',
  );

describe('EntityTimeline', () => {
  it('draws the status band with "No data" where nothing was recorded, and a legend of the badge colours', async () => {
    open();
    const band = await screen.findByTestId('timeline-band', {}, { timeout: 5000 });
    const pieces = within(band).getAllByRole('img');
    expect(pieces.map((p) => p.getAttribute('data-testid'))).toEqual([
      'band-no-data',
      'band-online',
      'band-offline',
      'band-onbackup',
    ]);
    expect(pieces[0]?.getAttribute('aria-label')).toMatch(/^No data: /);
    expect(pieces[3]?.getAttribute('aria-label')).toMatch(/^On Backup: since .*still now$/);
    const legend = screen.getByRole('list', { name: 'Status colours' });
    expect(within(legend).getByText('Offline')).toBeTruthy();
    expect(within(legend).getByText('No data')).toBeTruthy();
  });

  it('puts each event in its row, named, focusable, with its link', async () => {
    open();
    const alerts = await screen.findByTestId('timeline-row-alert', {}, { timeout: 5000 });
    const alert = within(alerts).getByRole('link');
    expect(alert.getAttribute('aria-label')).toContain('Site offline (Critical) · Front FW');
    expect(alert.getAttribute('href')).toBe('/alerts?status=cleared&alert=al-1');
    const diagnostic = within(screen.getByTestId('timeline-row-diagnostic')).getByRole('link');
    expect(diagnostic.getAttribute('aria-label')).toMatch(/^Reboot · Succeeded · Front FW/);
    expect(diagnostic.getAttribute('href')).toBe('/sites/site-1/device/dev-1');
    const ticket = within(screen.getByTestId('timeline-row-ticket')).getByRole('link');
    expect(ticket.getAttribute('href')).toBe('/tickets/tk-1');
    expect(ticket.getAttribute('aria-label')).toMatch(/^#1042 Store offline · Open/);
    // A support act has no page of its own: still focusable, and named as support's act.
    const act = within(screen.getByTestId('timeline-row-support')).getByRole('img');
    expect(act.getAttribute('tabindex')).toBe('0');
    expect(act.getAttribute('aria-label')).toMatch(
      /^Sam Support \(vNOC support\) for Uriel Operator · Alert acknowledged/,
    );
    expect(
      within(screen.getByTestId('timeline-row-config')).getByRole('link').getAttribute('aria-label'),
    ).toMatch(/^store-2 · Front FW/);
    // The tooltip shows on keyboard focus too.
    fireEvent.focus(ticket);
    expect(await screen.findByRole('tooltip', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows one availability cell per day, "No data" for a day without a figure', async () => {
    open();
    const strip = await screen.findByTestId('availability-strip', {}, { timeout: 5000 });
    const cells = within(strip).getAllByTestId('availability-day');
    expect(cells.map((c) => c.getAttribute('data-percent'))).toEqual(['none', '100', '91.6667']);
    expect(cells[0]?.getAttribute('aria-label')).toMatch(/^Mar 1 \(UTC\): no data/);
    expect(cells[2]?.getAttribute('aria-label')).toBe(
      'Mar 3 (UTC): 91.67 % available; down 2 h, on backup 0 s',
    );
    expect(within(strip).getByText('91.67 %')).toBeTruthy();
  });

  it('leaves the support row out when the server does not show support acts, and says when a row is empty', async () => {
    answer = () => json({ ...timeline, supportShown: false, events: [] });
    open();
    const alerts = await screen.findByTestId('timeline-row-alert', {}, { timeout: 5000 });
    expect(within(alerts).getByText('None in this range')).toBeTruthy();
    expect(screen.queryByTestId('timeline-row-support')).toBeNull();
  });

  it('asks again for the chosen span, from that long ago', async () => {
    open();
    await screen.findByTestId('timeline-band', {}, { timeout: 5000 });
    const first = asked.at(-1);
    const week = Date.now() - Date.parse(first?.searchParams.get('from') ?? '');
    expect(Math.round(week / 3_600_000)).toBe(7 * 24);
    fireEvent.click(screen.getByText('30 days'));
    await waitFor(() => expect(asked).toHaveLength(2));
    const month = Date.now() - Date.parse(asked.at(-1)?.searchParams.get('from') ?? '');
    expect(Math.round(month / 3_600_000)).toBe(30 * 24);
  });

  it('says when the timeline cannot be loaded, and offers to try again', async () => {
    answer = () => json({ id: 'internal', message: 'The fleet store is down.' }, 500);
    open();
    expect(await screen.findByText('The timeline could not be loaded', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('The fleet store is down.')).toBeTruthy();
    answer = () => json(timeline);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('timeline-band', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('TimelineLater', () => {
  it('holds the card in its place while the timeline loads, then draws the timeline there', async () => {
    renderRoutes(
      [
        {
          path: '/sites/:id',
          Component: () => <TimelineLater subject={{ kind: 'site', id: 'site-1' }} siteId="site-1" />,
        },
      ],
      '/sites/site-1',
    );
    const place = screen.getByTestId('timeline-place');
    expect(within(place).getByRole('heading', { name: 'Timeline' })).toBeTruthy();
    expect(await screen.findByTestId('timeline-band', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('timeline-place')).toBeNull();
    expect(asked.map((url) => url.pathname)).toContain('/api/site/site-1/timeline');
  });
});
