// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ProvisionedDeviceWithSecret, ProvisioningSite } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { AddDeviceModal } from './add-device-modal.tsx';

const SITE_ID = '11111111-1111-4111-8111-111111111111';
const DEVICE_ID = '22222222-2222-4222-8222-222222222222';
const sites: ProvisioningSite[] = [{ id: SITE_ID, name: 'Austin store', alias: 'AUS-1', city: 'Austin' }];
const created: ProvisionedDeviceWithSecret = {
  device: {
    id: DEVICE_ID,
    name: null,
    kind: 'firewall',
    manufacturer: 'GL.iNet',
    model: 'GL-MT3000',
    macAddress: 'aa:bb:cc:dd:ee:ff',
    driver: 'openwisp',
    status: 'unknown',
    site: { id: SITE_ID, name: 'Austin store' },
    organizationId: '33333333-3333-4333-8333-333333333333',
    credential: { state: 'active', createdAt: '2026-11-29T10:00:00.000Z', rotatedAt: null, revokedAt: null },
    lastReportAt: null,
    createdAt: '2026-11-29T10:00:00.000Z',
  },
  secret: 's'.repeat(43),
  setup: { driver: 'openwisp', url: 'https://noc.example', uuid: DEVICE_ID, key: 's'.repeat(43), lines: [] },
};

const sent: { url: string; body: unknown }[] = [];
let reply: () => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => installDomStubs());
beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['provisioning', 'fleet']);
  sent.length = 0;
  reply = () => json(created, 201);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    sent.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return reply();
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open() {
  const onAdded = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers>
      <AddDeviceModal organizationName="Acme" sites={sites} onClose={onClose} onAdded={onAdded} />
    </Providers>,
  );
  return { onAdded, onClose };
}

const field = (label: RegExp) => screen.getByRole('textbox', { name: label });

async function choose(label: RegExp, option: RegExp) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  // The dropdown may still be in its opening transition (hidden to the accessibility tree).
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('Add device form', () => {
  it('refuses an empty form with a message per field and sends nothing', async () => {
    open();
    fireEvent.click(screen.getByTestId('add-device-submit'));
    expect(await screen.findByText('Choose a site.')).toBeTruthy();
    expect(screen.getByText('Choose the kind of device.')).toBeTruthy();
    expect(screen.getByText('Enter the manufacturer.')).toBeTruthy();
    expect(screen.getByText('Enter the model.')).toBeTruthy();
    expect(screen.getByText('Enter a valid MAC address.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('refuses a bad MAC address, in Spanish too', async () => {
    open();
    fireEvent.change(field(/MAC address/), { target: { value: '00:11:22:33:44' } });
    fireEvent.click(screen.getByTestId('add-device-submit'));
    expect(await screen.findByText('Enter a valid MAC address.')).toBeTruthy();
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Introduzca una dirección MAC válida.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends a valid form and hands the created device with its secret on', async () => {
    const { onAdded } = open();
    await choose(/Site/, /Austin store/);
    await choose(/Kind/, /Firewall Appliance/);
    fireEvent.change(field(/Manufacturer/), { target: { value: 'GL.iNet' } });
    fireEvent.change(field(/Model/), { target: { value: 'GL-MT3000' } });
    fireEvent.change(field(/MAC address/), { target: { value: 'AA-BB-CC-DD-EE-FF' } });
    fireEvent.click(screen.getByRole('radio', { name: 'OpenWISP agent' }));
    fireEvent.click(screen.getByTestId('add-device-submit'));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(onAdded.mock.calls[0]?.[0]).toEqual(created);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toMatch(/\/api\/provisioning\/devices$/);
    expect(sent[0]?.body).toEqual({
      siteId: SITE_ID,
      kind: 'firewall',
      manufacturer: 'GL.iNet',
      model: 'GL-MT3000',
      macAddress: 'AA-BB-CC-DD-EE-FF',
      driver: 'openwisp',
    });
  });

  it('shows a MAC address already taken (409) on the MAC field', async () => {
    reply = () => json({ id: 'conflict', message: 'A device with this MAC address already exists.' }, 409);
    const { onAdded } = open();
    await choose(/Site/, /Austin store/);
    await choose(/Kind/, /Network Switch/);
    fireEvent.change(field(/Manufacturer/), { target: { value: 'Ubiquiti' } });
    fireEvent.change(field(/Model/), { target: { value: 'USW-Lite-8' } });
    fireEvent.change(field(/MAC address/), { target: { value: 'aabbccddeeff' } });
    fireEvent.click(screen.getByTestId('add-device-submit'));
    expect(await screen.findByText('A device with this MAC address already exists.')).toBeTruthy();
    expect(field(/MAC address/).getAttribute('aria-invalid')).toBe('true');
    expect(onAdded).not.toHaveBeenCalled();
  });
});
