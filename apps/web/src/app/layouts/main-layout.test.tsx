// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { getBanner, showBanner } from '../../lib/banner.ts';
import { i18n } from '../../lib/i18n.ts';
import { queryClient } from '../../lib/query-client.ts';
import { fakeJwt, fullClaims, installDomStubs, mediaQueryList, renderApp } from '../../test/render.tsx';
import * as preferenceSync from './preference-sync.ts';

const user = {
  id: 'u1',
  creationDate: '2026-01-01T00:00:00.000Z',
  username: 'user@acme.example',
  role: 'USER',
  organization: { id: 'o1', name: 'Acme Retail' },
  contact: {
    firstName: 'Uma',
    lastName: 'User',
    title: null,
    company: null,
    mobileNumber: null,
    officeNumber: null,
    emailAddress: null,
    mobileVerified: false,
    emailVerified: false,
  },
  userPreferences: [],
  siteGroups: [],
  managedUsers: [],
};

/** How often the frame has drawn itself: it calls usePreferenceSync once a render (spied, not mocked: see dom-mocks.test.ts). */
const preferenceSyncCalls = vi.spyOn(preferenceSync, 'usePreferenceSync');
const frame = {
  get renders() {
    return preferenceSyncCalls.mock.calls.length;
  },
};

let delivery: 'outbox' | 'live' = 'outbox';
const calls: string[] = [];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeAll(() => installDomStubs());
beforeEach(() => {
  delivery = 'outbox';
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/health')
        return json({ status: 'ok', version: '0', database: 'embedded', delivery });
      if (url.pathname === '/api/userProfile') return json(user);
      if (url.pathname === '/api/access/logout') return json({ ok: true });
      return json({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function signIn(claims: Record<string, unknown> = {}) {
  authStore.setToken(fakeJwt(fullClaims(claims)));
}

describe('main layout', () => {
  it('greets the signed-in user by name on /dashboard, with the page title', async () => {
    signIn();
    renderApp('/dashboard');
    // The dashboard is a lazy module (grid, widgets): its first import can take a while on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Uma User' }, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboards | vNOC'));
  });

  it("does not draw itself again when a screen's filters or sort change the address", async () => {
    signIn();
    const { router } = renderApp('/alerts');
    await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    const before = frame.renders;
    expect(before).toBeGreaterThan(0); // the spy sees the frame's renders
    await act(() => router.navigate('/alerts?severity=major'));
    await act(() => router.navigate('/alerts?severity=major&sort=raisedAt-asc'));
    expect(router.state.location.search).toBe('?severity=major&sort=raisedAt-asc');
    expect(frame.renders).toBe(before);
  }, 20_000);

  it('shows the spec menu labels; a USER sees neither Advanced Search nor Administration', async () => {
    signIn();
    renderApp('/alerts');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    for (const label of [
      'Main Links',
      'Recently Viewed',
      'Dashboards',
      'Alerts',
      'Tickets',
      'Reports',
      'Last Visited Site',
      'Site Links',
      'Problem Sites',
      'Favorite Sites',
      'Map Overview',
      'Device Links',
      'All Devices',
    ]) {
      expect(within(menu).getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(within(menu).queryByText('Advanced Search')).toBeNull();
    expect(within(menu).queryByText('Administration')).toBeNull();
  });

  it('an ADMINISTRATOR sees Advanced Search and Administration', async () => {
    signIn({ role: 'ADMINISTRATOR' });
    renderApp('/alerts');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByText('Advanced Search')).toBeTruthy();
    expect(within(menu).getByText('Administration')).toBeTruthy();
    expect(within(menu).queryByText('Act as a customer')).toBeNull();
  });

  it("SUPPORT staff land in the Support area, and their menu holds no screen of a customer's data (issue 37)", async () => {
    signIn({ role: 'SUPPORT' });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const hrefs = within(menu)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '');
    expect(hrefs).toEqual([
      '/support',
      '/support?view=tickets',
      '/support?view=chat',
      '/provisioning',
      '/settings/profile',
    ]);
    expect(calls.filter((call) => /\/api\/(dashboard|alert|ticket|site|device)/.test(call))).toEqual([]);
  });

  it('SUPPORT staff see the Support area, but not while acting as a customer', async () => {
    signIn({ role: 'SUPPORT' });
    const { unmount } = renderApp('/alerts');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Act as a customer' }).getAttribute('href')).toBe(
      '/support',
    );
    unmount();
    signIn({ role: 'SUPPORT', impersonatedBy: 'support@vnoc.example' });
    renderApp('/alerts');
    const acting = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(acting).queryByText('Act as a customer')).toBeNull();
  });

  it("offers the other apps of the person's single sign-on, in order, each in a new tab (vnoc-apps)", async () => {
    window.localStorage.setItem(
      'vnoc-apps',
      JSON.stringify([
        { name: 'Ticketing', url: 'https://tickets.example.com/', isThisApp: false, sortOrder: 1 },
        { name: 'Billing', url: 'https://billing.example.com/', isThisApp: false, sortOrder: 2 },
        { name: 'Sneaky', url: 'javascript:alert(1)', isThisApp: false, sortOrder: 3 },
      ]),
    );
    signIn();
    renderApp('/alerts');
    fireEvent.click(await screen.findByRole('button', { name: 'Your apps' }));
    const items = await screen.findAllByRole('menuitem');
    expect(
      items.map((item) => [item.textContent, item.getAttribute('href'), item.getAttribute('target')]),
    ).toEqual([
      ['Ticketing', 'https://tickets.example.com/', '_blank'],
      ['Billing', 'https://billing.example.com/', '_blank'],
    ]);
    expect(items[0]?.getAttribute('aria-label')).toBe('Ticketing (opens in a new tab)');
    expect(items[0]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows no apps menu without stored apps (a password sign-in)', async () => {
    signIn();
    renderApp('/alerts');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('button', { name: 'Your apps' })).toBeNull();
  });

  it('shows the impersonation banner while claims.impersonatedBy is set', async () => {
    signIn({ impersonatedBy: 'support@vnoc.example' });
    renderApp('/alerts');
    const banner = await screen.findByTestId('impersonation-banner');
    expect(banner.textContent).toContain('support@vnoc.example');
  });

  it('the breadcrumb of a device says Sites', async () => {
    signIn();
    renderApp('/sites/3/device/9');
    // The Device screen is a large lazy module (diagnostics, tickets, charts): its first import takes a while.
    const crumbs = await screen.findAllByRole('navigation', { name: 'Breadcrumb' }, { timeout: 5000 });
    expect(within(crumbs[0] as HTMLElement).getByText('Sites')).toBeTruthy();
  });

  it('the global banner clears on route change', async () => {
    signIn();
    const { router } = renderApp('/alerts');
    await screen.findByRole('heading', { level: 1, name: 'Alerts' });
    showBanner('danger', 'Something failed');
    expect((await screen.findByTestId('global-banner')).textContent).toContain('Something failed');
    await router.navigate('/tickets');
    await waitFor(() => expect(getBanner()).toBeNull());
    expect(screen.queryByTestId('global-banner')).toBeNull();
  });

  it('the dev outbox button shows only when delivery is outbox', async () => {
    renderApp('/login');
    expect(await screen.findByTestId('dev-outbox-button')).toBeTruthy();
    cleanup();
    delivery = 'live';
    renderApp('/login');
    // Settled: the health answer (delivery 'live') is in, and React has drawn what follows from it. The outbox's
    // module was loaded by the first render, so a gate that let it through would draw the button within this act.
    await waitFor(() => expect(queryClient.getQueryData(['health'])).toMatchObject({ delivery: 'live' }));
    await act(async () => {});
    expect(calls).toContain('GET /api/health');
    expect(screen.queryByTestId('dev-outbox-button')).toBeNull();
  });

  it('the dev outbox button floats beside the side menu, not over its last entry', async () => {
    signIn();
    renderApp('/alerts');
    const button = await screen.findByTestId('dev-outbox-button');
    const affix = button.closest('.mantine-Affix-root') as HTMLElement;
    // The side menu's width is the AppShell's navbar offset (0 on a phone and on the sign-in pages).
    expect(affix.style.getPropertyValue('--affix-left')).toContain('var(--app-shell-navbar-offset');
  });

  it('on a phone, draws the menu when the burger first opens it, and keeps it from Tab while closed (issue 39)', async () => {
    // Below the `sm` breakpoint: the AppShell keeps the menu off screen until the burger opens it.
    vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, query.startsWith('(max-width')));
    signIn();
    renderApp('/alerts');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
    expect(within(menu).queryByRole('link')).toBeNull();
    expect(menu.hasAttribute('inert')).toBe(true);
    const burger = screen.getByRole('button', { name: 'Toggle navigation' });
    fireEvent.click(burger);
    expect(await within(menu).findByRole('link', { name: /^Alerts/ })).toBeTruthy();
    expect(menu.hasAttribute('inert')).toBe(false);
    // Closed again: still drawn (the next opening has nothing to draw), but out of reach.
    fireEvent.click(burger);
    await waitFor(() => expect(menu.hasAttribute('inert')).toBe(true));
    expect(within(menu).getByRole('link', { name: /^Alerts/ })).toBeTruthy();
  });

  it('sign out calls access/logout, clears the session and goes to /login', async () => {
    signIn();
    const { router } = renderApp('/alerts');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('sign-out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toContain('POST /api/access/logout');
    expect(authStore.get().jwt).toBeNull();
  });

  it('switching the language to Spanish translates the menu and title', async () => {
    signIn();
    renderApp('/alerts');
    fireEvent.click(await screen.findByTestId('language-switch'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alertas' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Alertas | vNOC'));
  });
});
