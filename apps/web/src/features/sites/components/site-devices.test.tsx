// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { type DeviceSummary, DeviceSummarySchema } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { SiteDevices } from './site-devices.tsx';

const summary = (id: string, name: string, fields: Partial<DeviceSummary>): DeviceSummary =>
  DeviceSummarySchema.parse({
    id,
    name,
    macAddress: `00:17:c5:00:00:0${id.slice(-1)}`,
    deviceModelType: { manufacturer: 'SonicWall', model: 'TZ370' },
    kind: 'firewall',
    site: { id: 's-1', name: 'Acme Store 1' },
    returnRequested: false,
    status: 'online',
    connection: 'primary',
    lastUpdate: new Date(Date.now() - 60_000).toISOString(),
    lastBoot: null,
    driver: 'simulator',
    ...fields,
  });

const devices = [
  summary('d-1', 'Store firewall', {}),
  summary('d-2', 'Back office router', { driver: 'agent', status: 'offline' }),
  summary('d-3', 'New OpenWrt router', { driver: 'openwisp', status: 'offline', lastUpdate: null }),
];

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/device/search/filtered' && url.searchParams.get('siteId') === 's-1')
        return new Response(
          JSON.stringify({ content: devices, page: 0, pageSize: 200, totalElements: 3, totalPages: 1 }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a site's devices", () => {
  it('show a real device that never reported as Never connected, apart from Offline and Online', async () => {
    renderRoutes(
      [{ path: '/', element: <SiteDevices siteId="s-1" deviceIds={devices.map((d) => d.id)} /> }],
      '/',
    );
    const table = await screen.findByTestId('site-devices');
    const status = (name: string) => {
      const row = within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(name)) as HTMLElement;
      return within(row).getByText(/^(Online|Offline|Never connected)$/).textContent;
    };
    expect(status('Store firewall')).toBe('Online');
    expect(status('Back office router')).toBe('Offline');
    expect(status('New OpenWrt router')).toBe('Never connected');
  });
});
