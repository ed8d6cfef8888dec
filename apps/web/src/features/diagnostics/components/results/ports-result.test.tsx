// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type Job, type PortsResult, PortsResultSchema } from '@vnoc/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../../lib/format.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../../test/render.tsx';
import { diagnosticsKeys } from '../../api/keys.ts';
import { answer, DEVICE_ID, device, job, results } from '../../test/fixtures.ts';
import { type KeepOff, PortsResultView } from './ports-result.tsx';

const disabledAt = Date.parse('2026-11-29T12:00:00.000Z');
/** A real device's answer: ports 4 and 5 off, back on by themselves five minutes later unless confirmed. */
const withRevert: PortsResult = PortsResultSchema.parse({
  ...results.disableLanPorts,
  revertAt: new Date(disabledAt + 5 * 60_000).toISOString(),
});

beforeAll(() => installDomStubs());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A clock the test moves by hand. */
function manualClock(start: number) {
  let now = start;
  return { read: () => now, set: (at: number) => (now = at) };
}

function show(result: PortsResult, clock: () => number, keepOff?: KeepOff) {
  render(
    <Providers>
      <PortsResultView result={result} device={device} clock={clock} keepOff={keepOff} />
    </Providers>,
  );
}

const countdown = () => screen.getByTestId('ports-revert-time').textContent;

describe('port action: the automatic revert countdown', () => {
  it('says how long until the ports turn back on, ticking each second by the injected clock', () => {
    vi.useFakeTimers();
    void i18n.changeLanguage('en');
    const clock = manualClock(disabledAt + 30_000);
    show(withRevert, clock.read);
    expect(countdown()).toBe('Ports turn back on in 4:30 unless you keep them off');
    clock.set(disabledAt + 30_000 + 61_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toBe('Ports turn back on in 3:29 unless you keep them off');
    clock.set(disabledAt + 5 * 60_000 - 200);
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toBe('Ports turn back on in 0:01 unless you keep them off');
    clock.set(disabledAt + 5 * 60_000 + 1);
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toBe(
      `The device was due to turn the ports back on by itself at ${formatDate(withRevert.revertAt)}.`,
    );
    // Nobody here may keep them off (no `keepOff`): no button.
    expect(screen.queryByRole('button', { name: /keep them off/i })).toBeNull();
  });

  it('in Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      show(withRevert, () => disabledAt + 65_000);
      expect(countdown()).toBe('Los puertos se vuelven a encender en 3:55 a menos que los mantenga apagados');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('no countdown without revertAt (the simulator) or when no port is off (a revert)', () => {
    show(results.disableLanPorts, () => disabledAt);
    expect(screen.queryByTestId('ports-revert-countdown')).toBeNull();
    expect(screen.getByTestId('result-ports')).toBeTruthy();
    cleanup();
    show({ ...results.revertLanPorts, revertAt: withRevert.revertAt }, () => disabledAt);
    expect(screen.queryByTestId('ports-revert-countdown')).toBeNull();
  });
});

/** The disable the countdowns below belong to, as a person who may control ports sees it. */
const keepOff: KeepOff = { deviceId: DEVICE_ID, since: new Date(disabledAt).toISOString(), allowed: true };
/** The ports as a real device keeps them once confirmed: still off, no revert time. */
const kept: PortsResult = { ports: results.disableLanPorts.ports };
const confirmPath = `/api/device/troubleshooting/confirmLanPorts/${DEVICE_ID}`;

/**
 * The server as fetch sees it: POST confirmLanPorts answers `confirmAnswer` (a queued job, or a refusal), and
 * POST future/{id} answers the job as `finish` says the device left it.
 */
function server(confirmAnswer: () => Response, finish: (queued: Job) => Job) {
  const calls: { method: string; path: string }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname });
    if (method === 'POST' && url.pathname === confirmPath) return confirmAnswer();
    const future = /^\/api\/device\/troubleshooting\/future\/([^/]+)$/.exec(url.pathname);
    if (future) return answer(finish(job('confirmLanPorts', 'queued', { id: future[1] as string })));
    return answer({}, 404);
  });
  return calls;
}
const queuedConfirm = () => answer(job('confirmLanPorts', 'queued', { id: 'confirm-1', params: {} }));

describe('port action: "Keep them off"', () => {
  const now = () => disabledAt + 30_000;

  it('confirms with the server and replaces the countdown once the device kept the ports off', async () => {
    void i18n.changeLanguage('en');
    const calls = server(queuedConfirm, (queued) => ({
      ...job('confirmLanPorts', 'succeeded', { id: queued.id, result: kept }),
    }));
    show(withRevert, now, keepOff);
    const button = screen.getByRole('button', { name: 'Keep them off' });
    expect(screen.getByTestId('ports-revert-countdown').contains(button)).toBe(true);
    fireEvent.click(button);
    expect(await screen.findByTestId('ports-kept-off')).toHaveProperty(
      'textContent',
      'Ports stay off until you revert them.',
    );
    expect(screen.queryByTestId('ports-revert-countdown')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.path === confirmPath)).toHaveLength(1);
    expect(calls.some((c) => c.path === '/api/device/troubleshooting/future/confirm-1')).toBe(true);
    // The port map still shows the ports off.
    expect(screen.getByTestId('result-ports')).toBeTruthy();
  });

  it('shows the server’s refusal under the countdown, in English and in Spanish, and keeps the button', async () => {
    const refusal = () =>
      answer({ id: 'no_ports_pending', message: 'No ports are waiting to turn back on.' }, 409);
    server(refusal, (queued) => queued);
    void i18n.changeLanguage('en');
    show(withRevert, now, keepOff);
    fireEvent.click(screen.getByRole('button', { name: 'Keep them off' }));
    expect((await screen.findByTestId('ports-keep-off-error')).textContent).toBe(
      'No ports are waiting to turn back on.',
    );
    expect(screen.getByTestId('ports-revert-countdown')).toBeTruthy();
    expect(screen.queryByTestId('ports-kept-off')).toBeNull();
    cleanup();

    await i18n.changeLanguage('es');
    try {
      show(withRevert, now, keepOff);
      fireEvent.click(screen.getByRole('button', { name: 'Mantenerlos apagados' }));
      expect((await screen.findByTestId('ports-keep-off-error')).textContent).toBe(
        'No hay puertos a la espera de volver a activarse.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says why when the device did not confirm, and lets the person try again', async () => {
    void i18n.changeLanguage('en');
    let attempts = 0;
    server(
      () => {
        attempts += 1;
        return answer(job('confirmLanPorts', 'queued', { id: `confirm-${attempts}`, params: {} }));
      },
      (queued) =>
        queued.id === 'confirm-1'
          ? job('confirmLanPorts', 'failed', { id: queued.id, error: 'The device did not answer in time.' })
          : job('confirmLanPorts', 'succeeded', { id: queued.id, result: kept }),
    );
    show(withRevert, now, keepOff);
    fireEvent.click(screen.getByRole('button', { name: 'Keep them off' }));
    expect((await screen.findByTestId('ports-keep-off-error')).textContent).toBe(
      'The ports could not be kept off: The device did not answer in time.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep them off' }));
    await waitFor(() => expect(screen.queryByTestId('ports-kept-off')).not.toBeNull());
    expect(screen.queryByTestId('ports-keep-off-error')).toBeNull();
    expect(attempts).toBe(2);
  });

  it('offers no button once the revert time has passed', () => {
    void i18n.changeLanguage('en');
    show(withRevert, () => disabledAt + 6 * 60_000, keepOff);
    expect(screen.getByTestId('ports-revert-countdown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Keep them off' })).toBeNull();
  });

  it.each([
    [
      'a confirmation after the disable: kept off, for anyone who sees it',
      '2026-11-29T12:01:00.000Z',
      false,
      true,
    ],
    ['only a confirmation before the disable: still counting down', '2026-11-29T11:59:00.000Z', true, false],
  ])('the run history holds %s', (_name, confirmedAt, allowed, keptOff) => {
    void i18n.changeLanguage('en');
    const fetch = vi.spyOn(globalThis, 'fetch');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const confirmation = { ...job('confirmLanPorts', 'succeeded', { result: kept }), createdAt: confirmedAt };
    client.setQueryData(diagnosticsKeys.history(DEVICE_ID), [confirmation]);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <PortsResultView
            result={withRevert}
            device={device}
            clock={now}
            keepOff={{ ...keepOff, allowed }}
          />
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('ports-kept-off') !== null).toBe(keptOff);
    expect(screen.queryByTestId('ports-revert-countdown') !== null).toBe(!keptOff);
    // The history is read from the cache only: the countdown asks the server nothing.
    expect(fetch).not.toHaveBeenCalled();
  });
});
