// @vitest-environment jsdom
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { productAnalytics } from '../../../lib/product-analytics.ts';
import { fakeJwt, fullClaims, installDomStubs, Providers } from '../../../test/render.tsx';
import { PreferencesForm } from './preferences-form.tsx';

const user: User = {
  id: 'u1',
  creationDate: '2026-01-01T00:00:00.000Z',
  username: 'ana@acme.example',
  role: 'USER',
  organization: { id: 'o1', name: 'Acme Retail' },
  contact: { firstName: 'Ana', lastName: 'Ortiz' } as User['contact'],
  userPreferences: [{ id: 1, name: 'language', value: 'en' }],
  siteGroups: [],
  managedUsers: [],
};

const calls: { path: string; body: unknown; keepalive?: boolean }[] = [];
const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => installDomStubs());
beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path: url.pathname, body, keepalive: init?.keepalive });
      if (url.pathname === '/api/userProfile/updateUserPreferences') {
        return answer((body as { name: string; value: string }[]).map((p, i) => ({ id: i + 1, ...p })));
      }
      if (url.pathname === '/api/mp/track')
        return answer({ accepted: (body as { events: unknown[] }).events.length });
      return answer({});
    }),
  );
  authStore.setToken(fakeJwt(fullClaims()));
  authStore.setUser(user);
});
afterEach(() => {
  cleanup();
  notifications.clean();
  authStore.logout();
  vi.unstubAllGlobals();
});

const renderForm = () =>
  render(
    <Providers>
      <Notifications />
      <PreferencesForm user={authStore.get().user as User} />
    </Providers>,
  );

describe('Settings → Profile → Preferences: product analytics', () => {
  it('is on by default; turned off it is saved, and then nothing is sent', async () => {
    productAnalytics.track('page.viewed', { route: 'Profile', path: '/settings/profile' });
    await productAnalytics.flush(true);
    expect(calls.filter((c) => c.path === '/api/mp/track')).toEqual([
      {
        path: '/api/mp/track',
        keepalive: true,
        body: { events: [expect.objectContaining({ name: 'page.viewed' })] },
      },
    ]);

    renderForm();
    const toggle = screen.getByRole('switch', { name: /Share usage analytics/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/userProfile/updateUserPreferences')?.body).toEqual(
        expect.arrayContaining([{ name: 'analytics', value: 'off' }]),
      ),
    );
    await waitFor(() =>
      expect(authStore.get().user?.userPreferences).toContainEqual(
        expect.objectContaining({ name: 'analytics', value: 'off' }),
      ),
    );

    calls.length = 0;
    productAnalytics.track('page.viewed', { route: 'Profile', path: '/settings/profile' });
    productAnalytics.track('device.viewed', { mac: '00:11:22:33:44:55' });
    await productAnalytics.flush(true);
    expect(calls.filter((c) => c.path === '/api/mp/track')).toEqual([]);
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderForm();
    expect(screen.getByRole('switch', { name: /Compartir analíticas de uso/ })).toBeTruthy();
  });
});

describe('Settings → Profile → Preferences: language and theme', () => {
  it('follows a language chosen in the header while the screen is open (the saved preference changes)', async () => {
    const { rerender } = renderForm();
    const english = screen.getByRole('radio', { name: 'English' }) as HTMLInputElement;
    expect(english.checked).toBe(true);
    const spanishUser: User = { ...user, userPreferences: [{ id: 1, name: 'language', value: 'es' }] };
    await i18n.changeLanguage('es');
    rerender(
      <Providers>
        <Notifications />
        <PreferencesForm user={spanishUser} />
      </Providers>,
    );
    expect((screen.getByRole('radio', { name: 'Español' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps a choice not saved yet over the saved preference', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
  });
});
