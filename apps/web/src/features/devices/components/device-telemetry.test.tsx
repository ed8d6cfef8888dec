// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Device, type DeviceTelemetry, DeviceTelemetrySchema } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';
import { device as simulated } from '../../../test/device-fixtures.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { DeviceTelemetrySection } from './device-telemetry.tsx';

const receivedAt = new Date(Date.now() - 2 * 60_000).toISOString();
/** Buffered while the uplink was down: taken ten minutes before it arrived. */
const sampledAt = new Date(Date.parse(receivedAt) - 10 * 60_000).toISOString();
const leaseEnds = '2026-11-29T18:00:00.000Z';

/** What GET device/{id}/telemetry answers for a Linux host running vNOC's agent (parsed by the contract). */
const full: DeviceTelemetry = DeviceTelemetrySchema.parse({
  driver: 'agent',
  sampledAt,
  receivedAt,
  hostname: 'branch-12-gw',
  uptimeSeconds: 86_400 + 3600 * 4,
  resources: { load: [0.12, 0.08, 0.05], cpus: 2, memoryUsedPercent: 31.04, diskUsedPercent: 25 },
  interfaces: [
    {
      name: 'eth0',
      type: 'ethernet',
      up: true,
      mac: '02:00:00:00:00:01',
      addresses: ['192.0.2.10/24', '2001:db8::10/64'],
      rxBytes: 123_456,
      txBytes: 5 * 1024 * 1024,
      rxErrors: 0,
      txErrors: 7,
      rxDropped: 2,
      txDropped: 0,
    },
    {
      name: 'eth1',
      type: 'ethernet',
      up: false,
      mac: '02:00:00:00:00:02',
      addresses: [],
      rxBytes: 0,
      txBytes: 0,
      rxErrors: 0,
      txErrors: 0,
      rxDropped: 0,
      txDropped: 0,
    },
  ],
  wireless: [
    {
      interface: 'wlan0',
      ssid: 'Branch-Guest',
      channel: 36,
      clients: [
        { mac: 'a4:5e:60:00:00:01', signal: -52 },
        { mac: 'a4:5e:60:00:00:02', signal: -80 },
      ],
    },
    {
      interface: 'wlan1',
      ssid: 'Branch-Staff',
      channel: 6,
      clients: [{ mac: 'a4:5e:60:00:00:03', signal: null }],
    },
    { interface: 'wlan2', ssid: null, channel: null, clients: [] },
  ],
  dhcpLeases: [
    { mac: 'a4:5e:60:00:00:01', ip: '192.168.1.20', clientName: 'laptop', expiresAt: leaseEnds },
    { mac: 'a4:5e:60:00:00:09', ip: null, clientName: null, expiresAt: null },
  ],
  malformedMessages: 3,
});

/** A device that reported, but nothing beyond its times. */
const bare: DeviceTelemetry = DeviceTelemetrySchema.parse({
  driver: 'openwisp',
  sampledAt: receivedAt,
  receivedAt,
  hostname: null,
  uptimeSeconds: null,
  resources: null,
  interfaces: [],
  wireless: [{ interface: 'wlan0', ssid: 'Branch', channel: 1, clients: [] }],
  dhcpLeases: [],
  malformedMessages: 0,
});

const agent: Device = { ...simulated, driver: 'agent' };
const telemetryPath = `/api/device/${agent.id}/telemetry`;

let answers: (DeviceTelemetry | 'fail' | 'hold')[] = [];
const asked: string[] = [];

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  answers = [full];
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      asked.push(url.pathname);
      if (url.pathname !== telemetryPath) return new Response('{}', { status: 404 });
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (next === 'hold') return new Promise<Response>(() => {});
      if (next === 'fail')
        return new Response(JSON.stringify({ id: 'internal', message: 'The telemetry store is down.' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        });
      return new Response(JSON.stringify(next), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(device: Device) {
  return render(
    <Providers>
      <DeviceTelemetrySection device={device} />
    </Providers>,
  );
}

const rows = (root: HTMLElement) =>
  within(root)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Reported by the device', () => {
  it('shows how it connects, the last report (relative and exact, and when a buffered sample was taken)', async () => {
    show(agent);
    const section = await screen.findByTestId('device-telemetry');
    expect(within(section).getByRole('heading', { name: 'Reported by the device' })).toBeTruthy();
    expect(screen.getByTestId('telemetry-driver').textContent).toBe('Connects throughvNOC agent');
    const last = await screen.findByTestId('telemetry-last-report');
    expect(last.textContent).toContain('Last report 2 minutes ago');
    expect(last.textContent).toContain(`(${formatDate(receivedAt)})`);
    expect(last.textContent).toContain(`Taken by the device at ${formatDate(sampledAt)} and sent later`);
    expect(asked).toEqual([telemetryPath]);
  });

  it('resources: host name, uptime, load with CPUs, memory and disk with bars', async () => {
    show(agent);
    const resources = await screen.findByTestId('telemetry-resources');
    const text = resources.textContent;
    for (const part of [
      'Host namebranch-12-gw',
      'Uptime1 d 4 h',
      'Load (1, 5, 15 min)0.12 · 0.08 · 0.052 CPUs',
      'Memory used31 %',
      'Disk used25 %',
    ])
      expect(text).toContain(part);
    expect(within(resources).getAllByRole('progressbar')).toHaveLength(2);
  });

  it('interfaces: state, MAC, addresses, bytes human-readable, errors highlighted only when above zero', async () => {
    show(agent);
    const table = await screen.findByTestId('telemetry-interfaces');
    expect(rows(table)).toEqual([
      [
        'eth0',
        'ethernet',
        'Up',
        '02:00:00:00:00:01',
        '192.0.2.10/242001:db8::10/64',
        '120.6 KB',
        '5 MB',
        '0 / 7',
        '2 / 0',
      ],
      ['eth1', 'ethernet', 'Down', '02:00:00:00:00:02', '—', '0 B', '0 B', '0 / 0', '0 / 0'],
    ]);
    const errors = within(table).getAllByTestId('interface-errors');
    expect(
      [...(errors[0] as HTMLElement).querySelectorAll('[data-alarm]')].map((e) => e.textContent),
    ).toEqual(['7']);
    expect((errors[1] as HTMLElement).querySelectorAll('[data-alarm]')).toHaveLength(0);
  });

  it('wireless clients grouped by access point and SSID, with signal in dBm and its level', async () => {
    show(agent);
    const wireless = await screen.findByTestId('telemetry-wireless');
    const networks = within(wireless).getAllByTestId('wireless-network');
    expect(networks).toHaveLength(3);
    const [guest, staff, hidden] = networks as [HTMLElement, HTMLElement, HTMLElement];
    expect(guest.textContent).toContain('Branch-Guestwlan0Channel 362 clients');
    expect(rows(guest)).toEqual([
      ['a4:5e:60:00:00:01', '-52 dBmExcellent'],
      ['a4:5e:60:00:00:02', '-80 dBmFair'],
    ]);
    expect(staff.textContent).toContain('Branch-Staffwlan1Channel 61 client');
    expect(rows(staff)).toEqual([['a4:5e:60:00:00:03', 'Not reported']]);
    expect(hidden.textContent).toBe('No SSIDwlan20 clientsNo clients connected');
  });

  it('DHCP leases with their expiry, and a quiet note of malformed messages', async () => {
    show(agent);
    const dhcp = await screen.findByTestId('telemetry-dhcp');
    expect(rows(dhcp)).toEqual([
      ['a4:5e:60:00:00:01', '192.168.1.20', 'laptop', formatDate(leaseEnds)],
      ['a4:5e:60:00:00:09', '—', '—', '—'],
    ]);
    expect(screen.getByTestId('telemetry-malformed').textContent).toBe(
      '3 messages from this device were malformed and ignored since the server started. They changed nothing.',
    );
  });

  it('says so for each part the device did not report, and shows no malformed note at 0', async () => {
    answers = [bare];
    show({ ...agent, driver: 'openwisp' });
    expect(await screen.findByTestId('telemetry-resources-empty')).toBeTruthy();
    expect(screen.getByTestId('telemetry-driver').textContent).toBe('Connects throughOpenWISP agent');
    expect(screen.getByTestId('telemetry-resources-empty').textContent).toBe('No resources reported');
    expect(screen.getByTestId('telemetry-interfaces-empty').textContent).toBe('No interfaces reported');
    expect(screen.getByTestId('telemetry-wireless-empty').textContent).toBe('No wireless clients reported');
    expect(screen.getByTestId('telemetry-dhcp-empty').textContent).toBe('No DHCP leases reported');
    expect(screen.queryByTestId('telemetry-malformed')).toBeNull();
    expect(screen.getByTestId('telemetry-last-report').textContent).not.toContain('Taken by the device');
  });

  it('a device that never reported: one line instead of the parts', async () => {
    answers = [{ ...bare, sampledAt: null, receivedAt: null }];
    show({ ...agent, lastUpdate: null });
    expect((await screen.findByTestId('telemetry-none')).textContent).toBe(
      'The device has not reported yet. What it reports appears here once it connects.',
    );
    expect(screen.queryByTestId('telemetry-last-report')).toBeNull();
    expect(screen.queryByTestId('telemetry-resources')).toBeNull();
  });

  it('in Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      show(agent);
      expect((await screen.findByTestId('telemetry-resources')).textContent).toContain('Memoria usada31 %');
      expect(screen.getByRole('heading', { name: 'Lo que informa el dispositivo' })).toBeTruthy();
      expect(screen.getByTestId('telemetry-driver').textContent).toBe('Se conecta medianteAgente de vNOC');
      expect(screen.getByTestId('telemetry-malformed').textContent).toContain(
        '3 mensajes de este dispositivo',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('loading skeletons while the report is asked for', async () => {
    answers = ['hold'];
    show(agent);
    expect(screen.getByTestId('telemetry-loading')).toBeTruthy();
    expect(screen.queryByTestId('telemetry-resources')).toBeNull();
    await waitFor(() => expect(asked).toEqual([telemetryPath]));
  });

  it('an error with its reason and a retry that asks again', async () => {
    answers = ['fail', full];
    show(agent);
    const error = await screen.findByTestId('telemetry-error');
    expect(error.textContent).toContain("The device's report could not be loaded");
    expect(error.textContent).toContain('The telemetry store is down.');
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('telemetry-resources')).toBeTruthy();
    expect(screen.queryByTestId('telemetry-error')).toBeNull();
    expect(asked).toEqual([telemetryPath, telemetryPath]);
  });

  it('a simulated device shows none of it and asks nothing', async () => {
    const { container } = show(simulated);
    expect(container.querySelector('[data-testid="device-telemetry"]')).toBeNull();
    // Nothing was asked (a disabled query never fetches); wait a tick for any request to have been made.
    await Promise.resolve();
    expect(asked).toEqual([]);
  });
});
