// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DeviceSummary, type Job, summarizeJobs } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { job, results } from '../../features/diagnostics/test/fixtures.ts';
import { authStore } from '../../lib/auth-store.ts';
import { i18n } from '../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../test/render.tsx';
import { Component as DevicesScreen } from './devices.tsx';

const summary = (n: number): DeviceSummary => ({
  id: `d-${n}`,
  name: `TZ370 000${n}`,
  macAddress: `00:17:c5:00:00:0${n}`,
  deviceModelType: { manufacturer: 'SonicWall', model: 'TZ370' },
  kind: 'firewall',
  site: { id: `s-${n}`, name: `Acme Store ${n}` },
  returnRequested: false,
  status: 'online',
  connection: 'primary',
  lastUpdate: new Date().toISOString(),
  lastBoot: null,
  driver: 'simulator',
});
const devices = [1, 2, 3].map(summary);

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const calls: { method: string; path: string; body: unknown }[] = [];
let batchJobs: Job[] = [];
/** How many devices match the search (the page shows the first three). */
let matching = 3;

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  calls.length = 0;
  batchJobs = [];
  matching = 3;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/device/search/filtered') {
        const size = Number(url.searchParams.get('pageSize') ?? 50);
        const page = Number(url.searchParams.get('page') ?? 0);
        if (size !== 200)
          return answer({ content: devices, page: 0, pageSize: 50, totalElements: matching, totalPages: 1 });
        const from = page * size;
        const content = Array.from({ length: Math.max(0, Math.min(size, matching - from)) }, (_, i) =>
          summary(from + i + 1),
        );
        return answer({ content, page, pageSize: size, totalElements: matching, totalPages: 3 });
      }
      const run = /^\/api\/device\/troubleshooting\/(\w+)\/(d-\d)$/.exec(url.pathname);
      if (run) {
        if (run[2] === 'd-2')
          return answer({ id: 'conflict', message: 'The device is already rebooting.' }, 409);
        const queued = {
          ...job('lanpingtest', 'queued', { id: `j-${run[2]}`, deviceId: run[2] }),
          batchId: body.batchId,
        };
        batchJobs.push({ ...queued, state: 'succeeded', result: results.lanpingtest } as Job);
        return answer(queued);
      }
      if (url.pathname.startsWith('/api/device/troubleshooting/future/multi/'))
        return answer({
          batchId: 'b',
          action: 'lanpingtest',
          jobs: batchJobs,
          devices,
          summary: summarizeJobs(batchJobs),
        });
      return answer([]);
    }),
  );
});
afterEach(() => {
  cleanup();
  authStore.logout();
});

function openAs(role: string, entitlements: string[]) {
  authStore.setToken(fakeJwt(fullClaims({ role, entitlements })));
  return renderRoutes([{ path: '/devices', Component: DevicesScreen }], '/devices');
}

describe('All Devices: a diagnostic on several devices', () => {
  it('offers no selection to READ_ONLY users or without the diagnostics entitlement', async () => {
    openAs('READ_ONLY', ['diagnostics']);
    expect(await screen.findAllByTestId('data-row')).toHaveLength(3);
    expect(screen.queryByTestId('row-select')).toBeNull();
    expect(screen.queryByTestId('selection-bar')).toBeNull();
    cleanup();
    openAs('USER', []);
    expect(await screen.findAllByTestId('data-row')).toHaveLength(3);
    expect(screen.queryByTestId('row-select')).toBeNull();
  });

  it('ticks rows (one by one or the whole page), says the selection is per page, and runs a batch', async () => {
    openAs('USER', ['diagnostics']);
    expect(await screen.findAllByTestId('data-row')).toHaveLength(3);
    expect(screen.getByTestId('selection-count').textContent).toBe('0 devices selected');
    expect(screen.getByTestId('selection-bar').textContent).toContain(
      'tick the whole page to select every match across pages',
    );
    expect((screen.getByTestId('batch-run') as HTMLButtonElement).disabled).toBe(true);

    // Ticking a row does not open the device.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select device TZ370 0001 at Acme Store 1' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('1 device selected');
    const all = screen.getByRole('checkbox', { name: 'Select every device on this page' });
    fireEvent.click(all);
    expect(screen.getByTestId('selection-count').textContent).toBe('3 devices selected');

    fireEvent.click(screen.getByTestId('batch-action'));
    fireEvent.click(await screen.findByRole('option', { name: 'LAN ping test', hidden: true }));
    fireEvent.click(screen.getByTestId('batch-run'));

    // The results' drawer loads on the first Run (or as Run is pointed at): its module may take a moment here.
    const drawer = await screen.findByTestId('batch-results', {}, { timeout: 4_000 });
    const runs = calls.filter((c) => c.path.startsWith('/api/device/troubleshooting/lanpingtest/'));
    expect(runs.map((c) => c.path)).toEqual(
      ['d-1', 'd-2', 'd-3'].map((id) => `/api/device/troubleshooting/lanpingtest/${id}`),
    );
    const batchIds = new Set(runs.map((c) => (c.body as { batchId: string }).batchId));
    expect(batchIds.size).toBe(1);
    expect([...batchIds][0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    expect(within(drawer).getByTestId('batch-refusals').textContent).toContain(
      'The device is already rebooting. TZ370 0002 (Acme Store 2)',
    );
    await waitFor(() =>
      expect(
        within(drawer)
          .getAllByTestId('batch-summary')
          .map((c) => c.textContent),
      ).toEqual(['2/3 hosts replied, avg 1.2 ms', '2/3 hosts replied, avg 1.2 ms']),
    );
    // The selection is cleared once the batch has started.
    expect(screen.getByTestId('selection-count').textContent).toBe('0 devices selected');
  });

  it('asks before rebooting several devices, listing them', async () => {
    openAs('ADMINISTRATOR', ['diagnostics']);
    expect(await screen.findAllByTestId('data-row')).toHaveLength(3);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every device on this page' }));
    fireEvent.click(screen.getByTestId('batch-action'));
    fireEvent.click(await screen.findByRole('option', { name: 'Reboot', hidden: true }));
    fireEvent.click(screen.getByTestId('batch-run'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reboot 3 devices?')).toBeTruthy();
    expect(dialog.textContent).toContain('TZ370 0003 (Firewall Appliance) at Acme Store 3');
    expect(dialog.textContent).toContain('The 3 devices restart now.');
    expect(calls.some((c) => c.path.startsWith('/api/device/troubleshooting/reboot/'))).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-run'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/device/troubleshooting/reboot/'))).toHaveLength(3),
    );
  });

  it('with the whole page ticked, selects every device matching the filters across pages, up to a batch', async () => {
    matching = 450;
    openAs('USER', ['diagnostics']);
    expect(await screen.findAllByTestId('data-row')).toHaveLength(3);
    expect(screen.queryByTestId('select-every')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every device on this page' }));
    const every = screen.getByTestId('select-every');
    expect(every.textContent).toBe('Select all 450 devices matching the filters');
    fireEvent.click(every);
    await waitFor(() =>
      expect(screen.getByTestId('selection-count').textContent).toBe(
        'All 450 devices matching the filters are selected',
      ),
    );
    const pages = calls.filter((c) => c.path === '/api/device/search/filtered').length;
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(screen.getByTestId('batch-run').textContent).toBe('Run on 450 devices');
    // Unticking a row goes back to this page's ticks.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select device TZ370 0001 at Acme Store 1' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('2 devices selected');
    // Clear, from every match.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select device TZ370 0001 at Acme Store 1' }));
    fireEvent.click(screen.getByTestId('select-every'));
    fireEvent.click(await screen.findByTestId('selection-clear'));
    expect(screen.getByTestId('selection-count').textContent).toBe('0 devices selected');
  });

  it('past the batch limit, says so instead of offering every match', async () => {
    matching = 501;
    openAs('USER', ['diagnostics']);
    expect(await screen.findAllByTestId('data-row')).toHaveLength(3);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every device on this page' }));
    expect(screen.getByTestId('select-every-limit').textContent).toBe(
      'A batch runs on at most 500 devices: narrow the filters to select every match.',
    );
    expect(screen.queryByTestId('select-every')).toBeNull();
  });
});
