import { cleanup } from '@testing-library/react';
import type { Organization, Role, User } from '@vnoc/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { i18n } from '../lib/i18n.ts';
import { fakeJwt, fullClaims, renderRoutes } from './render.tsx';

// The organization and its member the organization screens' tests (administration and settings) share.

export const ORG_ID = '11111111-1111-4111-8111-111111111111';

export function user(role: Role): User {
  return {
    id: 'u-1',
    creationDate: '2026-01-01T00:00:00.000Z',
    username: 'ada@acme.example',
    role,
    organization: { id: ORG_ID, name: 'Acme' },
    contact: { firstName: 'Ada', lastName: 'Admin' } as User['contact'],
    userPreferences: [],
    siteGroups: [],
    managedUsers: [],
  };
}

export const organization: Organization = {
  id: ORG_ID,
  name: 'Acme',
  description: 'Retail stores',
  entitlements: ['diagnostics'],
  contacts: [{ name: 'Grace Hopper', role: 'Facilities', email: 'grace@acme.example', phone: null }],
  administrators: [{ id: 'u-1', name: 'Ada Admin', email: 'ada@acme.example' }],
  supportContact: { source: 'provider', name: null, email: 'support@vnoc.example', phone: null },
  settings: {
    selfRegistration: false,
    emailDomains: ['acme.example'],
    domains: [{ domain: 'acme.example', state: 'verified' }],
    supportAccess: true,
    ssoIssuer: null,
    ssoClientId: null,
  },
};

/** Signs in as the fixture's member with this role. */
export function signIn(role: Role) {
  authStore.setToken(fakeJwt(fullClaims({ role })));
  authStore.setUser(user(role));
}

/** Renders an organization screen at `path`. */
export const open = (path: string, Component: () => React.ReactNode) =>
  renderRoutes([{ path, Component, handle: { name: 'X', title: 'titles.organization' } }], path);

export const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type FakeCall = { method: string; url: URL; body: unknown };

/** What the fake organization API holds and was asked; a test changes it between its steps. */
export type FakeOrganizationApi = { failing: boolean; stored: Organization; calls: FakeCall[] };

/**
 * Fakes the API the organization screens call (the signed-in profile, reading and saving the
 * organization, a 500 while `failing`), with `more` for a test file's own paths, and registers the hooks
 * that install it before each test and remove it after.
 */
export function fakeOrganizationApi(more?: (call: FakeCall) => Response | undefined): FakeOrganizationApi {
  const api: FakeOrganizationApi = { failing: false, stored: structuredClone(organization), calls: [] };
  beforeEach(() => {
    void i18n.changeLanguage('en');
    api.failing = false;
    api.stored = structuredClone(organization);
    api.calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        const method = init?.method ?? 'GET';
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        api.calls.push({ method, url, body });
        if (url.pathname === '/api/userProfile') return answer(user(authStore.get().claims?.role ?? 'USER'));
        if (api.failing) return answer({ id: 'internal', message: 'The organization store is down.' }, 500);
        if (url.pathname === `/api/organization/${ORG_ID}` && method === 'PUT') {
          api.stored = { ...api.stored, ...body };
          return answer(api.stored);
        }
        if (url.pathname === `/api/organization/${ORG_ID}`) return answer(api.stored);
        return more?.({ method, url, body }) ?? answer({ id: 'not_found', message: 'Not found.' }, 404);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    authStore.logout();
    vi.unstubAllGlobals();
  });
  return api;
}
