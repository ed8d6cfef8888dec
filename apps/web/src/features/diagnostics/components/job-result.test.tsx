// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Job } from '@vnoc/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, Providers } from '../../../test/render.tsx';
import { device, job, results } from '../test/fixtures.ts';
import { JobResult } from './job-result.tsx';

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
afterEach(cleanup);

function show(j: Job, liveStatus?: string) {
  render(
    <Providers>
      <JobResult job={j} device={device} liveStatus={liveStatus} />
    </Providers>,
  );
}

const rowTexts = (root: HTMLElement) =>
  within(root)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('JobResult: keeping a real device’s disabled ports off', () => {
  afterEach(() => authStore.logout());
  const pending = () =>
    job('disableLanPorts', 'succeeded', {
      result: { ...results.disableLanPorts, revertAt: new Date(Date.now() + 10 * 60_000).toISOString() },
    });
  it.each([
    ['a USER with port control', { role: 'USER', entitlements: ['diagnostics', 'port-control'] }, true],
    [
      'an ADMINISTRATOR with port control',
      { role: 'ADMINISTRATOR', entitlements: ['diagnostics', 'port-control'] },
      true,
    ],
    ['a USER without port control', { role: 'USER', entitlements: ['diagnostics'] }, false],
    ['READ_ONLY', { role: 'READ_ONLY', entitlements: ['diagnostics', 'port-control'] }, false],
  ])('%s: "Keep them off" offered: %s', (_who, claims, offered) => {
    authStore.setToken(fakeJwt(fullClaims(claims)));
    show(pending());
    expect(screen.getByTestId('ports-revert-countdown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Keep them off' }) !== null).toBe(offered);
  });

  it('a confirmation’s result: the ports as kept, no countdown', () => {
    authStore.setToken(fakeJwt(fullClaims({ role: 'USER', entitlements: ['diagnostics', 'port-control'] })));
    show(job('confirmLanPorts', 'succeeded', { result: { ports: results.disableLanPorts.ports } }));
    expect(screen.getByTestId('result-ports')).toBeTruthy();
    expect(screen.queryByTestId('ports-revert-countdown')).toBeNull();
  });
});

describe('JobResult: every result readable, never JSON', () => {
  it('WAN test: link, per-target table and the average latency chart', async () => {
    show(job('wantest', 'succeeded', { result: results.wantest }));
    const view = screen.getByTestId('result-wantest');
    expect(view.textContent).toContain('Primary');
    expect(rowTexts(view)).toEqual([
      ['Google DNS8.8.8.8', '10.0', '12.4', '20.0', '1.5', '0 %'],
      ['Cloudflare DNS1.1.1.1', '9.0', '11.6', '18.0', '1.1', '10 %'],
    ]);
    expect(
      await within(view).findByRole('img', { name: 'Average latency per target' }, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it('LAN ping: per host, "No reply" for a silent one', () => {
    show(job('lanpingtest', 'succeeded', { result: results.lanpingtest }));
    expect(rowTexts(screen.getByTestId('result-lanpingtest'))).toEqual([
      ['pos-1', '10.0.10.11', '10', '4/4', '1.0'],
      ['pos-2', '10.0.10.12', '10', '4/4', '1.4'],
      ['printer', '10.0.10.20', '10', '4/0', 'No reply'],
    ]);
  });

  it('system test: stat cards with the uptime humanized', () => {
    show(job('systemTest', 'succeeded', { result: results.systemTest }));
    const text = screen.getByTestId('result-systemTest').textContent;
    for (const part of ['CPU23.4 %', 'Memory41 %', 'Sessions1,234', 'Temperature48 °C', 'Uptime3 d 4 h'])
      expect(text).toContain(part);
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
  });

  it('traceroute: hops with "*" where nothing answered, "—" for an unnamed hop', () => {
    show(job('traceroute', 'succeeded', { result: results.traceroute }));
    const view = screen.getByTestId('result-traceroute');
    expect(view.textContent).toContain('Route to 8.8.8.8 from VLAN 10');
    expect(rowTexts(view)).toEqual([
      ['1', '—', '10.0.10.1', '0.8 ms', '0.9 ms', '1.1 ms'],
      ['2', '*', '*', '*', '*', '*'],
      ['3', 'dns.google', '8.8.8.8', '12.1 ms', '*', '12.6 ms'],
    ]);
  });

  it('traceroute from tracepath (one probe a hop): one time column, no "*" for probes never sent', () => {
    const result = {
      target: '192.0.2.1',
      vlan: 1,
      hops: [
        { hop: 1, host: null, ip: '10.0.0.1', ms: [0.4] },
        { hop: 2, host: null, ip: null, ms: [null] },
      ],
    };
    show(job('traceroute', 'succeeded', { result }));
    const view = screen.getByTestId('result-traceroute');
    expect(rowTexts(view)).toEqual([
      ['1', '—', '10.0.0.1', '0.4 ms'],
      ['2', '*', '*', '*'],
    ]);
    expect(view.querySelectorAll('th')).toHaveLength(4);
  });

  it('reboot: when, when back, and the status now', () => {
    show(job('reboot', 'succeeded', { result: results.reboot }), 'rebooting');
    const text = screen.getByTestId('result-reboot').textContent;
    expect(text).toContain(`Rebooted at${formatDate(results.reboot.rebootedAt)}`);
    expect(text).toContain(`Expected back at${formatDate(results.reboot.expectedBackAt)}`);
    expect(screen.getByTestId('reboot-live-status').textContent).toBe('Offline (Rebooting)');
    // The status badge (a block) is not put in a paragraph: a browser would move it out of it.
    expect(screen.getByTestId('result-reboot').querySelector('p div')).toBeNull();
  });

  it('ports: the port map with each port on or off', () => {
    show(job('disableLanPorts', 'succeeded', { result: results.disableLanPorts }));
    const state = (n: number) => screen.getByTestId(`diag-port-${n}`).getAttribute('data-state');
    expect([3, 4, 5, 6].map(state)).toEqual(['on', 'off', 'off', 'on']);
    expect(screen.getByTestId('diag-port-3').textContent).toContain('Printer');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('a cancelled job says so', () => {
    show(job('systemTest', 'cancelled'));
    expect(screen.getByTestId('job-cancelled').textContent).toBe('Cancelled before it ran.');
  });
});
