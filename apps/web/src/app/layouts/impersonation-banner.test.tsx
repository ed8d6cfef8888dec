// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { i18n } from '../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../test/render.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import type { BannerClock } from './support-session-banner.tsx';

// Issue 37: the support session's banner names whom support acts as and how their acts are recorded, counts
// down to the session's real end (the server's answer), and its button ends the session on the server.

const T0 = Date.parse('2026-03-02T15:00:00.000Z');
const calls: string[] = [];

/** A clock the test moves: `tick` runs what the banner asked to run every second. */
function manualClock() {
  let now = T0;
  let tick: () => void = () => undefined;
  const clock: BannerClock = {
    now: () => now,
    every: (_ms, fn) => {
      tick = fn;
      return () => undefined;
    },
  };
  return {
    clock,
    advance(ms: number) {
      now += ms;
      act(() => tick());
    },
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeAll(() => installDomStubs());
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/access/impersonation' && init?.method === 'DELETE')
        return json({ ok: true });
      if (url.pathname === '/api/access/impersonation')
        return json({
          user: { id: 'u1', name: 'Uriel Operator', email: 'uriel@acme.example' },
          organization: { id: 'o1', name: 'Acme Retail' },
          support: { id: 's1', name: 'Sam Support', email: 'sam@vnoc.example' },
          // The server's end, not the token's: 42 min 5 s from the clock's start.
          endsAt: new Date(T0 + 42 * 60_000 + 5_000).toISOString(),
        });
      return json({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
  authStore.setToken(
    fakeJwt(
      fullClaims({
        sub: 'uriel@acme.example',
        impersonatedBy: 'sam@vnoc.example',
        impersonationEnds: Math.floor(T0 / 1000) + 3600,
      }),
    ),
  );
});
afterEach(async () => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderBanner(clock: BannerClock) {
  return renderRoutes(
    [
      { path: '/alerts', element: <ImpersonationBanner clock={clock} /> },
      { path: '/login', element: <p>Sign in</p> },
    ],
    '/alerts',
  );
}

describe('impersonation banner', () => {
  it('names the person and the support person, and counts down to the real end second by second', async () => {
    const { clock, advance } = manualClock();
    renderBanner(clock);
    const banner = await screen.findByTestId('impersonation-banner');
    await waitFor(() =>
      expect(banner.textContent).toContain('Uriel Operator (uriel@acme.example) of Acme Retail'),
    );
    expect(banner.textContent).toContain('Sam Support (vNOC support) for Uriel Operator');
    expect(banner.textContent).not.toContain('Impersonate:active');
    expect(screen.getByTestId('impersonation-time-left').textContent).toBe('42:05');
    advance(2_000);
    expect(screen.getByTestId('impersonation-time-left').textContent).toBe('42:03');
    advance(42 * 60_000);
    expect(screen.getByTestId('impersonation-time-left').textContent).toBe('0:03');
    advance(60_000);
    expect(screen.getByTestId('impersonation-time-left').textContent).toBe('0:00');
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderBanner(manualClock().clock);
    const banner = await screen.findByTestId('impersonation-banner');
    await waitFor(() =>
      expect(banner.textContent).toContain('Sam Support (soporte de vNOC) en nombre de Uriel Operator'),
    );
    expect(banner.textContent).toContain('Sesión de soporte');
    expect(screen.getByRole('button', { name: 'Terminar la sesión' })).toBeTruthy();
  });

  it('End session ends it on the server, signs this tab out and goes to /login', async () => {
    const { router } = renderBanner(manualClock().clock);
    fireEvent.click(await screen.findByRole('button', { name: 'End session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toContain('DELETE /api/access/impersonation');
    expect(authStore.get().jwt).toBeNull();
  });

  it('is not shown outside a support session', async () => {
    authStore.setToken(fakeJwt(fullClaims()));
    renderBanner(manualClock().clock);
    await act(async () => {});
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
    expect(calls).not.toContain('GET /api/access/impersonation');
  });
});
