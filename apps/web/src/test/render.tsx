import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import '../lib/i18n.ts';
import { resetRouterState, routes } from '../app/router.tsx';
import { theme } from '../app/theme.ts';
import { queryClient } from '../lib/query-client.ts';

/** A media query's answer as jsdom lacks it: `matches` fixed, listeners ignored. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** jsdom lacks browser APIs Mantine reads (matchMedia, ResizeObserver, scrollTo). */
export function installDomStubs(): void {
  if (!window.matchMedia) window.matchMedia = (query: string) => mediaQueryList(query, false);
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  }
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
}

/** An unsigned token with the given claims (the client only decodes; the server verifies). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
}

export function fullClaims(overrides: Record<string, unknown> = {}) {
  return {
    sub: 'user@acme.example',
    exp: Math.floor(Date.now() / 1000) + 1800,
    iat: Math.floor(Date.now() / 1000),
    isMfaEnrolled: true,
    isMfaAppEnrolled: true,
    isMfaMobileEnrolled: false,
    isMfaVoiceEnrolled: false,
    userSmsNumber: null,
    userVoiceNumber: null,
    isCredExpired: false,
    isMfaValidated: true,
    isEmailValidated: true,
    role: 'USER',
    entitlements: [],
    ...overrides,
  };
}

/** Renders the whole app (real routes, guard and layouts) in a memory router at `path`. */
export function renderApp(path: string) {
  resetRouterState();
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, ...view };
}

/** A fresh query client (no retries) and Mantine, for rendering one component or screen alone. */
export function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return (
    <QueryClientProvider client={client}>
      <MantineProvider>{children}</MantineProvider>
    </QueryClientProvider>
  );
}

/** Renders the given routes (not the app's) in a memory router at `path`, inside `Providers`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
