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
  ])('port %i → %s ("%s")', (port, state, word) => {
    renderPorts();
    const tile = screen.getByTestId(`port-${port}`);
    expect(tile.getAttribute('data-state')).toBe(state);
    expect(tile.textContent).toContain(word);
  });

  it("draws only the device's own ports, not the spec's padding to 16 (issue 37 point 7)", () => {
    renderPorts();
    const own = device.portMapping.filter((p) => p.type !== 'unused').length;
    expect(screen.getAllByTestId(/^port-\d+$/)).toHaveLength(own);
    expect(screen.queryByTestId('port-12')).toBeNull();
    cleanup();
    const ap: Device = {
      ...device,
      kind: 'access-point',
      portMapping: [
        { id: 1, systemNumber: 1, type: 'LAN' },
        ...Array.from({ length: 15 }, (_, i) => ({ id: 0, systemNumber: i + 2, type: 'unused' })),
      ],
      disabledPorts: [],
    };
    renderPorts(undefined, ap);
    expect(screen.getAllByTestId(/^port-\d+$/).map((tile) => tile.getAttribute('data-testid'))).toEqual([
      'port-1',
    ]);
  });

  it('an offline device: the port buttons are disabled and say why', () => {
    render(
      <Providers>
        <DevicePorts
          device={device}
          canRename={false}
          onPortAction={vi.fn()}
          blockedReason="The device is offline"
        />
      </Providers>,
    );
    expect((screen.getByTestId('port-turn-off-3') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('ports-blocked').textContent).toBe('The device is offline');
  });

  it('offers a LAN port that is on to be turned off, a disabled one to be turned back on; never a WAN port', () => {
    const onPortAction = vi.fn();
    renderPorts(onPortAction);
    expect(screen.queryByTestId('port-turn-off-1')).toBeNull(); // WAN
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
