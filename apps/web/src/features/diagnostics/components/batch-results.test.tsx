// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Job, summarizeJobs } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { answer, job, results } from '../test/fixtures.ts';
import type { StartedBatch } from '../utils/run-batch.ts';
import { BatchJobsTable, BatchResults } from './batch-results.tsx';

const devices = ['Austin', 'Dallas', 'Houston', 'Plano'].map((city, i) => ({
  id: `d-${i + 1}`,
  name: `TZ370 000${i + 1}`,
  kind: 'firewall',
  macAddress: `00:17:c5:00:00:0${i + 1}`,
  site: { name: `Acme ${city}` },
}));

const allReplied = { hosts: results.lanpingtest.hosts.slice(0, 2) };
const finished: Job[] = [
  // Healthy, but chosen first: problems are listed before it.
  job('lanpingtest', 'succeeded', { id: 'j-4', deviceId: 'd-4', result: allReplied }),
  // The printer did not reply: Failing, not "Succeeded".
  job('lanpingtest', 'succeeded', { id: 'j-1', deviceId: 'd-1', result: results.lanpingtest }),
  job('lanpingtest', 'failed', {
    id: 'j-2',
    deviceId: 'd-2',
    error: 'The device is offline and cannot run diagnostics.',
  }),
  job('lanpingtest', 'running', { id: 'j-3', deviceId: 'd-3' }),
];

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
afterEach(cleanup);

/** Each row's cells as a laptop shows them (the device cell's first line, its name; on a phone the summary goes under it). */
const rows = () =>
  screen.getAllByTestId('batch-row').map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(1)
      .map((cell, i) => (i === 0 ? cell.firstElementChild?.textContent : cell.textContent)),
  );

describe('BatchJobsTable', () => {
  it("gives each test its verdict, problems first, in one line; a row opens to the verdict's reasons and the result", () => {
    render(
      <Providers>
        <BatchJobsTable jobs={finished} devices={devices} />
      </Providers>,
    );
    expect(rows()).toEqual([
      ['TZ370 0001', 'Acme Austin', 'Failing', '2/3 hosts replied, avg 1.2 ms'],
      ['TZ370 0002', 'Acme Dallas', 'Failed', 'The device is offline and cannot run diagnostics.'],
      ['TZ370 0004', 'Acme Plano', 'Healthy', '2/2 hosts replied, avg 1.2 ms'],
      ['TZ370 0003', 'Acme Houston', 'Running', 'Running…'],
    ]);
    // Below the sm breakpoint the summary column is hidden and the summary shows under the device instead.
    const [first] = screen.getAllByTestId('batch-row');
    const macCell = within(first as HTMLElement).getAllByRole('cell')[1];
    expect(macCell?.lastElementChild?.textContent).toBe('2/3 hosts replied, avg 1.2 ms');
    expect(macCell?.lastElementChild?.className).toMatch(/hiddenFrom|mantine-hidden-from-sm/);
    expect(screen.getAllByTestId('batch-summary')[0]?.className).toMatch(
      /visibleFrom|mantine-visible-from-sm/,
    );
    expect(screen.queryByTestId('result-lanpingtest')).toBeNull();
    const open = screen.getByRole('button', { name: 'Show the result of TZ370 0001' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(screen.getByTestId('verdict-summary').getAttribute('data-verdict')).toBe('failing');
    expect(screen.getByTestId('verdict-reason').textContent).toBe('printer (10.0.10.20) did not reply.');
    expect(screen.getByTestId('result-lanpingtest').textContent).toContain('No reply');
    expect(screen.getByRole('button', { name: 'Hide the result of TZ370 0001' })).toBeTruthy();
  });
});

describe('BatchResults', () => {
  const calls: { method: string; path: string }[] = [];
  let queued: Job[];
  beforeEach(() => {
    calls.length = 0;
    queued = [
      job('systemTest', 'running', { id: 'j-1', deviceId: 'd-1' }),
      job('systemTest', 'queued', { id: 'j-2', deviceId: 'd-2' }),
      job('systemTest', 'queued', { id: 'j-3', deviceId: 'd-3' }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        const method = init?.method ?? 'GET';
        calls.push({ method, path: url.pathname });
        if (url.pathname === '/api/device/troubleshooting/future/multi/batch-1') {
          if (method === 'DELETE')
            queued = queued.map((j) => (j.state === 'queued' ? { ...j, state: 'cancelled' } : j));
          return answer({
            batchId: 'batch-1',
            action: 'systemTest',
            jobs: queued,
            devices: devices.map((d) => ({ ...d, site: { id: `s-${d.id}`, name: d.site.name } })),
            summary: summarizeJobs(queued),
          });
        }
        return new Response('{}', { status: 404 });
      }),
    );
  });

  it('follows the batch, lists refusals with their message, and cancels what is queued', async () => {
    const started: StartedBatch = {
      batchId: 'batch-1',
      action: 'systemTest',
      devices,
      jobs: queued,
      refusals: [
        { device: devices[3] as (typeof devices)[number], message: 'You do not have permission to do this.' },
      ],
    };
    render(
      <Providers>
        <BatchResults batchId={started.batchId} action={started.action} started={started} />
      </Providers>,
    );
    const refusals = screen.getByTestId('batch-refusals');
    expect(refusals.textContent).toContain('Not started on 1 device');
    expect(refusals.textContent).toContain('You do not have permission to do this. TZ370 0004 (Acme Plano)');
    expect(screen.getByTestId('batch-counts').textContent).toBe('1 running2 queued');
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: '/api/device/troubleshooting/future/multi/batch-1',
      }),
    );

    fireEvent.click(screen.getByTestId('batch-cancel'));
    await waitFor(() => expect(screen.getByTestId('batch-counts').textContent).toBe('1 running2 cancelled'));
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: '/api/device/troubleshooting/future/multi/batch-1',
    });
    expect(screen.queryByTestId('batch-cancel')).toBeNull();
    expect(rows().map((r) => r[2])).toEqual(['Running', 'Cancelled', 'Cancelled']);
  });

  it('counts finished tests by verdict, not as "succeeded", in English and in Spanish', async () => {
    queued = [
      job('systemTest', 'succeeded', {
        id: 'j-1',
        deviceId: 'd-1',
        result: { cpuPercent: 97, memoryPercent: 40, sessions: 10, temperatureC: 40, uptimeSeconds: 60 },
      }),
      job('systemTest', 'succeeded', {
        id: 'j-2',
        deviceId: 'd-2',
        result: { cpuPercent: 20, memoryPercent: 40, sessions: 10, temperatureC: 40, uptimeSeconds: 60 },
      }),
      job('systemTest', 'failed', { id: 'j-3', deviceId: 'd-3', error: 'The device is offline.' }),
    ];
    const started: StartedBatch = {
      batchId: 'batch-1',
      action: 'systemTest',
      devices,
      jobs: queued,
      refusals: [],
    };
    render(
      <Providers>
        <BatchResults batchId={started.batchId} action={started.action} started={started} />
      </Providers>,
    );
    expect(screen.getByTestId('batch-counts').textContent).toBe('1 failing1 healthy1 failed');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByTestId('batch-counts').textContent).toBe('1 con fallos1 saludable1 fallida');
    expect(rows().map((r) => r[2])).toEqual(['Con fallos', 'Fallido', 'Saludable']);
    await act(() => i18n.changeLanguage('en'));
  });

  it('a batch reopened after a reload (no local state) reads its jobs and device names from the server', async () => {
    render(
      <Providers>
        <BatchResults batchId="batch-1" action="systemTest" />
      </Providers>,
    );
    expect(screen.getByTestId('batch-loading')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('batch-row')).toHaveLength(3));
    expect(rows().map((r) => r[0])).toEqual(['TZ370 0001', 'TZ370 0002', 'TZ370 0003']);
    expect(screen.getByTestId('batch-results').textContent).toContain(
      'System performance test was requested on 3 devices.',
    );
    expect(screen.queryByTestId('batch-refusals')).toBeNull();
  });

  it('groups refusals by reason: one line each, eight devices named and the rest counted', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({
      id: `r-${i}`,
      name: `AP-515 00${10 + i}`,
      kind: 'access-point',
      macAddress: `20:4c:03:00:00:${10 + i}`,
      site: { name: 'Acme Plano' },
    }));
    const started: StartedBatch = {
      batchId: 'batch-2',
      action: 'wantest',
      devices: many,
      jobs: [],
      refusals: [
        ...many
          .slice(0, 9)
          .map((device) => ({ device, message: 'This action is already running on this device.' })),
        {
          device: many[9] as (typeof many)[number],
          message: 'The device is offline and cannot run diagnostics.',
        },
      ],
    };
    render(
      <Providers>
        <BatchResults batchId="batch-2" action="wantest" started={started} />
      </Providers>,
    );
    const lines = screen.getAllByTestId('batch-refusal').map((line) => line.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^This action is already running on this device\. AP-515 0010 \(Acme Plano\), /);
    expect(lines[0]).toMatch(/AP-515 0017 \(Acme Plano\) and 1 more device$/);
    expect(lines[1]).toBe('The device is offline and cannot run diagnostics. AP-515 0019 (Acme Plano)');
  });
});
