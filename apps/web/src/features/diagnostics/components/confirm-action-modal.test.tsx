// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { ConfirmActionModal, type ConfirmTarget } from './confirm-action-modal.tsx';

beforeAll(installDomStubs);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const target = (kind: string, name: string): ConfirmTarget => ({
  id: `d-${kind}`,
  name,
  kind,
  macAddress: '00:30:44:00:00:e4',
  site: { name: 'Acme Albuquerque South' },
});

const open = (targets: ConfirmTarget[], action: 'reboot' | 'disableLanPorts' = 'reboot', ports?: number[]) =>
  render(
    <Providers>
      <ConfirmActionModal
        opened
        action={action}
        targets={targets}
        ports={ports}
        onConfirm={() => undefined}
        onClose={() => undefined}
      />
    </Providers>,
  );

// Issue 13 point 3: the confirmation names the device, its kind and its site, and says what loses service.
describe('ConfirmActionModal: a reboot names the device and what it takes down, by kind', () => {
  it.each([
    [
      'en',
      'firewall',
      'Reboot TZ370 00E4 (Firewall Appliance) at Acme Albuquerque South?',
      'Acme Albuquerque South loses its internet connection and its local network',
    ],
    [
      'en',
      '5g',
      'Reboot Cradlepoint E300 (5G Appliance) at Acme Albuquerque South?',
      'Acme Albuquerque South loses the internet connection it gives',
    ],
    [
      'en',
      'access-point',
      'Reboot Lobby AP (Access Point) at Acme Albuquerque South?',
      'the rest of the network at Acme Albuquerque South keeps working',
    ],
    [
      'en',
      'switch',
      'Reboot MS120-8 00E4 (Network Switch) at Acme Albuquerque South?',
      'Everything plugged into it at Acme Albuquerque South loses its connection',
    ],
    [
      'es',
      '5g',
      '¿Reiniciar Cradlepoint E300 (Dispositivo 5G) en Acme Albuquerque South?',
      'Acme Albuquerque South se queda sin la conexión a internet que le da',
    ],
    [
      'es',
      'access-point',
      '¿Reiniciar Lobby AP (Punto de acceso) en Acme Albuquerque South?',
      'el resto de la red de Acme Albuquerque South sigue funcionando',
    ],
  ])('%s, %s', async (language, kind, title, consequence) => {
    await i18n.changeLanguage(language);
    const name =
      title
        .match(/Reiniciar (.*) \(|Reboot (.*) \(/)
        ?.slice(1)
        .find(Boolean) ?? '';
    open([target(kind, name)]);
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByText(title)).toBeTruthy();
    expect(dialog.textContent).toContain(consequence);
    expect(screen.getByTestId('confirm-mac').textContent).toBe('MAC 00:30:44:00:00:e4');
    expect(screen.getByTestId('confirm-run').textContent).toBe(
      language === 'en' ? 'Reboot device' : 'Reiniciar el dispositivo',
    );
  });

  it('several devices are listed by name, kind and site, with what each kind takes down', async () => {
    open([target('firewall', 'Back office'), target('switch', 'MS120-8 00E4')]);
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByText('Reboot 2 devices?')).toBeTruthy();
    expect(dialog.textContent).toContain('Back office (Firewall Appliance) at Acme Albuquerque South');
    expect(dialog.textContent).toContain('MS120-8 00E4 (Network Switch) at Acme Albuquerque South');
    expect(dialog.textContent).toContain('a switch whatever is plugged into it');
  });

  it('disabling ports names the device too', async () => {
    open([target('firewall', 'Back office')], 'disableLanPorts', [4]);
    await screen.findByRole('dialog');
    expect(
      screen.getByText('Disable ports on Back office (Firewall Appliance) at Acme Albuquerque South?'),
    ).toBeTruthy();
    expect(screen.getByTestId('confirm-run').textContent).toBe('Disable ports');
  });
});
