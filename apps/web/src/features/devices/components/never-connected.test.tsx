// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { type Device, type DeviceSummary, DeviceSummarySchema } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { device } from '../../../test/device-fixtures.ts';
import { installDomStubs, Providers, renderRoutes } from '../../../test/render.tsx';
import { DeviceHeader } from './device-header.tsx';
import { DeviceStatusCards } from './device-status-cards.tsx';
import { DevicesList } from './devices-list.tsx';

const recently = new Date(Date.now() - 60_000).toISOString();

const summary = (id: string, name: string, fields: Partial<DeviceSummary>): DeviceSummary =>
  DeviceSummarySchema.parse({
    id,
    name,
    macAddress: '00:17:c5:00:00:01',
    deviceModelType: { manufacturer: 'SonicWall', model: 'TZ370' },
    kind: 'firewall',
    site: { id: 's-1', name: 'Acme Store 1' },
    returnRequested: false,
    status: 'online',
    connection: 'primary',
    lastUpdate: recently,
    lastBoot: null,
    driver: 'simulator',
    ...fields,
  });

/** Online (simulated), Offline (an agent that reported, then went quiet), and an agent that never reported. */
const listed = [
  summary('d-1', 'Simulated online', {}),
  summary('d-2', 'Agent gone quiet', { driver: 'agent', status: 'offline' }),
  summary('d-3', 'Agent never seen', { driver: 'agent', status: 'offline', lastUpdate: null }),
  summary('d-4', 'Simulated never updated', { status: 'offline', lastUpdate: null }),
];

beforeAll(() => installDomStubs());
beforeEach(() => {
  void i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/device/search/filtered')
        return new Response(
          JSON.stringify({
            content: listed,
            page: 0,
            pageSize: 50,
            totalElements: listed.length,
            totalPages: 1,
          }),
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

describe('Never connected: a real device that never reported, not Offline', () => {
  it('in the device list: Never connected beside Offline and Online, each its own colour', async () => {
    renderRoutes([{ path: '/devices', element: <DevicesList /> }], '/devices');
    const rows = await screen.findAllByTestId('data-row');
    expect(rows).toHaveLength(4);
    const badge = (name: string) => {
      const row = rows.find((r) => r.textContent?.includes(name)) as HTMLElement;
      return within(row).getByText(/^(Online|Offline|Never connected)$/);
    };
    expect(badge('Simulated online').textContent).toBe('Online');
    expect(badge('Agent gone quiet').textContent).toBe('Offline');
    expect(badge('Agent never seen').textContent).toBe('Never connected');
    // A simulated device with no update is offline as before: only a real driver can be "never connected".
    expect(badge('Simulated never updated').textContent).toBe('Offline');
    const colour = (name: string) => badge(name).closest('.mantine-Badge-root')?.getAttribute('style') ?? '';
    expect(colour('Agent never seen')).toContain('violet');
    expect(colour('Agent gone quiet')).toContain('red');
    expect(colour('Simulated online')).toContain('green');
  });

  it('in Spanish: Nunca conectado', async () => {
    await i18n.changeLanguage('es');
    renderRoutes([{ path: '/devices', element: <DevicesList /> }], '/devices');
    const rows = await screen.findAllByTestId('data-row');
    const row = rows.find((r) => r.textContent?.includes('Agent never seen')) as HTMLElement;
    expect(within(row).getByText('Nunca conectado')).toBeTruthy();
    expect(within(row).queryByText('Sin conexión')).toBeNull();
  });

  it.each<[string, Partial<Device>, string]>([
    [
      'an agent that never reported',
      { driver: 'agent', status: 'offline', lastUpdate: null },
      'Never connected',
    ],
    [
      'an OpenWISP router that never reported',
      { driver: 'openwisp', status: 'pending', lastUpdate: null },
      'Never connected',
    ],
    [
      'an agent that reported and went offline',
      { driver: 'agent', status: 'offline', lastUpdate: recently },
      'Offline',
    ],
    ['an agent online', { driver: 'agent', status: 'online', lastUpdate: recently }, 'Online'],
  ])('in the device header: %s', (_name, fields, label) => {
    renderRoutes(
      [{ path: '/', element: <DeviceHeader device={{ ...device, ...fields }} canRename={false} /> }],
      '/',
    );
    const header = screen.getByTestId('device-name').closest('.mantine-Card-root') as HTMLElement;
    expect(within(header).getByText(label)).toBeTruthy();
    for (const other of ['Never connected', 'Offline', 'Online'].filter((l) => l !== label))
      expect(within(header).queryByText(other)).toBeNull();
  });

  it('in the status cards: the cloud connection says Never connected, the last update Never', () => {
    render(
      <Providers>
        <DeviceStatusCards device={{ ...device, driver: 'agent', status: 'offline', lastUpdate: null }} />
      </Providers>,
    );
    expect(within(screen.getByTestId('device-cloud')).getByText('Never connected')).toBeTruthy();
    expect(within(screen.getByTestId('device-cloud')).queryByText('Not Connected')).toBeNull();
    expect(within(screen.getByTestId('device-last-update')).getByText('Never')).toBeTruthy();
    cleanup();
    render(
      <Providers>
        <DeviceStatusCards device={{ ...device, driver: 'simulator', status: 'offline', lastUpdate: null }} />
      </Providers>,
    );
    expect(within(screen.getByTestId('device-cloud')).getByText('Not Connected')).toBeTruthy();
  });
});
