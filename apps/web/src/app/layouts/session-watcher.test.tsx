// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { getBanner } from '../../lib/banner.ts';
import { fakeJwt, fullClaims, installDomStubs, renderApp } from '../../test/render.tsx';

const sso = vi.hoisted(() => ({
  signOutOfProvider: vi.fn(async (_options?: { expired?: boolean }) => false),
}));
vi.mock('../../features/auth/utils/sso-sign-out.ts', () => sso);

const calls: string[] = [];
const nowS = () => Math.floor(Date.now() / 1000);

beforeAll(() => installDomStubs());
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      const headers = new Headers({ 'Content-Type': 'application/json' });
      if (url.pathname === '/api/access/newJWT') {
        headers.set('Authorization', `Bearer ${fakeJwt(fullClaims({ exp: nowS() + 1800 }))}`);
        return new Response(JSON.stringify({ ok: true }), { status: 200, headers });
      }
      if (url.pathname === '/api/health') {
        return new Response(
          JSON.stringify({ status: 'ok', version: '0', database: 'embedded', delivery: 'live' }),
          { headers },
        );
      }
      return new Response(JSON.stringify({ id: 'not_found', message: 'Not found.' }), {
        status: 404,
        headers,
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
});

describe('session watcher (spec part 4)', () => {
  it('shows the m:ss countdown at 5 minutes or less; "Extend session" refreshes and confirms', async () => {
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 240 })));
    renderApp('/alerts');
    const notice = await screen.findByTestId('session-countdown');
    expect(notice.textContent).toMatch(/Your session expires in [34]:\d\d\./);
    fireEvent.click(screen.getByRole('button', { name: 'Extend session' }));
    expect(await screen.findByText('Session Extended')).toBeTruthy();
    expect(screen.getByText('Your session has been extended')).toBeTruthy();
    expect(calls).toContain('GET /api/access/newJWT');
    await waitFor(() => expect(screen.queryByTestId('session-countdown')).toBeNull());
  });

  it('the countdown can be dismissed', async () => {
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 200 })));
    renderApp('/alerts');
    await screen.findByTestId('session-countdown');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(screen.queryByTestId('session-countdown')).toBeNull();
  });

  it('refreshes by itself while active with 5 to 25 minutes left', async () => {
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 20 * 60 })));
    renderApp('/alerts');
    await waitFor(() => expect(calls).toContain('GET /api/access/newJWT'));
    await waitFor(() => expect((authStore.get().claims?.exp ?? 0) - nowS()).toBeGreaterThan(25 * 60));
  });

  it('does not refresh with more than 25 minutes left', async () => {
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 29 * 60 })));
    renderApp('/alerts');
    await screen.findByRole('heading', { level: 1, name: 'Alerts' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(calls).not.toContain('GET /api/access/newJWT');
  });

  it('at expiry of a single sign-on session: logout, then the identity provider ends its session too', async () => {
    sso.signOutOfProvider.mockResolvedValueOnce(true);
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 2 })));
    const { router } = renderApp('/alerts');
    await waitFor(() => expect(sso.signOutOfProvider).toHaveBeenCalledWith({ expired: true }), {
      timeout: 4000,
    });
    expect(authStore.get().jwt).toBeNull();
    // The browser leaves for the provider's end-session page: the console does not go to /login itself.
    expect(router.state.location.pathname).toBe('/alerts');
  });

  it('at expiry: logout, /login, "Your session has expired, please login."', async () => {
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 2 })));
    const { router } = renderApp('/alerts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4000 });
    expect(authStore.get().jwt).toBeNull();
    expect(getBanner()?.message).toBe('Your session has expired, please login.');
  });
});
