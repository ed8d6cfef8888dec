// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  DEVICE_KINDS,
  type Device,
  type DeviceStatus,
  DIAGNOSTIC_ACTIONS,
  isActionOffered,
  type Job,
} from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { deviceWith } from '../../../test/device-fixtures.ts';
import { fakeJwt, fullClaims, installDomStubs, Providers } from '../../../test/render.tsx';
import { answer, DEVICE_ID, device, job, results } from '../test/fixtures.ts';
import { type ActionRequest, TroubleshootingPanel } from './troubleshooting-panel.tsx';

const calls: { method: string; path: string; body: unknown }[] = [];
/** What POST future/{id} answers for each job id. */
const jobs = new Map<string, Job>();

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  calls.length = 0;
  jobs.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === `/api/device/${DEVICE_ID}/troubleshooting`) return answer([]);
      const future = /^\/api\/device\/troubleshooting\/future\/([^/]+)$/.exec(url.pathname);
      if (future) return answer(jobs.get(future[1] as string));
      const run = /^\/api\/device\/troubleshooting\/(\w+)\/([^/]+)$/.exec(url.pathname);
      if (run && method === 'POST') {
        const action = run[1] as Job['action'];
        return answer({
          ...job(action, 'queued', { id: `new-${action}` }),
          params: JSON.parse(String(init?.body ?? '{}')),
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  authStore.logout();
});

function renderPanel(claims: Record<string, unknown> = {}, shown: Device = device, request?: ActionRequest) {
  authStore.setToken(
    fakeJwt(fullClaims({ role: 'USER', entitlements: ['diagnostics', 'port-control'], ...claims })),
  );
  const onJobFinished = vi.fn();
  render(
    <Providers>
      <TroubleshootingPanel device={shown} request={request} onJobFinished={onJobFinished} />
    </Providers>,
  );
  return { onJobFinished };
}

async function choose(testId: string, option: string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const actionCalls = (action: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === `/api/device/troubleshooting/${action}/${DEVICE_ID}`);

describe('TroubleshootingPanel', () => {
  it('is hidden without the diagnostics entitlement', () => {
    renderPanel({ entitlements: ['port-control'] });
    expect(screen.queryByTestId('troubleshooting-panel')).toBeNull();
  });

  it('shows READ_ONLY users no controls to run anything', () => {
    renderPanel({ role: 'READ_ONLY' });
    expect(screen.getByTestId('troubleshooting-panel').textContent).toContain(
      'Your role can read troubleshooting results',
    );
    expect(screen.queryByTestId('run-action')).toBeNull();
    expect(screen.queryByTestId('action-select')).toBeNull();
  });

  it('offers no port actions without port-control', async () => {
    renderPanel({ entitlements: ['diagnostics'] });
    fireEvent.click(screen.getByTestId('action-select'));
    expect(await screen.findByRole('option', { name: 'Reboot' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Disable LAN ports' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Revert LAN ports' })).toBeNull();
  });

  // Issue 37 point 7: the kind decides the actions (the contracts' KIND_ACTIONS, which the API enforces).
  it.each(DEVICE_KINDS.flatMap((kind) => DIAGNOSTIC_ACTIONS.map((action) => ({ kind, action }))))(
    '$kind × $action: listed only when the kind is offered it, and named as not offered otherwise',
    async ({ kind, action }) => {
      renderPanel({}, deviceWith({ kind }));
      const labels = i18n.getFixedT('en', 'diagnostics');
      const label = labels(`actions.${action}.label`);
      fireEvent.click(screen.getByTestId('action-select'));
      if (isActionOffered(kind, action))
        expect(await screen.findByRole('option', { name: label })).toBeTruthy();
      else {
        expect(await screen.findByRole('option', { name: labels('actions.reboot.label') })).toBeTruthy();
        expect(screen.queryByRole('option', { name: label })).toBeNull();
      }
      const note = screen.queryByTestId('actions-not-offered')?.textContent ?? '';
      expect(note.includes(label)).toBe(!isActionOffered(kind, action));
    },
  );

  it('starts a switch on a test it is offered (LAN ping, not the WAN test), and says in Spanish what it is not offered', async () => {
    await i18n.changeLanguage('es');
    try {
      renderPanel({}, deviceWith({ kind: 'switch' }));
      expect(screen.getByTestId('action-description').textContent).toBe(
        i18n.getFixedT('es', 'diagnostics')('actions.lanpingtest.description'),
      );
      expect(screen.getByTestId('actions-not-offered').textContent).toContain(
        'No disponible para conmutadores de red',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  // An OpenWISP device takes no command (its answer's capabilities: no action), whatever its kind or status.
  it.each(
    DEVICE_KINDS.flatMap((kind) => (['online', 'offline'] as const).map((status) => ({ kind, status }))),
  )('an OpenWISP $kind, $status: no action offered nor Run, and it says why', ({ kind, status }) => {
    renderPanel({}, deviceWith({ kind, status, driver: 'openwisp' }));
    expect(screen.queryByTestId('action-select')).toBeNull();
    expect(screen.queryByTestId('run-action')).toBeNull();
    expect(screen.getByTestId('actions-not-carried').textContent).toContain(
      "This device reports through OpenWISP's monitoring agent, which takes no commands",
    );
    // Not "offline: it can run once back online", nor the kind's list: neither is why.
    expect(screen.queryByTestId('actions-blocked')).toBeNull();
    expect(screen.queryByTestId('actions-not-offered')).toBeNull();
    expect(screen.getByTestId('troubleshooting-panel').textContent).not.toContain('Run a test or an action');
  });

  it('says in Spanish why an OpenWISP device runs nothing', async () => {
    await i18n.changeLanguage('es');
    try {
      renderPanel({}, deviceWith({ driver: 'openwisp' }));
      expect(screen.getByTestId('actions-not-carried').textContent).toContain(
        'agente de monitorización de OpenWISP, que no recibe órdenes',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it.each<[DeviceStatus, string | null]>([
    ['offline', 'The device is offline'],
    ['rebooting', 'The device is rebooting'],
    ['pending', 'The device is offline'],
    ['online', null],
    ['onbackup', null],
  ])('a device %s: Run disabled with the reason (%s), nothing sent', async (status, reason) => {
    renderPanel({}, { ...device, status });
    const runButton = screen.getByTestId('run-action') as HTMLButtonElement;
    expect(runButton.disabled).toBe(reason !== null);
    const notice = screen.queryByTestId('actions-blocked');
    if (reason === null) expect(notice).toBeNull();
    else expect(notice?.textContent).toContain(reason);
    fireEvent.click(runButton);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(reason === null));
  });

  it('refuses an invalid host: the message shows under the field and nothing is sent', async () => {
    renderPanel();
    await choose('action-select', 'Traceroute');
    await choose('vlan-select', 'VLAN 10 · Staff (10.0.10.0/24)');
    const host = screen.getByTestId('host-input') as HTMLInputElement;
    fireEvent.change(host, { target: { value: '999.1.1.1' } });
    fireEvent.click(screen.getByTestId('run-action'));
    expect(await screen.findByText('Enter an IPv4 address or a host name.')).toBeTruthy();
    expect(host.getAttribute('aria-invalid')).toBe('true');
    expect(actionCalls('traceroute')).toHaveLength(0);

    // Fixed, it is sent with the VLAN as a number and the host trimmed.
    fireEvent.change(host, { target: { value: ' 8.8.8.8 ' } });
    expect(screen.queryByText('Enter an IPv4 address or a host name.')).toBeNull();
    fireEvent.click(screen.getByTestId('run-action'));
    await waitFor(() => expect(actionCalls('traceroute')).toHaveLength(1));
    expect(actionCalls('traceroute')[0]?.body).toEqual({ vlan: 10, ip: '8.8.8.8' });
  });

  it("starts on the device's first VLAN: a speed test runs with no extra step", async () => {
    renderPanel();
    await choose('action-select', 'Speed test');
    expect((screen.getByTestId('vlan-select') as HTMLInputElement).value).toBe(
      'VLAN 10 · Staff (10.0.10.0/24)',
    );
    fireEvent.click(screen.getByTestId('run-action'));
    await waitFor(() => expect(actionCalls('speedtest')).toHaveLength(1));
    expect(actionCalls('speedtest')[0]?.body).toEqual({ vlan: 10 });
  });

  it('runs on another VLAN when the person chooses it', async () => {
    renderPanel();
    await choose('action-select', 'Speed test');
    await choose('vlan-select', 'VLAN 20 · Guests (10.0.20.0/24)');
    fireEvent.click(screen.getByTestId('run-action'));
    await waitFor(() => expect(actionCalls('speedtest')).toHaveLength(1));
    expect(actionCalls('speedtest')[0]?.body).toEqual({ vlan: 20 });
  });

  it('names every missing input at once on a device without VLANs: the VLAN and the host', async () => {
    renderPanel({}, { ...device, vlans: [] });
    await choose('action-select', 'Traceroute');
    fireEvent.change(screen.getByTestId('host-input'), { target: { value: 'not a host!' } });
    fireEvent.click(screen.getByTestId('run-action'));
    expect(await screen.findByText('Choose a VLAN.')).toBeTruthy();
    expect(screen.getByText('Enter an IPv4 address or a host name.')).toBeTruthy();
    expect(actionCalls('traceroute')).toHaveLength(0);
  });

  it('asks before a reboot, naming the device and the consequence, and reboots only once confirmed', async () => {
    renderPanel();
    await choose('action-select', 'Reboot');
    fireEvent.click(screen.getByTestId('run-action'));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Reboot Front desk firewall (Firewall Appliance) at Acme Houston South?'),
    ).toBeTruthy();
    expect(within(dialog).getByText('MAC 00:17:c5:00:00:db')).toBeTruthy();
    expect(dialog.textContent).toContain(
      'Acme Houston South loses its internet connection and its local network until the firewall is back online',
    );
    expect(within(dialog).getByTestId('confirm-run').textContent).toBe('Reboot device');
    expect(actionCalls('reboot')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(actionCalls('reboot')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('run-action'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-run'));
    await waitFor(() => expect(actionCalls('reboot')).toHaveLength(1));
    expect(actionCalls('reboot')[0]?.body).toEqual({});
  });

  it('takes a port action asked for from a port tile: chosen, with its port ticked, Run focused', async () => {
    renderPanel({}, device, { action: 'disableLanPorts', ports: [6], at: 1 });
    expect((screen.getByTestId('action-select') as HTMLInputElement).value).toBe('Disable LAN ports');
    expect((screen.getByTestId('pick-port-6') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('pick-port-4') as HTMLInputElement).checked).toBe(false);
    expect(document.activeElement).toBe(screen.getByTestId('run-action'));
    fireEvent.click(screen.getByTestId('run-action'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Port 6 is turned off now.');
  });

  it('asks before disabling ports, and offers only LAN ports that are on', async () => {
    renderPanel();
    await choose('action-select', 'Disable LAN ports');
    expect(screen.queryByTestId('pick-port-1')).toBeNull(); // WAN
    expect(screen.queryByTestId('pick-port-2')).toBeNull(); // WAN2
    expect(screen.queryByTestId('pick-port-5')).toBeNull(); // already off
    expect(screen.queryByTestId('pick-port-12')).toBeNull(); // padding
    expect(screen.getByTestId('diag-port-5').getAttribute('data-state')).toBe('off');
    fireEvent.click(screen.getByTestId('run-action'));
    expect(await screen.findByText('Choose at least one port.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('pick-port-4'));
    fireEvent.click(screen.getByTestId('pick-port-3'));
    fireEvent.click(screen.getByTestId('run-action'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Ports 3, 4 are turned off now.');
    fireEvent.click(within(dialog).getByTestId('confirm-run'));
    await waitFor(() => expect(actionCalls('disableLanPorts')).toHaveLength(1));
    expect(actionCalls('disableLanPorts')[0]?.body).toEqual({ ports: [3, 4] });
  });

  it('names a VLAN reported without its subnet by id and name alone', async () => {
    renderPanel({}, { ...device, driver: 'agent', vlans: [{ id: 1, name: 'LAN', subnet: '' }] });
    await choose('action-select', 'Speed test');
    expect((screen.getByTestId('vlan-select') as HTMLInputElement).value).toBe('VLAN 1 · LAN');
  });

  it('asks a real device for its automatic revert time; a simulated one has no such field', async () => {
    renderPanel();
    await choose('action-select', 'Disable LAN ports');
    expect(screen.queryByTestId('revert-after-input')).toBeNull();
    cleanup();

    renderPanel({}, { ...device, driver: 'agent' });
    await choose('action-select', 'Disable LAN ports');
    // The field's module loads when the ports' inputs first show.
    const minutes = (await screen.findByTestId('revert-after-input')) as HTMLInputElement;
    expect(minutes.value).toBe('5');
    fireEvent.click(screen.getByTestId('pick-port-3'));
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('run-action'));
    expect(await screen.findByText('Enter 1 to 120 minutes.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(minutes, { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('run-action'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-run'));
    await waitFor(() => expect(actionCalls('disableLanPorts')).toHaveLength(1));
    expect(actionCalls('disableLanPorts')[0]?.body).toEqual({ ports: [3], revertAfterMinutes: 15 });
  });

  it('follows a speed test to its result and shows its figures', async () => {
    jobs.set('new-speedtest', {
      ...job('speedtest', 'succeeded', { id: 'new-speedtest', result: results.speedtest }),
    });
    const { onJobFinished } = renderPanel();
    await choose('action-select', 'Speed test');
    await choose('vlan-select', 'VLAN 10 · Staff (10.0.10.0/24)');
    fireEvent.click(screen.getByTestId('run-action'));
    const result = await screen.findByTestId('result-speedtest');
    expect(within(result).getByTestId('speed-download').textContent).toContain('95.2 Mbps');
    expect(within(result).getByTestId('speed-upload').textContent).toContain('11.3 Mbps');
    expect(within(result).getByTestId('speed-latency').textContent).toContain('18.2 ms');
    expect(result.textContent).toContain('Primary');
    expect(actionCalls('speedtest')[0]?.body).toEqual({ vlan: 10 });
    await waitFor(() => expect(onJobFinished).toHaveBeenCalledTimes(1));
    expect(onJobFinished.mock.calls[0]?.[0]).toMatchObject({ id: 'new-speedtest', state: 'succeeded' });
  });

  it('shows a running job with its progress, then a failed job with its error in a red alert', async () => {
    jobs.set('new-wantest', job('wantest', 'running', { id: 'new-wantest' }));
    renderPanel();
    fireEvent.click(screen.getByTestId('run-action'));
    expect(await screen.findByTestId('job-progress')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toContain('Running'));

    jobs.set(
      'new-wantest',
      job('wantest', 'failed', {
        id: 'new-wantest',
        error: 'The device is offline and cannot run diagnostics.',
      }),
    );
    const alert = await screen.findByTestId('job-error', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('WAN latency test failed');
    expect(alert.textContent).toContain('The device is offline and cannot run diagnostics.');
  });
});
