// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { installDomStubs, Providers } from '../test/render.tsx';
import { MapStatusLegend } from './map-status-legend.tsx';

beforeAll(() => installDomStubs());
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const shown = () =>
  within(screen.getByRole('list', { name: 'Marker colours' }))
    .getAllByRole('listitem')
    .map((item) => [item.getAttribute('data-status'), item.textContent]);

describe('MapStatusLegend', () => {
  it("names each marker fill: the spec's site map statuses, and rebooting", async () => {
    await i18n.changeLanguage('en');
    render(
      <Providers>
        <MapStatusLegend label="Marker colours" />
      </Providers>,
    );
    expect(shown()).toEqual([
      ['uninstalled', 'No Services'],
      ['onbackup', 'On Backup'],
      ['online', 'Online'],
      ['offline', 'Offline'],
      ['pending', 'Pending Installation'],
      ['rebooting', 'Offline (Rebooting)'],
    ]);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    render(
      <Providers>
        <MapStatusLegend label="Marker colours" />
      </Providers>,
    );
    expect(shown().map(([, text]) => text)).toEqual([
      'Sin servicios',
      'En respaldo',
      'En línea',
      'Sin conexión',
      'Instalación pendiente',
      'Sin conexión (Reiniciando)',
    ]);
  });
});
