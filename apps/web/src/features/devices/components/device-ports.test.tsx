// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { Device } from '@vnoc/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { canChangeDevices, Component as DeviceScreen } from '../routes/device.tsx';
import { devicePortSlots } from './device-ports.tsx';

const device: Device = {
  id: '11111111-1111-4111-8111-111111111111',
  macAddress: '00:17:c5:00:00:db',
  deviceModelType: { manufacturer: 'SonicWall', model: 'TZ370' },
  kind: 'firewall',
  site: { id: 'site-1', name: 'Acme Houston South' },
  returnRequested: false,
  status: 'online',
  connection: 'primary',
  lastUpdate: new Date().toISOString(),
  lastBoot: new Date(Date.now() - 86_400_000).toISOString(),
  modemSignalStatistics: [],
  signalStrength: null,
  portMapping: [
    { id: 101, systemNumber: 1, type: 'WAN' },
    { id: 102, systemNumber: 2, type: 'LAN' },
  ],
  vlans: [],
  portLabels: { '102': 'Printer' },
  transactions: [],
};

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname.startsWith('/api/timeseries/')) return answer([]);
      if (url.pathname === `/api/device/${device.id}`) return answer(device);
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  authStore.logout();
});

function openDeviceAs(role: string) {
  authStore.setToken(fakeJwt(fullClaims({ role })));
  return renderRoutes(
    [{ path: '/sites/:id/device/:deviceId', Component: DeviceScreen }],
    `/sites/site-1/device/${device.id}`,
  );
}

describe('port rename control', () => {
  it('is hidden from READ_ONLY users', async () => {
    openDeviceAs('READ_ONLY');
    expect(await screen.findByTestId('device-ports')).toBeTruthy();
    expect(screen.getByTestId('port-label-2').textContent).toBe('Printer');
    expect(screen.queryAllByRole('button', { name: /^Rename Port/ })).toHaveLength(0);
  });

  it.each(['USER', 'ADMINISTRATOR'])(
    'is shown to %s on each reported port (not on padding)',
    async (role) => {
      openDeviceAs(role);
      expect(await screen.findByTestId('device-ports')).toBeTruthy();
      const buttons = screen.getAllByRole('button', { name: /^Rename Port/ });
      expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Rename Port 1', 'Rename Port 2']);
    },
  );
});

describe('canChangeDevices', () => {
  it.each([
    ['ADMINISTRATOR', true],
    ['USER', true],
    ['READ_ONLY', false],
    ['SUPPORT', false],
    [null, false],
  ])('%s → %s', (role, allowed) => {
    expect(canChangeDevices(role)).toBe(allowed);
  });
});

describe('devicePortSlots', () => {
  it('pads to 16 and puts the labels (keyed by port id) on their port numbers', () => {
    const slots = devicePortSlots(device);
    expect(slots).toHaveLength(16);
    expect(slots[0]).toMatchObject({ systemNumber: 1, id: 101, type: 'WAN', label: null, unused: false });
    expect(slots[1]).toMatchObject({ systemNumber: 2, id: 102, label: 'Printer' });
    expect(slots[15]).toMatchObject({ systemNumber: 16, id: null, unused: true });
  });
});
