// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { SsoApp } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { clearBanner, getBanner } from '../../../lib/banner.ts';
import { i18n } from '../../../lib/i18n.ts';
import { readJson, StorageKeys } from '../../../lib/storage.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { Component as SsoCallback } from '../routes/sso-callback.tsx';
import * as ssoCallback from '../utils/sso-callback.ts';
import {
  otherApps,
  processSsoCallback,
  SSO_CALLBACK_WAIT_MS,
  type SsoCallbackSteps,
} from '../utils/sso-callback.ts';

const APPS: SsoApp[] = [
  { name: 'Billing', url: 'https://billing.example', isThisApp: false, sortOrder: 20 },
  { name: 'vNOC', url: '/', isThisApp: true, sortOrder: 0 },
  { name: 'Tickets', url: 'https://tickets.example', isThisApp: false, sortOrder: 5 },
];
const SESSION = fakeJwt(fullClaims({ sub: 'admin@acme.example' }));

/** The exchange as the API client does it: the answer's Authorization header is stored, the body returned. */
function steps(overrides: Partial<SsoCallbackSteps> = {}): SsoCallbackSteps & { exchanged: string[] } {
  const exchanged: string[] = [];
  return {
    exchanged,
    finish: async () => ({
      kind: 'authenticated',
      accessToken: 'provider-access-token',
      originalUri: '/alerts',
    }),
    exchange: async (accessToken) => {
      exchanged.push(accessToken);
      authStore.setToken(SESSION);
      return APPS;
    },
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    ...overrides,
  };
}

beforeAll(installDomStubs);
beforeEach(async () => {
  authStore.logout();
  clearBanner();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('otherApps', () => {
  it('keeps the other apps, sorted by sortOrder (spec part 4)', () => {
    expect(otherApps(APPS).map((a) => a.name)).toEqual(['Tickets', 'Billing']);
    expect(otherApps([])).toEqual([]);
  });
});

describe('processSsoCallback', () => {
  it('waits 500 ms, logs out first, stores the token and the other apps, then leads to originalUri', async () => {
    vi.useFakeTimers();
    // A previous session's leftovers are removed by the logout that comes first.
    authStore.setToken(fakeJwt(fullClaims({ sub: 'someone-else@acme.example' })));
    window.localStorage.setItem(StorageKeys.filters, '[{"key":"old"}]');
    const s = steps();
    const outcome = processSsoCallback('http://localhost/login/callback?code=c&state=s', s);
    await vi.advanceTimersByTimeAsync(SSO_CALLBACK_WAIT_MS - 1);
    expect(s.exchanged).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual({ kind: 'signed-in', to: '/alerts' });
    expect(s.exchanged).toEqual(['provider-access-token']);
    expect(authStore.get().jwt).toBe(SESSION);
    expect(authStore.get().claims?.isMfaValidated).toBe(true);
    expect(readJson<SsoApp[]>(StorageKeys.apps)?.map((a) => a.name)).toEqual(['Tickets', 'Billing']);
    expect(window.localStorage.getItem(StorageKeys.filters)).toBeNull();
  });

  it('is not authenticated without an identity-provider session, and exchanges nothing', async () => {
    const s = steps({ finish: async () => ({ kind: 'not-authenticated' }), wait: async () => {} });
    expect(await processSsoCallback('http://localhost/login/callback', s)).toEqual({
      kind: 'not-authenticated',
    });
    expect(s.exchanged).toEqual([]);
  });

  it('fails when the provider exchange breaks or the API refuses the token, leaving no session', async () => {
    const broken = steps({ finish: () => Promise.reject(new Error('state mismatch')), wait: async () => {} });
    expect(await processSsoCallback('http://localhost/login/callback?code=c&state=s', broken)).toEqual({
      kind: 'failed',
    });
    const refused = steps({ exchange: () => Promise.reject(new Error('401')), wait: async () => {} });
    expect(await processSsoCallback('http://localhost/login/callback?code=c&state=s', refused)).toEqual({
      kind: 'failed',
    });
    expect(authStore.get().jwt).toBeNull();
    expect(readJson(StorageKeys.apps)).toBeNull();
  });
});

describe('/login/callback screen', () => {
  const render = (search: string) =>
    renderRoutes(
      [
        { path: '/login/callback', Component: SsoCallback },
        { path: '/login', element: <p>login screen</p> },
      ],
      `/login/callback${search}`,
    );

  it("without an identity-provider session: 'Okta user not authenticated. Please try again.' and /login", async () => {
    // The screen's answer to each outcome (the steps to an outcome are tested above). Spied, not mocked: the
    // screen's modules may already be loaded by an earlier file of the worker.
    vi.spyOn(ssoCallback, 'processSsoCallback').mockResolvedValue({ kind: 'not-authenticated' });
    window.history.replaceState(null, '', '/login/callback?first');
    render('');
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(getBanner()).toMatchObject({
      type: 'danger',
      message: 'Okta user not authenticated. Please try again.',
    });
  });

  it("any other failure: 'An error occurred during authentication.' on the screen, in Spanish too", async () => {
    await i18n.changeLanguage('es');
    vi.spyOn(ssoCallback, 'processSsoCallback').mockResolvedValue({ kind: 'failed' });
    window.history.replaceState(null, '', '/login/callback?second');
    render('');
    await waitFor(() =>
      expect(screen.getByTestId('callback-error').textContent).toBe(
        'Se produjo un error durante la autenticación.',
      ),
    );
  });
});
