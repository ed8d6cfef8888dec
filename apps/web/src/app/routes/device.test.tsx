// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Device, Job } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { device as diagnosticsDevice, job, results } from '../../features/diagnostics/test/fixtures.ts';
import { authStore } from '../../lib/auth-store.ts';
import { i18n } from '../../lib/i18n.ts';
import { deviceWith } from '../../test/device-fixtures.ts';
import { user } from '../../test/organization-fixtures.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../test/render.tsx';
import { Component as DeviceScreen } from './device.tsx';

const device: Device = {
  ...diagnosticsDevice,
  portMapping: [
    { id: 101, systemNumber: 1, type: 'WAN' },
    { id: 102, systemNumber: 2, type: 'LAN' },
  ],
  vlans: [],
  portLabels: { '102': 'Printer' },
  disabledPorts: [],
};

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** What GET device/{id} answers next: the first entry, kept while it is the last one. */
let deviceAnswers: Device[] = [];
/** Device GETs made since the test began. */
let deviceGets = 0;
/** While true, GET device/{id} fails with a 500. */
let deviceFailing = false;
const calls: { method: string; path: string; body: unknown }[] = [];
const jobs = new Map<string, Job>();

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  deviceAnswers = [device];
  deviceGets = 0;
  deviceFailing = false;
  calls.length = 0;
  jobs.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname.startsWith('/api/timeseries/')) return answer([]);
      if (url.pathname === '/api/device/editName' && method === 'POST')
        return answer({ ...device, name: body.name === '' ? 'TZ370 00DB' : body.name });
      if (url.pathname === `/api/device/${device.id}`) {
        deviceGets += 1;
        if (deviceFailing)
          return new Response(JSON.stringify({ id: 'internal', message: 'The fleet store is down.' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          });
        const next = deviceAnswers.length > 1 ? deviceAnswers.shift() : deviceAnswers[0];
        return answer(next);
      }
      if (url.pathname === `/api/device/${device.id}/troubleshooting`) return answer([...jobs.values()]);
      const future = /^\/api\/device\/troubleshooting\/future\/([^/]+)$/.exec(url.pathname);
      if (future) return answer(jobs.get(future[1] as string));
      const run = /^\/api\/device\/troubleshooting\/(\w+)\/([^/]+)$/.exec(url.pathname);
      if (run && method === 'POST') {
        const queued = { ...job(run[1] as Job['action'], 'queued', { id: 'new-job' }), params: body ?? {} };
        return answer(queued);
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.useRealTimers();
});

function openDeviceAs(role: string, entitlements: string[] = []) {
  authStore.setToken(fakeJwt(fullClaims({ role, entitlements })));
  return renderRoutes(
    [{ path: '/sites/:id/device/:deviceId', Component: DeviceScreen }],
    `/sites/site-1/device/${device.id}`,
  );
}

describe('a device that cannot be loaded', () => {
  it('says why, offers Retry and the way back to All Devices', async () => {
    deviceFailing = true;
    openDeviceAs('USER');
    expect(await screen.findByText('This could not be loaded', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('The fleet store is down.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to All Devices' }).getAttribute('href')).toBe('/devices');
    deviceFailing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByText(device.macAddress, {}, { timeout: 5000 })).not.toHaveLength(0);
  });
});

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

describe('the device name', () => {
  it('titles the page; READ_ONLY cannot rename it', async () => {
    openDeviceAs('READ_ONLY');
    expect((await screen.findByTestId('device-name')).textContent).toBe('Front desk firewall');
    expect(screen.getByTestId('device-model').textContent).toBe('SonicWall TZ370 · Firewall Appliance');
    expect(screen.queryByTestId('rename-device')).toBeNull();
  });

  it('a USER renames it: the name is saved trimmed and the title follows', async () => {
    openDeviceAs('USER');
    fireEvent.click(await screen.findByTestId('rename-device'));
    const input = (await screen.findByTestId('device-name-input')) as HTMLInputElement;
    expect(input.value).toBe('Front desk firewall');
    expect(input.maxLength).toBe(48);
    fireEvent.change(input, { target: { value: '  Back office  ' } });
    fireEvent.click(screen.getByTestId('device-name-save'));
    await waitFor(() => expect(screen.getByTestId('device-name').textContent).toBe('Back office'));
    expect(calls.find((c) => c.path === '/api/device/editName')?.body).toEqual({
      deviceId: device.id,
      name: 'Back office',
    });
    // The form closes once saved.
    await waitFor(() => expect(screen.queryByTestId('device-name-input')).toBeNull());
  });
});

/** Picks an action; the options are matched hidden too, as the dropdown's opening transition may not have run. */
async function chooseAction(name: string) {
  fireEvent.click(await screen.findByTestId('action-select'));
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('troubleshooting on the device page', () => {
  it('is absent without the diagnostics entitlement', async () => {
    openDeviceAs('USER');
    expect(await screen.findByTestId('device-ports')).toBeTruthy();
    expect(screen.queryByTestId('troubleshooting-panel')).toBeNull();
    expect(screen.queryByTestId('job-history')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/troubleshooting'))).toBe(false);
  });

  it('READ_ONLY sees the run history with results, but nothing to run', async () => {
    jobs.set('old', job('systemTest', 'succeeded', { id: 'old', result: results.systemTest }));
    openDeviceAs('READ_ONLY', ['diagnostics', 'port-control']);
    const history = await screen.findByTestId('job-history');
    expect(await within(history).findByText('System performance test')).toBeTruthy();
    expect(screen.queryByTestId('run-action')).toBeNull();
    fireEvent.click(
      within(history).getByRole('button', { name: 'Show the result of System performance test' }),
    );
    expect(within(history).getByTestId('result-systemTest').textContent).toContain('3 d 4 h');
  });

  it('after a reboot succeeds, asks for the device every ~2 s until it is back online', async () => {
    openDeviceAs('USER', ['diagnostics']);
    await chooseAction('Reboot');
    fireEvent.click(screen.getByTestId('run-action'));
    jobs.set('new-job', job('reboot', 'succeeded', { id: 'new-job', result: results.reboot }));
    deviceAnswers = [
      { ...device, status: 'rebooting' },
      { ...device, status: 'rebooting' },
      { ...device, status: 'online' },
    ];
    const before = deviceGets;
    const confirm = within(await screen.findByRole('dialog')).getByTestId('confirm-run');
    // The watch's polls run on intervals the test moves, 2 s at a time, instead of seconds of waiting.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(confirm);

    expect(await screen.findByTestId('result-reboot')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('reboot-live-status').textContent).toBe('Offline (Rebooting)'),
    );
    // One poll interval later the device is asked again (the live pace is 30 s), and again after the next.
    for (const _ of [1, 2]) {
      const asked = deviceGets;
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(deviceGets).toBe(asked + 1));
    }
    await waitFor(() => expect(screen.getByTestId('reboot-live-status').textContent).toBe('Online'));
    expect(deviceGets - before).toBeGreaterThanOrEqual(3);
  });

  it('an OpenWISP device, which takes no command: no port tile action nor Run, only why', async () => {
    deviceAnswers = [deviceWith({ ...device, driver: 'openwisp', disabledPorts: [2] })];
    openDeviceAs('ADMINISTRATOR', ['diagnostics', 'port-control']);
    expect(await screen.findByTestId('actions-not-carried')).toBeTruthy();
    expect(screen.getByTestId('port-disabled-2')).toBeTruthy();
    expect(screen.queryByTestId('port-turn-on-2')).toBeNull();
    expect(screen.queryByTestId('port-turn-off-1')).toBeNull();
    expect(screen.queryByTestId('ports-blocked')).toBeNull();
    expect(screen.queryByTestId('run-action')).toBeNull();
  });

  it('after a port action, reads the device again so its disabled ports show', async () => {
    openDeviceAs('USER', ['diagnostics', 'port-control']);
    await chooseAction('Disable LAN ports');
    fireEvent.click(screen.getByTestId('pick-port-2'));
    fireEvent.click(screen.getByTestId('run-action'));
    jobs.set(
      'new-job',
      job('disableLanPorts', 'succeeded', {
        id: 'new-job',
        params: { ports: [2] },
        result: { ports: [{ systemNumber: 2, enabled: false }] },
      }),
    );
    deviceAnswers = [{ ...device, disabledPorts: [2] }];
    expect(screen.queryByTestId('port-disabled-2')).toBeNull();
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-run'));
    expect(await screen.findByTestId('port-disabled-2', {}, { timeout: 4000 })).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith(`/disableLanPorts/${device.id}`))?.body).toEqual({ ports: [2] });
  });
});

describe('a visit to the device page', () => {
  it("counts as a visit to the device's site: recorded for site/recent and kept in the sites storage item", async () => {
    authStore.setUser(user('USER'));
    openDeviceAs('USER');
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.path === `/api/site/${device.site.id}/user/u-1`),
      ).toHaveLength(1),
    );
    expect(JSON.parse(window.localStorage.getItem('sites') ?? 'null')).toMatchObject({
      lastViewed: { id: device.site.id, name: device.site.name },
    });
  });
});
