// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CrumbDetail, useCrumbDetail } from '../../lib/breadcrumb-detail.ts';
import { i18n } from '../../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../../test/render.tsx';
import { AppBreadcrumbs } from './app-breadcrumbs.tsx';

let detail: CrumbDetail | null = null;

function DevicePage() {
  useCrumbDetail(detail);
  return <AppBreadcrumbs />;
}

const routes = [
  {
    path: '/sites/:siteId/device/:deviceId',
    Component: DevicePage,
    handle: {
      name: 'Device',
      title: 'titles.device',
      breadcrumb: [{ label: 'breadcrumb.sites', to: '/sites' }, { label: 'titles.device' }],
    },
  },
  { path: '/alerts', Component: AppBreadcrumbs, handle: { name: 'Alerts', title: 'titles.alerts' } },
];

beforeAll(() => installDomStubs());
afterEach(() => {
  cleanup();
  detail = null;
});

const trail = () => within(screen.getByRole('navigation', { name: /Breadcrumb|Ruta de navegación/ }));

describe('breadcrumb names', () => {
  it("keeps the spec's trail while the page loads, then adds the site and the device's name", async () => {
    void i18n.changeLanguage('en');
    const { unmount } = renderRoutes(routes, '/sites/3/device/9');
    expect(trail().getByRole('link', { name: 'Sites' }).getAttribute('href')).toBe('/sites');
    expect(trail().getByText('Device')).toBeTruthy();
    unmount();

    detail = { parents: [{ label: 'Acme Houston Westgate', to: '/sites/3' }], name: 'Cradlepoint E300' };
    const second = renderRoutes(routes, '/sites/3/device/9');
    await waitFor(() => expect(trail().getByText('Device: Cradlepoint E300')).toBeTruthy());
    expect(trail().getByRole('link', { name: 'Acme Houston Westgate' }).getAttribute('href')).toBe(
      '/sites/3',
    );
    expect(trail().getByText('Device: Cradlepoint E300').getAttribute('aria-current')).toBe('page');
    // Another page does not inherit the names.
    await second.router.navigate('/alerts');
    await waitFor(() => expect(screen.queryByText(/Cradlepoint/)).toBeNull());
  });
});
