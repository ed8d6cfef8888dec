// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { type PortsResult, PortsResultSchema } from '@vnoc/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../../lib/format.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../../test/render.tsx';
import { device, results } from '../../test/fixtures.ts';
import { PortsResultView } from './ports-result.tsx';

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
});

/** A clock the test moves by hand. */
function manualClock(start: number) {
  let now = start;
  return { read: () => now, set: (at: number) => (now = at) };
}

function show(result: PortsResult, clock: () => number) {
  render(
    <Providers>
      <PortsResultView result={result} device={device} clock={clock} />
    </Providers>,
  );
}

const countdown = () => screen.getByTestId('ports-revert-countdown').textContent;

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
    // No "Keep them off" button: the server has no request to confirm a port action yet.
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
