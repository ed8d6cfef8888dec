// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type { Alert, MaintenanceWindow } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { SiteAlerts } from './site-alerts.tsx';
import { SiteMaintenanceBanner } from './site-maintenance-banner.tsx';

const SITE = '33333333-3333-4333-8333-333333333333';
const AP = '55555555-5555-4555-8555-555555555555';
const alertOf = (overrides: Partial<Alert>): Alert => ({
  id: 'a1',
  code: 'device_offline',
  severity: 'major',
  status: 'active',
  siteId: SITE,
  siteName: 'Store 12',
  deviceId: AP,
  deviceKind: 'access-point',
  deviceName: 'MR36 0001',
  deviceModel: 'MR36',
  macAddress: '00:18:0a:00:00:01',
  region: 'TX',
  message: 'Device offline (for 4 min)',
  details: { minutes: 4 },
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
  ...overrides,
});
const windowOf = (state: MaintenanceWindow['state']): MaintenanceWindow => ({
  id: `w-${state}`,
  reason: 'ISP circuit upgrade',
  startsAt: '2026-03-02T13:00:00.000Z',
  endsAt: '2026-03-02T17:00:00.000Z',
  state,
  sites: [{ id: SITE, name: 'Store 12' }],
  group: null,
  createdBy: { id: 'u', name: 'Ada Admin' },
  createdAt: '2026-03-02T12:00:00.000Z',
});

let alerts: Alert[];
let windows: MaintenanceWindow[];
const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => installDomStubs());
beforeEach(() => {
  alerts = [];
  windows = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname === `/api/site/${SITE}/alerts`) return answer(alerts);
      if (url.pathname === '/api/maintenance' && url.searchParams.get('siteId') === SITE)
        return answer(windows);
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const open = () =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <SiteMaintenanceBanner siteId={SITE} />
            <SiteAlerts siteId={SITE} />
          </>
        ),
      },
    ],
    '/',
  );

describe("the site page's alerts panel", () => {
  it('lists active alerts worst first: severity, translated name, measured, device, time; links to Alerts by site', async () => {
    alerts = [
      alertOf({ id: 'minor', code: 'weak_signal', severity: 'minor', details: { bars: 2 } }),
      alertOf({ id: 'major' }),
    ];
    await i18n.changeLanguage('es');
    open();
    const items = await screen.findAllByTestId('alert-mini-item');
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Mayor')).toBeTruthy();
    expect(first.getByText('Dispositivo sin conexión')).toBeTruthy();
    expect(first.getByText('durante 4 min')).toBeTruthy();
    expect(first.getByRole('link', { name: 'MR36 0001' }).getAttribute('href')).toBe(
      `/sites/${SITE}/device/${AP}`,
    );
    expect(first.getByText(`Generada el ${formatDate('2026-03-02T14:00:00.000Z')}`)).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Señal celular débil')).toBeTruthy();
    expect(screen.getByTestId('site-alerts-link').getAttribute('href')).toBe(`/alerts?site=${SITE}`);
  });

  it('says "No active alerts" when there are none, and shows no banner without a window', async () => {
    open();
    expect((await screen.findByTestId('site-alerts-empty')).textContent).toContain('No active alerts');
    expect(screen.queryByTestId('site-maintenance-banner')).toBeNull();
  });

  it('shows the banner of a window in progress', async () => {
    windows = [windowOf('active')];
    open();
    const banner = await screen.findByTestId('site-maintenance-banner');
    expect(banner.textContent).toContain(
      `In maintenance until ${formatDate('2026-03-02T17:00:00.000Z')}: ISP circuit upgrade`,
    );
    expect(within(banner).getByRole('link', { name: 'Maintenance windows' }).getAttribute('href')).toBe(
      '/alerts/maintenance',
    );
  });

  it('says when a window is only scheduled', async () => {
    windows = [windowOf('scheduled')];
    open();
    expect((await screen.findByTestId('site-maintenance-banner')).getAttribute('data-state')).toBe(
      'scheduled',
    );
  });
});
