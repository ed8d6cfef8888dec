// @vitest-environment jsdom
import { AppShell } from '@mantine/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { ALERT_CATALOGUE, type AlertCounts } from '@vnoc/contracts';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertCountsQueryKey } from '../../features/alerts/api/keys.ts';
import { alertOf, counts } from '../../features/alerts/test/fixtures.ts';
import { authStore } from '../../lib/auth-store.ts';
import { i18n } from '../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../test/render.tsx';
import { Component as AlertsScreen } from '../routes/alerts.tsx';
import { AppNavbar } from './app-navbar.tsx';

vi.setConfig({ testTimeout: 20_000 });

let current: AlertCounts;
const seen: unknown[] = [];
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const newest = alertOf();

beforeAll(() => installDomStubs());
beforeEach(() => {
  current = { ...counts, unseen: 3, newestId: newest.id };
  seen.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/alert/counts') return answer(current);
      if (url.pathname === '/api/alert/codes') return answer(ALERT_CATALOGUE);
      if (url.pathname === '/api/alert')
        return answer({ content: [newest], page: 0, pageSize: 50, totalElements: 1, totalPages: 1 });
      if (url.pathname === '/api/userProfile/updateLastSeenAlert') {
        seen.push(JSON.parse(String(init?.body)));
        current = { ...current, unseen: 0, lastSeenId: newest.id };
        return answer(current);
      }
      return answer({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
  authStore.setToken(fakeJwt(fullClaims({ role: 'USER' })));
});
afterEach(async () => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** The query client the rendered tree uses (the badge's counts are read from it to know they are in). */
let client: QueryClient | undefined;
function Layout() {
  client = useQueryClient();
  return (
    <AppShell navbar={{ width: 260, breakpoint: 0 }}>
      <AppShell.Navbar>
        <nav aria-label="Main menu">
          <AppNavbar />
        </nav>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

function open(path: string) {
  return renderRoutes(
    [
      {
        Component: Layout,
        children: [
          { path: '/dashboard', element: <p>Dashboards</p> },
          { path: '/alerts', Component: AlertsScreen, handle: { name: 'Alerts', title: 'titles.alerts' } },
        ],
      },
    ],
    path,
  );
}

const alertsLink = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: /^Alert(s|as)/ });

describe('the menu badge of unseen alerts', () => {
  it('shows the unseen count on Alerts, named for screen readers', async () => {
    open('/dashboard');
    expect((await screen.findByTestId('alerts-unseen-badge')).textContent).toBe('3');
    expect(alertsLink().textContent).toContain('3 new alerts');
  });

  it('shows nothing when every alert was seen', async () => {
    current = { ...counts, unseen: 0 };
    open('/dashboard');
    await waitFor(() => expect(alertsLink()).toBeTruthy());
    // Settled: the counts (unseen 0) are in the query the badge reads, and React has drawn what follows from them.
    await waitFor(() => expect(client?.getQueryData(alertCountsQueryKey)).toMatchObject({ unseen: 0 }));
    await act(async () => {});
    expect(screen.queryByTestId('alerts-unseen-badge')).toBeNull();
    expect(alertsLink().textContent).not.toContain('new alert');
  });

  it('opening Alerts marks the newest active alert seen, and the badge clears', async () => {
    open('/alerts');
    await waitFor(() => expect(seen).toEqual([{ lastSeenId: newest.id }]), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByTestId('alerts-unseen-badge')).toBeNull());
  });

  it('says it in Spanish too', async () => {
    await i18n.changeLanguage('es');
    current = { ...counts, unseen: 1 };
    open('/dashboard');
    await screen.findByTestId('alerts-unseen-badge');
    expect(alertsLink().textContent).toContain('1 alerta nueva');
  });
});
