// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type { Organization, Role } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { ORG_ID, organization, user } from '../../../test/organization-fixtures.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { Component as MyOrganization } from './organization.tsx';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let failing: boolean;
let stored: Organization;

beforeAll(() => installDomStubs());
beforeEach(() => {
  void i18n.changeLanguage('en');
  failing = false;
  stored = structuredClone(organization);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/userProfile') return answer(user(authStore.get().claims?.role ?? 'USER'));
      if (failing) return answer({ id: 'internal', message: 'The organization store is down.' }, 500);
      if (url.pathname === `/api/organization/${ORG_ID}`) return answer(stored);
      return answer({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
});

function signIn(role: Role) {
  authStore.setToken(fakeJwt(fullClaims({ role })));
  authStore.setUser(user(role));
}

const open = (path: string, Component: () => React.ReactNode) =>
  renderRoutes([{ path, Component, handle: { name: 'X', title: 'titles.organization' } }], path);

describe('Settings → My Organization', () => {
  it("shows every member the details, administrators, contacts and the provider's support", async () => {
    signIn('READ_ONLY');
    open('/settings/organization', MyOrganization);
    expect((await screen.findByTestId('organization-description')).textContent).toBe('Retail stores');
    expect(within(screen.getByTestId('administrators')).getByText('Ada Admin')).toBeTruthy();
    const support = within(screen.getByTestId('support-contact'));
    expect(support.getByText('Provider support')).toBeTruthy();
    expect(support.getByRole('link', { name: 'support@vnoc.example' }).getAttribute('href')).toBe(
      'mailto:support@vnoc.example',
    );
    expect(screen.getAllByTestId('member-contact')).toHaveLength(1);
  });

  it('names an organization support contact, and says when there are no contacts or administrators', async () => {
    stored = {
      ...organization,
      contacts: [],
      administrators: [],
      supportContact: { source: 'organization', name: 'Help Desk', email: null, phone: '+15125550100' },
    };
    signIn('USER');
    open('/settings/organization', MyOrganization);
    expect(await screen.findByText('Help Desk')).toBeTruthy();
    // Stored in international form, shown as people read it once the formatter has loaded.
    expect((await screen.findByRole('link', { name: '+1 512 555 0100' })).getAttribute('href')).toBe(
      'tel:+15125550100',
    );
    expect(screen.getByTestId('member-contacts-empty')).toBeTruthy();
    expect(screen.getByTestId('administrators-empty')).toBeTruthy();
  });

  it('shows a failure', async () => {
    signIn('USER');
    failing = true;
    open('/settings/organization', MyOrganization);
    expect((await screen.findByRole('alert')).textContent).toContain('The organization store is down.');
  });
});
