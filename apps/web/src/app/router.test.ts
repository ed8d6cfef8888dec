// @vitest-environment jsdom

import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { queryClient } from '../lib/query-client.ts';
import { isRouteHandle, type RouteHandle } from '../lib/route-handle.ts';
import { resetRouterState, routes } from './router.tsx';

function collect(list: RouteObject[], parent = ''): Map<string, RouteHandle | null> {
  const out = new Map<string, RouteHandle | null>();
  for (const route of list) {
    const path = route.path
      ? `${parent.replace(/\/$/, '')}/${route.path}`.replace(/\/+/g, '/')
      : parent || '/';
    if (route.path || route.index) out.set(path, isRouteHandle(route.handle) ? route.handle : null);
    if (route.children)
      for (const [k, v] of collect(route.children, path)) if (!out.has(k) || v) out.set(k, v);
  }
  return out;
}

const table = collect(routes);

function token(role: string, extra: Record<string, unknown> = {}): string {
  const payload = {
    sub: 'user@acme.example',
    exp: Math.floor(Date.now() / 1000) + 1800,
    isMfaEnrolled: true,
    isMfaAppEnrolled: true,
    isMfaMobileEnrolled: false,
    isMfaVoiceEnrolled: false,
    userSmsNumber: null,
    userVoiceNumber: null,
    isCredExpired: false,
    isMfaValidated: true,
    isEmailValidated: true,
    role,
    entitlements: [],
    ...extra,
  };
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;
}

async function visit(paths: string[]) {
  const router = createMemoryRouter(routes, { initialEntries: [paths[0] ?? '/'] });
  await router.initialize();
  await waitIdle(router);
  for (const path of paths.slice(1)) {
    await router.navigate(path);
    await waitIdle(router);
  }
  const location = router.state.location.pathname;
  router.dispose();
  return location;
}

/** Resolves once the router is initialized and no navigation is under way (told by the router, not polled). */
function waitIdle(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  const idle = () => router.state.navigation.state === 'idle' && router.state.initialized;
  if (idle()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe(() => {
      if (!idle()) return;
      stop();
      resolve();
    });
  });
}

beforeEach(() => resetRouterState());
// A test's sign-in ends with it, and so do the prefetches it started (and their retries).
afterEach(async () => {
  authStore.logout();
  await queryClient.cancelQueries();
  queryClient.clear();
});

describe('routes of spec part 2', () => {
  it.each([
    ['/dashboard', 'Dashboards', 'titles.dashboards'],
    ['/dashboard/:did', 'Dashboard', 'titles.dashboard'],
    ['/sites', 'AllSites', 'titles.sites'],
    ['/sites/:id', 'Site', 'titles.siteOverview'],
    ['/sites/:id/device/:deviceId', 'Device', 'titles.device'],
    ['/sites/map', 'SitesMap', 'titles.sitesMap'],
    ['/sites/search', 'AdvancedSearch', 'titles.advancedSearch'],
    ['/devices', 'AllDevices', 'titles.allDevices'],
    ['/alerts', 'Alerts', 'titles.alerts'],
    ['/tickets', 'Tickets', 'titles.tickets'],
    ['/tickets/:id', 'Ticket', 'titles.ticket'],
    ['/reports', 'Reports', 'titles.reports'],
    ['/reports/:id', 'Report', 'titles.report'],
    ['/settings/profile', 'Profile', 'titles.profile'],
    ['/settings/organization', 'MyOrganization', 'titles.myOrganization'],
    ['/settings/groups', 'Groups', 'titles.groups'],
    ['/settings/notifications', 'Notifications', 'titles.notifications'],
    ['/admin/organization', 'AdminOrganization', 'titles.organization'],
    ['/admin/users', 'AdminUsers', 'titles.users'],
    ['/login', 'Login', 'titles.login'],
    ['/register', 'Register', 'titles.register'],
    ['/organization-lookup', 'OrganizationLookup', 'titles.organizationLookup'],
    ['/email-validation', 'EmailValidation', 'titles.emailValidation'],
    ['/multi-factor-auth', 'MultiFactorEnroll', 'titles.multiFactorEnroll'],
    ['/update-password', 'UpdatePassword', 'titles.updatePassword'],
    ['/authentication', 'MultiFactorAuth', 'titles.multiFactorAuth'],
    ['/forgot-password', 'ForgotPassword', 'titles.forgotPassword'],
    ['/forgot-password-confirm', 'ForgotPasswordConfirm', 'titles.forgotPasswordConfirm'],
    ['/maintenance', 'Maintenance', 'titles.maintenance'],
    ['/impersonate', 'Impersonate', 'titles.impersonate'],
    ['/login/callback', 'LoginCallback', 'titles.loginCallback'],
    ['/login/callback/oauth', 'LoginCallbackOauth', 'titles.loginCallback'],
    ['/login/callback/login-via-okta', 'LoginViaOkta', 'titles.loginCallback'],
    ['/*', 'NotFound', 'titles.notFound'],
  ])('%s is %s', (path, name, title) => {
    expect(table.get(path)).toMatchObject({ name, title });
  });

  it.each([
    ['/sites/:id/device/:deviceId', 'breadcrumb.sites'],
    ['/tickets/:id', 'breadcrumb.tickets'],
    ['/settings/profile', 'breadcrumb.settings'],
    ['/settings/groups', 'breadcrumb.settings'],
    ['/admin/users', 'breadcrumb.administration'],
  ])('%s has the %s breadcrumb', (path, crumb) => {
    expect(table.get(path)?.breadcrumb?.[0]?.label).toBe(crumb);
  });
});

describe('redirects and the guard, through the router', () => {
  it.each([
    ['/', '/dashboard'],
    ['/site/17', '/sites/17'],
    ['/profile', '/settings/profile'],
    ['/settings', '/settings/profile'],
    ['/admin', '/admin/organization'],
  ])('ADMINISTRATOR: %s → %s', async (from, to) => {
    authStore.setToken(token('ADMINISTRATOR'));
    expect(await visit([from])).toBe(to);
  });

  it('signed out, /alerts → /login', async () => {
    expect(await visit(['/alerts'])).toBe('/login');
  });

  it('a USER visiting /admin/users stays where it was', async () => {
    authStore.setToken(token('USER'));
    expect(await visit(['/alerts', '/admin/users'])).toBe('/alerts');
  });

  it('a USER opening /sites/search first goes to /dashboard', async () => {
    authStore.setToken(token('USER'));
    expect(await visit(['/sites/search'])).toBe('/dashboard');
  });

  it('a stored captivity path wins', async () => {
    authStore.setToken(token('USER', { isMfaValidated: false }));
    authStore.setCaptivity('/authentication');
    expect(await visit(['/dashboard'])).toBe('/authentication');
  });
});

describe('the code screen (spec part 4 sign-in)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** An ADMINISTRATOR on the code screen, every path the API is asked for recorded. */
  async function onTheCodeScreen() {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        asked.push(new URL(String(input)).pathname);
        return new Response('[]', { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    authStore.setToken(token('ADMINISTRATOR', { isMfaValidated: false }));
    authStore.setCaptivity('/authentication');
    const router = createMemoryRouter(routes, { initialEntries: ['/authentication'] });
    await router.initialize();
    await waitIdle(router);
    return { asked, router };
  }

  /**
   * Everything the code screen started has run its course: every module it imports has loaded (and what runs
   * after those imports with it), and no query is in flight. Only then does "nothing was asked" mean something.
   */
  async function settled() {
    await vi.dynamicImportSettled();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  }

  it("asks nothing of the API while the code is typed, and the default dashboard's data once it is accepted", async () => {
    const { asked, router } = await onTheCodeScreen();
    expect(router.state.location.pathname).toBe('/authentication');
    await settled();
    expect(asked).toEqual([]);
    // The code accepted: a complete session, still on the code screen (the user record is fetched before `/`).
    authStore.setToken(token('ADMINISTRATOR'));
    await vi.waitFor(() => expect(asked).toContain('/api/dashboard/all'), { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/authentication');
    router.dispose();
  });

  it('a sign-out as the code is accepted asks for no widget data', async () => {
    const { asked, router } = await onTheCodeScreen();
    // The complete session asks for the dashboards list at once (from the entry, while it was complete); the
    // widgets' data module is still to load when the session ends, and then asks nothing.
    authStore.setToken(token('ADMINISTRATOR'));
    authStore.logout();
    await settled();
    expect(asked).toEqual(['/api/dashboard/all']);
    router.dispose();
  });
});
