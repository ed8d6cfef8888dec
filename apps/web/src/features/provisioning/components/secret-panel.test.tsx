// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { DeviceSetup } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { SecretPanel } from './secret-panel.tsx';

const ID = '22222222-2222-4222-8222-222222222222';
const SECRET = 'Q2hhbmdlLW1lLW5vdy10aGlzLWlzLWEtdGVzdC1zZWNy';

beforeAll(() => installDomStubs());
beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['provisioning']);
});
afterEach(() => cleanup());

function show(setup: DeviceSetup, rotated = false) {
  const onClose = vi.fn();
  render(
    <Providers>
      <SecretPanel
        deviceName="GL-MT3000"
        deviceId={ID}
        secret={SECRET}
        setup={setup}
        rotated={rotated}
        onClose={onClose}
      />
    </Providers>,
  );
  return onClose;
}

describe('the shown-once secret panel', () => {
  it('warns that the secret will not be shown again and shows the agent’s file and command', () => {
    const config = `${JSON.stringify({ url: 'mqtt://noc.example:1883', deviceId: ID, secret: SECRET }, null, 2)}\n`;
    const onClose = show({
      driver: 'agent',
      configPath: '/etc/vnoc-agent.json',
      config,
      command: 'node /usr/local/lib/vnoc-agent.mjs --config /etc/vnoc-agent.json',
    });
    expect(screen.getByRole('dialog', { name: 'GL-MT3000 added: its secret' })).toBeTruthy();
    expect(screen.getByTestId('secret-once-warning').textContent).toContain(
      'This secret will not be shown again',
    );
    expect(screen.getByTestId('secret-value').textContent).toBe(SECRET);
    expect(screen.getByTestId('secret-device-id').textContent).toBe(ID);
    expect(screen.getByTestId('secret-agent-config').textContent).toBe(config);
    expect(screen.getByTestId('secret-agent-command').textContent).toBe(
      'node /usr/local/lib/vnoc-agent.mjs --config /etc/vnoc-agent.json',
    );
    // Every value has its own copy button, named by what it copies.
    expect(screen.getByRole('button', { name: 'Copy: Secret' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Copy: Configuration file /etc/vnoc-agent.json' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('secret-done'));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows OpenWISP’s UCI lines, UUID and key for an OpenWrt router; a rotation says so (Spanish)', async () => {
    await i18n.changeLanguage('es');
    const lines = [
      `uci set openwisp.http.url='https://noc.example'`,
      `uci set openwisp.http.uuid='${ID}'`,
      `uci set openwisp.http.key='${SECRET}'`,
      'uci commit openwisp',
      '/etc/init.d/openwisp-monitoring restart',
    ];
    show({ driver: 'openwisp', url: 'https://noc.example', uuid: ID, key: SECRET, lines }, true);
    expect(screen.getByRole('dialog', { name: 'Nuevo secreto de GL-MT3000' })).toBeTruthy();
    expect(screen.getByTestId('secret-once-warning').textContent).toContain(
      'Este secreto no se volverá a mostrar',
    );
    expect(screen.getByTestId('secret-openwisp-lines').textContent).toBe(lines.join('\n'));
    expect(screen.getByRole('button', { name: 'Copiar: Líneas UCI' })).toBeTruthy();
    expect(screen.queryByTestId('secret-agent-config')).toBeNull();
  });
});
