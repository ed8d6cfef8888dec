// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as ssoSignOut from '../../features/auth/utils/sso-sign-out.ts';
import { authStore } from '../../lib/auth-store.ts';
import { getBanner } from '../../lib/banner.ts';
import { SESSION_CHECK_MS } from '../../lib/session.ts';
import { fakeJwt, fullClaims, installDomStubs, renderApp } from '../../test/render.tsx';

// Spied, not mocked: the app's modules may already be loaded by an earlier file of the worker.
const signOutOfProvider = vi.spyOn(ssoSignOut, 'signOutOfProvider').mockResolvedValue(false);

const calls: string[] = [];
const nowS = () => Math.floor(Date.now() / 1000);
/**
 * The watcher's clock: its once-a-second check (setInterval) and Date are faked, so a test moves time on
 * instead of waiting for it. setTimeout stays real for React and Testing Library; install before rendering.
 */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
/** Lets `checks` once-a-second session checks run. */
const runChecks = (checks: number) => vi.advanceTimersByTimeAsync(checks * SESSION_CHECK_MS);
/**
 * How long the signed-in frame and the screen may take to first draw (lazy modules, real time): the default second
 * was too short under CI's load ("the countdown can be dismissed" found no countdown).
 */
const FIRST_DRAW = { timeout: 10_000 };

beforeAll(() => installDomStubs());
beforeEach(() => {
  calls.length = 0;
  signOutOfProvider.mockClear();
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
  vi.useRealTimers();
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
});

describe('session watcher (spec part 4)', () => {
  it('shows the m:ss countdown at 5 minutes or less; "Extend session" refreshes and confirms', async () => {
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 240 })));
    renderApp('/alerts');
    const notice = await screen.findByTestId('session-countdown', {}, FIRST_DRAW);
    expect(notice.textContent).toMatch(/Your session expires in [34]:\d\d\./);
    fireEvent.click(screen.getByRole('button', { name: 'Extend session' }));
    expect(await screen.findByText('Session Extended')).toBeTruthy();
    expect(screen.getByText('Your session has been extended')).toBeTruthy();
    expect(calls).toContain('GET /api/access/newJWT');
    await waitFor(() => expect(screen.queryByTestId('session-countdown')).toBeNull());
  });

  it('the countdown can be dismissed', async () => {
    fakeClock();
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 200 })));
    renderApp('/alerts');
    await screen.findByTestId('session-countdown', {}, FIRST_DRAW);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    // It stays dismissed through the checks that follow, while less and less time is left.
    await runChecks(3);
    expect(screen.queryByTestId('session-countdown')).toBeNull();
  });

  it('refreshes by itself while active with 5 to 25 minutes left', async () => {
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 20 * 60 })));
    renderApp('/alerts');
    await waitFor(() => expect(calls).toContain('GET /api/access/newJWT'));
    await waitFor(() => expect((authStore.get().claims?.exp ?? 0) - nowS()).toBeGreaterThan(25 * 60));
  });

  it('does not refresh with more than 25 minutes left', async () => {
    fakeClock();
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 25 * 60 + 3 })));
    renderApp('/alerts');
    await screen.findByRole('heading', { level: 1, name: 'Alerts' }, FIRST_DRAW);
    await runChecks(2);
    expect(calls).not.toContain('GET /api/access/newJWT');
    // The control: once 25 minutes are left, the next check refreshes.
    await runChecks(2);
    await vi.waitFor(() => expect(calls).toContain('GET /api/access/newJWT'), { timeout: 5_000 });
  });

  it('at expiry of a single sign-on session: logout, then the identity provider ends its session too', async () => {
    signOutOfProvider.mockResolvedValueOnce(true);
    fakeClock();
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 2 })));
    const { router } = renderApp('/alerts');
    await screen.findByTestId('session-countdown', {}, FIRST_DRAW);
    expect(signOutOfProvider).not.toHaveBeenCalled();
    await runChecks(2);
    await vi.waitFor(() => expect(signOutOfProvider).toHaveBeenCalledWith({ expired: true }), {
      timeout: 5_000,
    });
    expect(authStore.get().jwt).toBeNull();
    // The browser leaves for the provider's end-session page: the console does not go to /login itself.
    expect(router.state.location.pathname).toBe('/alerts');
  });

  it('a console left open with no input signs itself out 30 minutes after the last input (issue 37)', async () => {
    fakeClock();
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 30 * 60 })));
    const { router } = renderApp('/alerts');
    await screen.findByRole('heading', { level: 1, name: 'Alerts' }, FIRST_DRAW);
    // Idle after 2 minutes: the token is never renewed, so it is still the first one a minute before its end…
    await runChecks(29 * 60);
    expect(calls).not.toContain('GET /api/access/newJWT');
    expect(authStore.get().jwt).not.toBeNull();
    // …and at 30 minutes the console signs the person out.
    await runChecks(61);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5_000 });
    expect(authStore.get().jwt).toBeNull();
  }, 60_000);

  it('at expiry: logout, /login, "Your session has expired, please login."', async () => {
    fakeClock();
    authStore.setToken(fakeJwt(fullClaims({ exp: nowS() + 2 })));
    const { router } = renderApp('/alerts');
    await screen.findByTestId('session-countdown', {}, FIRST_DRAW);
    expect(authStore.get().jwt).not.toBeNull();
    await runChecks(2);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5_000 });
    expect(authStore.get().jwt).toBeNull();
    expect(getBanner()?.message).toBe('Your session has expired, please login.');
  });
});
