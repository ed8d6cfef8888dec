// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ProvisionedDevice } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { Component as ProvisioningScreen } from './provisioning.tsx';

const ORG = '33333333-3333-4333-8333-333333333333';
const SITE = '11111111-1111-4111-8111-111111111111';
const device = (id: string, overrides: Partial<ProvisionedDevice>): ProvisionedDevice => ({
  id,
  name: null,
  kind: 'firewall',
  manufacturer: 'GL.iNet',
  model: 'GL-MT3000',
  macAddress: 'aa:bb:cc:dd:ee:01',
  driver: 'agent',
  status: 'unknown',
  site: { id: SITE, name: 'Austin store' },
  organizationId: ORG,
  credential: { state: 'active', createdAt: '2026-11-29T10:00:00.000Z', rotatedAt: null, revokedAt: null },
  lastReportAt: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  ...overrides,
});
const devices = [
  device('d-1', {}),
  device('d-2', {
    model: 'U6 Lite',
    kind: 'access-point',
    driver: 'openwisp',
    macAddress: 'aa:bb:cc:dd:ee:02',
    lastReportAt: '2026-11-29T09:30:00.000Z',
    credential: { state: 'revoked', createdAt: null, rotatedAt: null, revokedAt: '2026-11-29T09:40:00.000Z' },
  }),
];

const calls: { method: string; path: string }[] = [];
const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

beforeAll(() => installDomStubs());
beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['provisioning', 'fleet', 'table']);
  calls.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname });
    if (url.pathname === '/api/provisioning/organizations') return json([{ id: ORG, name: 'Acme Retail' }]);
    if (url.pathname === `/api/provisioning/organizations/${ORG}/sites`)
      return json([{ id: SITE, name: 'Austin store', alias: null, city: 'Austin' }]);
    if (url.pathname === `/api/provisioning/organizations/${ORG}/devices`)
      return json({ content: devices, page: 0, pageSize: 50, totalElements: 2, totalPages: 1 });
    if (url.pathname === '/api/provisioning/devices/d-1/secret' && method === 'DELETE')
      return json(null, 204);
    return json({ id: 'not_found', message: 'Not found.' }, 404);
  });
  authStore.setToken(fakeJwt(fullClaims({ role: 'SUPPORT' })));
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.restoreAllMocks();
});

const open = (path: string) =>
  renderRoutes(
    [
      {
        path: '/provisioning',
        Component: ProvisioningScreen,
        handle: { name: 'Provisioning', title: 'titles.provisioning' },
      },
    ],
    path,
  );

describe('Devices to connect', () => {
  it('lists the chosen organization’s devices: how each connects, its secret, “Never connected”', async () => {
    open(`/provisioning?org=${ORG}`);
    const table = await screen.findByRole('table', { name: 'Devices to connect of Acme Retail' });
    await within(table).findByText('U6 Lite'); // past the loading rows
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('vNOC agent')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Never connected')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('OpenWISP agent')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Revoked')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('Never connected')).toBeNull();
  });

  it('revokes a secret after a confirmation', async () => {
    open(`/provisioning?org=${ORG}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for GL-MT3000' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Revoke secret' }));
    expect(await screen.findByRole('dialog', { name: 'Revoke the secret of GL-MT3000?' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('revoke-confirm'));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', path: '/api/provisioning/devices/d-1/secret' }),
    );
  });

  it('asks for an organization first', async () => {
    open('/provisioning');
    expect(await screen.findByText('Choose a customer organization')).toBeTruthy();
    expect(calls.every((c) => !c.path.endsWith('/devices'))).toBe(true);
  });

  it.each([
    ['a customer administrator', { role: 'ADMINISTRATOR' }],
    ['support staff acting as a customer', { role: 'USER', impersonatedBy: 'support@vnoc.example' }],
  ])('is closed to %s', async (_label, claims) => {
    authStore.setToken(fakeJwt(fullClaims(claims)));
    open(`/provisioning?org=${ORG}`);
    expect(await screen.findByText("For the provider's support staff")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
