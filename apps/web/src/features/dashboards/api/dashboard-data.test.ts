// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { BASE_DASHBOARD, BASE_UPTIME_DURATION, type Dashboard } from '@vnoc/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { currentMaintenanceQuery, siteSeveritiesQuery } from '../../../lib/map-alerts.ts';
import { mapSettingsQuery } from '../../../lib/map-settings.ts';
import { mapSummaryQuery } from '../../../lib/map-view.ts';
import { statusCountsQuery } from '../../../lib/status-counts.ts';
import { fakeJwt, fullClaims } from '../../../test/render.tsx';
import {
  activeAlertsQuery,
  prefetchDashboardData,
  problemDevicesQuery,
  problemSitesQuery,
  uptimeQuery,
} from './dashboard-data.ts';

const GROUP = '44444444-4444-4444-8444-444444444444';
const ownDashboard: Dashboard = {
  ...BASE_DASHBOARD,
  id: '7',
  name: 'Stores',
  default: true,
  groupIds: [GROUP],
  widgets: BASE_DASHBOARD.widgets.filter((w) => w.type === 'DeviceTotals' || w.type === 'ActiveAlerts'),
};

let dashboards: Dashboard[] = [];
const requests: string[] = [];
beforeEach(() => {
  requests.length = 0;
  authStore.setToken(fakeJwt(fullClaims({ role: 'USER', entitlements: ['analytics'] })));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      requests.push(`${url.pathname}${url.search}`);
      const answers: Record<string, unknown> = {
        '/api/dashboard/all': dashboards,
        '/api/device/stats/statuscounts': {
          offline: 1,
          online: 2,
          onbackup: 0,
          pending: 0,
          rebooting: 0,
          total: 3,
        },
        '/api/analytics/network/uptime': {
          duration: BASE_UPTIME_DURATION,
          uptime: 99.5,
          downtime: 0.5,
          devices: 3,
        },
        '/api/map/settings': { tileUrl: null, tileAttribution: null },
        '/api/map/summary': { located: 2, matching: 2, withoutLocation: 0, bounds: null },
        '/api/alert/site-severities': [],
        '/api/maintenance': [],
      };
      const body = answers[url.pathname] ?? {
        content: [],
        page: 0,
        pageSize: 8,
        totalElements: 0,
        totalPages: 0,
      };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.logout();
});

describe('prefetchDashboardData', () => {
  it("asks for the dashboards, then for the default dashboard's widgets' data under the keys the widgets read", async () => {
    dashboards = [BASE_DASHBOARD];
    const client = new QueryClient();
    await prefetchDashboardData(client);
    expect(requests[0]).toBe('/api/dashboard/all');
    expect(
      requests
        .slice(1)
        .map((r) => r.split('?')[0])
        .sort(),
    ).toEqual([
      '/api/alert',
      '/api/alert/site-severities',
      '/api/analytics/network/uptime',
      '/api/device/search/filtered',
      '/api/device/stats/statuscounts',
      '/api/maintenance',
      '/api/map/settings',
      '/api/map/summary',
      '/api/site/search/filtered',
    ]);
    for (const query of [
      statusCountsQuery(),
      uptimeQuery(BASE_DASHBOARD.id, BASE_UPTIME_DURATION),
      problemDevicesQuery(),
      problemSitesQuery(),
      activeAlertsQuery(),
      // The SiteMap widget's: what it reads before its first view.
      mapSettingsQuery,
      mapSummaryQuery({ groupIds: [] }),
      siteSeveritiesQuery,
      currentMaintenanceQuery,
    ])
      expect(client.getQueryData(query.queryKey), JSON.stringify(query.queryKey)).toBeDefined();
  });

  it('an organization without analytics: no call for the Uptime widget it does not show (issue 37)', async () => {
    authStore.setToken(fakeJwt(fullClaims({ role: 'USER', entitlements: [] })));
    dashboards = [BASE_DASHBOARD];
    await prefetchDashboardData(new QueryClient());
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.filter((r) => r.startsWith('/api/analytics/'))).toEqual([]);
  });

  it("a dashboard of its own groups: its widgets' data for those groups; a dashboard that is not there: nothing more", async () => {
    dashboards = [BASE_DASHBOARD, ownDashboard];
    const client = new QueryClient();
    await prefetchDashboardData(client, '7');
    expect(requests).toEqual([
      '/api/dashboard/all',
      `/api/device/stats/statuscounts?groupIds=${GROUP}`,
      `/api/alert?status=active&page=0&pageSize=8&sorting=severity-asc&groupId=${GROUP}`,
    ]);
    expect(client.getQueryData(statusCountsQuery([GROUP]).queryKey)).toMatchObject({ total: 3 });
    requests.length = 0;
    await prefetchDashboardData(client, '8');
    expect(requests).toEqual([]);
  });
});
