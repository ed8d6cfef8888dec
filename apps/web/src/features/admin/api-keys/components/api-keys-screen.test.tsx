// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../../../../test/render.tsx';
import { ApiKeysScreen } from './api-keys-screen.tsx';

const NOW = new Date('2026-11-29T10:00:00.000Z');
const SECRET_KEY = `vnoc_ab12cd34_${'S'.repeat(43)}`;
const apiKey = (overrides: Partial<ApiKey>): ApiKey => ({
  id: 'k1',
  name: 'Billing export',
  prefix: 'ab12cd34',
  role: 'READ_ONLY',
  siteGroups: [{ id: 'g1', name: 'Flagship stores' }],
  dashboardIds: [],
  cycleSeconds: 60,
  expiresAt: '2027-02-27T10:00:00.000Z',
  lastUsedAt: new Date(NOW.getTime() - 3 * 60_000).toISOString(),
  lastUsedAddress: '198.51.100.7',
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'Ada Admin',
  revokedAt: null,
  ...overrides,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let keys: ApiKey[];
/** How many list requests fail before one answers. */
let listFailures: number;
let requests: { method: string; path: string; body: unknown }[];

beforeAll(() => installDomStubs());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  requests = [];
  keys = [];
  listFailures = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/apiKeys' && method === 'GET' && listFailures > 0) {
        listFailures -= 1;
        return json({ id: 'internal', message: 'The server could not answer.' }, 500);
      }
      if (url.pathname === '/api/apiKeys' && method === 'GET') return json(keys);
      if (url.pathname === '/api/apiKeys' && method === 'POST') {
        const made = apiKey({ id: 'k2', name: body.name, role: body.role, siteGroups: [], lastUsedAt: null });
        keys = [made, ...keys];
        return json({ apiKey: made, key: SECRET_KEY }, 201);
      }
      if (url.pathname === '/api/apiKeys/k1/revoke') {
        keys = keys.map((k) => (k.id === 'k1' ? { ...k, revokedAt: NOW.toISOString() } : k));
        return json(keys.find((k) => k.id === 'k1'));
      }
      if (url.pathname === '/api/group') return json([{ id: 'g1', name: 'Flagship stores', siteIds: [] }]);
      return json({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const open = () => renderRoutes([{ path: '/admin/api-keys', element: <ApiKeysScreen /> }], '/admin/api-keys');

describe('Administration → API keys', () => {
  it('lists the keys with their prefix, role, groups, expiry, last use and maker', async () => {
    keys = [apiKey({})];
    open();
    const row = (await screen.findByText('Billing export')).closest('tr') as HTMLElement;
    for (const text of [
      'vnoc_ab12cd34_…',
      'Read-only',
      'Flagship stores',
      '3 minutes ago',
      '198.51.100.7',
      'Ada Admin',
    ])
      expect(within(row).getByText(text), text).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
  });

  it('a list that failed says why and loads on "Try again"', async () => {
    keys = [apiKey({})];
    listFailures = 1;
    open();
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('The server could not answer.')).toBeTruthy();
    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Billing export')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    open();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });

  it('makes a key and shows it once, with the warning; the list never shows it again', {
    timeout: 30_000,
  }, async () => {
    open();
    await screen.findByText('No API keys yet');
    fireEvent.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog');
    // The name is required (checked before anything is sent).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Enter a name for the key.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Nightly sync' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('This key will not be shown again')).toBeTruthy();
    expect(screen.getByTestId('api-key-value').textContent).toBe(SECRET_KEY);
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/api/apiKeys')?.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({
      name: 'Nightly sync',
      role: 'READ_ONLY',
      siteGroupIds: [],
      dashboardIds: [],
    });
    // 90 days by default.
    expect(sent.expiresAt).toBe(new Date(NOW.getTime() + 90 * 86_400_000).toISOString());
    fireEvent.click(screen.getByRole('button', { name: 'Done, I copied it' }));
    expect(await screen.findByText('Nightly sync')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('api-key-value')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET_KEY);
  });

  it('revokes a key after asking', async () => {
    keys = [apiKey({})];
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Billing export' }));
    expect(await screen.findByText(/Billing export stops working at once/)).toBeTruthy();
    expect(requests.some((r) => r.path.endsWith('/revoke'))).toBe(false);
    fireEvent.click(screen.getByTestId('api-key-revoke-confirm'));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/api/apiKeys/k1/revoke')).toBe(true),
    );
    expect(await screen.findByText('Revoked')).toBeTruthy();
  });
});
