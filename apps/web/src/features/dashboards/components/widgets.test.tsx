// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type { Alert } from '@vnoc/contracts';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { ActiveAlertsWidget, DeviceTableWidget, UptimeWidget } from './widgets.tsx';

const alertOf = (id: string, severity: Alert['severity'], code: Alert['code']): Alert => ({
  id,
  code,
  severity,
  status: 'active',
  siteId: '33333333-3333-4333-8333-333333333333',
  siteName: `Store ${id}`,
  deviceId: '11111111-1111-4111-8111-111111111111',
  deviceKind: 'firewall',
  deviceName: 'TZ370 00DB',
  deviceModel: 'TZ370',
  macAddress: '00:17:c5:00:00:db',
  region: 'TX',
  message: '',
  details: {},
  raisedAt: '2026-03-02T14:00:00.000Z',
  lastSeenAt: '2026-03-02T14:04:00.000Z',
  clearedAt: null,
  occurrences: 1,
  rootAlertId: null,
  dependents: 0,
  acknowledgedAt: null,
  acknowledgedBy: null,
  assignedBy: null,
  assignee: null,
  inMaintenance: false,
  ticket: null,
});

let page: { content: Alert[]; totalElements: number };
const requests: URL[] = [];
beforeAll(() => installDomStubs());
beforeEach(() => {
  requests.length = 0;
  page = { content: [], totalElements: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      requests.push(url);
      const body =
        url.pathname === '/api/analytics/network/uptime'
          ? { duration: 'LAST_6_HOURS', uptime: 85.181_42, downtime: 14.818_58, devices: 3 }
          : { ...page, page: 0, pageSize: 8, totalPages: 1 };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const show = (element: ReactElement) => renderRoutes([{ path: '*', element }], '/');
const open = () =>
  show(<ActiveAlertsWidget title="Active alerts" dashboardId="vnoc" duration="LAST_6_HOURS" groupIds={[]} />);

describe('the ActiveAlerts widget (spec part 3, base dashboard)', () => {
  it("asks for the organization's active root alerts worst first, a few of them, and links each to its detail", async () => {
    page = {
      content: [alertOf('1', 'critical', 'site_offline'), alertOf('2', 'minor', 'weak_signal')],
      totalElements: 14,
    };
    open();
    const rows = await screen.findAllByTestId('active-alert-row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Site offline' })
        .getAttribute('href'),
    ).toBe('/alerts?alert=1');
    expect(screen.getByText('2 of 14, worst first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alerts' }).getAttribute('href')).toBe('/alerts');
    const query = requests[0]?.searchParams;
    expect([
      requests[0]?.pathname,
      query?.get('status'),
      query?.get('sorting'),
      query?.get('pageSize'),
    ]).toEqual(['/api/alert', 'active', 'severity-asc', '8']);
  });

  it('shows a skeleton, not its empty state, until the answer arrives (issue 39)', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        requests.push(new URL(String(input)));
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    const { container } = open();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(container.querySelector('.mantine-Skeleton-root')).not.toBeNull();
    expect(screen.queryByText('No active alerts.')).toBeNull();
    answer(
      new Response(JSON.stringify({ content: [], totalElements: 0, page: 0, pageSize: 8, totalPages: 1 }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByText('No active alerts.')).toBeTruthy();
    expect(container.querySelector('.mantine-Skeleton-root')).toBeNull();
  });

  it('says so when nothing is active', async () => {
    open();
    expect(await screen.findByText('No active alerts.')).toBeTruthy();
  });
});

describe('the DeviceTable widget (problem devices)', () => {
  it('asks for the problem devices by impact, an edge device down first (issue 37)', async () => {
    show(
      <DeviceTableWidget title="Problem devices" dashboardId="vnoc" duration="LAST_6_HOURS" groupIds={[]} />,
    );
    expect(await screen.findByText('No device is offline, on backup or rebooting.')).toBeTruthy();
    const query = requests[0]?.searchParams;
    expect([requests[0]?.pathname, query?.get('status'), query?.get('sorting')]).toEqual([
      '/api/device/search/filtered',
      'offline,onbackup,rebooting',
      'impact-asc',
    ]);
  });
});

describe('the Uptime widget (the API gives 4 decimals; the card rounds as people read a share)', () => {
  it.each([
    ['en', '85.18 %', 'Downtime 14.82 % · 3 devices'],
    ['es', '85,18 %', 'Inactividad 14,82 % · 3 dispositivos'],
  ])('writes them to 2 decimals as %s writes numbers', async (language, uptime, downtime) => {
    await i18n.changeLanguage(language);
    show(<UptimeWidget title="Uptime" dashboardId="vnoc" duration="LAST_6_HOURS" groupIds={[]} />);
    expect((await screen.findByTestId('uptime-value')).textContent).toBe(uptime);
    expect(screen.getByText(downtime)).toBeTruthy();
    expect(requests[0]?.pathname).toBe('/api/analytics/network/uptime');
    expect(requests[0]?.searchParams.get('duration')).toBe('LAST_6_HOURS');
  });
});
