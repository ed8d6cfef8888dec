// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { StatusCounts } from '@vnoc/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { StatusCountsBar } from './status-counts-bar.tsx';

const counts = {
  total: 1234,
  offline: 1,
  online: 1200,
  onbackup: 20,
  pending: 8,
  rebooting: 5,
} as StatusCounts;

beforeAll(async () => {
  installDomStubs();
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('StatusCountsBar', () => {
  it('says that it counts devices and that a click lists the sites that have them, in both languages', async () => {
    const onSelect = vi.fn();
    render(
      <Providers>
        <StatusCountsBar counts={counts} loading={false} active={null} onSelect={onSelect} />
      </Providers>,
    );
    expect(screen.getByTestId('status-counts-caption').textContent).toBe(
      'Devices by status. Choose a status to list the sites that have such a device.',
    );
    expect(screen.getByRole('region', { name: /^Devices by status/ })).toBeTruthy();
    const pending = screen.getByRole('button', {
      name: 'Pending Installation: 8 devices. List the sites with such devices.',
    });
    expect(
      screen.getByRole('button', { name: 'Offline: 1 device. List the sites with such a device.' }),
    ).toBeTruthy();
    fireEvent.click(pending);
    expect(onSelect).toHaveBeenCalledWith('pending');

    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByTestId('status-counts-caption').textContent).toBe(
      'Dispositivos por estado. Elija un estado para ver los sitios que tienen algún dispositivo en ese estado.',
    );
    expect(screen.getByTestId('count-online').getAttribute('aria-label')).toBe(
      'En línea: 1200 dispositivos. Ver los sitios con dispositivos en este estado.',
    );
    await act(() => i18n.changeLanguage('en'));
  });
});
