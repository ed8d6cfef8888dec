// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Device } from '@vnoc/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { device } from '../../../test/device-fixtures.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { DevicePorts } from './device-ports.tsx';

beforeAll(async () => {
  installDomStubs();
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

const renderPorts = (onPortAction?: (action: string, port: number) => void, shown: Device = device) =>
  render(
    <Providers>
      <DevicePorts device={shown} canRename={false} onPortAction={onPortAction} />
    </Providers>,
  );

describe('DevicePorts: each tile says its state by colour and word', () => {
  it.each([
    [1, 'enabled', 'Enabled'],
    [3, 'enabled', 'Enabled'],
    [5, 'disabled', 'Disabled'],
    [12, 'unused', 'Unused'],
  ])('port %i → %s ("%s")', (port, state, word) => {
    renderPorts();
    const tile = screen.getByTestId(`port-${port}`);
    expect(tile.getAttribute('data-state')).toBe(state);
    expect(tile.textContent).toContain(word);
  });

  it('offers a LAN port that is on to be turned off, a disabled one to be turned back on; never a WAN port', () => {
    const onPortAction = vi.fn();
    renderPorts(onPortAction);
    expect(screen.queryByTestId('port-turn-off-1')).toBeNull(); // WAN
    expect(screen.queryByTestId('port-turn-off-12')).toBeNull(); // unused
    fireEvent.click(screen.getByRole('button', { name: 'Turn off Printer (Port 3)…' }));
    expect(onPortAction).toHaveBeenLastCalledWith('disableLanPorts', 3);
    fireEvent.click(screen.getByTestId('port-turn-off-4'));
    expect(onPortAction).toHaveBeenLastCalledWith('disableLanPorts', 4);
    fireEvent.click(screen.getByTestId('port-turn-on-5'));
    expect(onPortAction).toHaveBeenLastCalledWith('revertLanPorts', 5);
  });

  it('offers no port actions without port-control (no callback)', () => {
    renderPorts();
    expect(screen.queryByTestId('port-turn-off-3')).toBeNull();
    expect(screen.queryByTestId('port-turn-on-5')).toBeNull();
  });

  it('in Spanish', async () => {
    renderPorts(vi.fn());
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByTestId('port-5').textContent).toContain('Desactivado');
    expect(screen.getByTestId('port-3').textContent).toContain('Activado');
    expect(screen.getByTestId('port-turn-on-5').textContent).toBe('Volver a encender…');
    await act(() => i18n.changeLanguage('en'));
  });
});
