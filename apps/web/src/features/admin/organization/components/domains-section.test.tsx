// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Organization, User } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../lib/auth-store.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../../test/render.tsx';
import { Component as AdminOrganization } from '../../routes/organization.tsx';
import { mailboxesFor } from './domains-section.tsx';

const ORG_ID = '11111111-1111-4111-8111-111111111111';
const me: User = {
  id: 'u-1',
  creationDate: '2026-01-01T00:00:00.000Z',
  username: 'ada@acme.example',
  role: 'ADMINISTRATOR',
  organization: { id: ORG_ID, name: 'Acme' },
  contact: { firstName: 'Ada', lastName: 'Admin' } as User['contact'],
  userPreferences: [],
  siteGroups: [],
  managedUsers: [],
};

function organizationWith(domains: Array<{ domain: string; state: 'pending' | 'verified' }>): Organization {
  return {
    id: ORG_ID,
    name: 'Acme',
    description: null,
    entitlements: [],
    contacts: [],
    administrators: [{ id: 'u-1', name: 'Ada Admin', email: 'ada@acme.example' }],
    supportContact: { source: 'provider', name: null, email: 'support@vnoc.example', phone: null },
    settings: {
      selfRegistration: false,
      emailDomains: domains.map((d) => d.domain),
      domains,
      supportAccess: true,
      ssoIssuer: null,
      ssoClientId: null,
    },
  };
}

const answer = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

let stored: Organization;
/** What the next send / verify answers: the organization (verify), 204 (send), or an error body and status. */
let sendAnswer: () => Response;
let verifyAnswer: () => Response;
const calls: { method: string; path: string; body: unknown }[] = [];

beforeAll(() => {
  installDomStubs();
  // The description's autosizing textarea listens to font loading, which jsdom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
beforeEach(() => {
  void i18n.changeLanguage('en');
  calls.length = 0;
  stored = organizationWith([
    { domain: 'acme.example', state: 'verified' },
    { domain: 'acme-stores.example', state: 'pending' },
  ]);
  sendAnswer = () => answer(null, 204);
  verifyAnswer = () => {
    stored = organizationWith([
      { domain: 'acme.example', state: 'verified' },
      { domain: 'acme-stores.example', state: 'verified' },
    ]);
    return answer(stored);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === '/api/userProfile') return answer(me);
      if (url.pathname === `/api/organization/${ORG_ID}/domains/verification-email`) return sendAnswer();
      if (url.pathname === `/api/organization/${ORG_ID}/domains/verify`) return verifyAnswer();
      if (url.pathname === `/api/organization/${ORG_ID}`) return answer(stored);
      return answer({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
  authStore.setToken(fakeJwt(fullClaims({ role: 'ADMINISTRATOR' })));
  authStore.setUser(me);
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
});

const open = (path = '/admin/organization') =>
  renderRoutes(
    [
      {
        path: '/admin/organization',
        Component: AdminOrganization,
        handle: { name: 'X', title: 'titles.organization' },
      },
    ],
    path,
  );
const section = async () => within(await screen.findByTestId('organization-domains'));

describe('Administration → Organization → email domain verification', () => {
  it('lists each domain with its state; only pending ones offer a verification email', async () => {
    open();
    const domains = await section();
    const rows = domains.getAllByTestId('domain-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'acme.exampleVerified',
      'acme-stores.examplePendingSend verification email for acme-stores.example',
    ]);
    expect(domains.getAllByRole('button', { name: /Send verification email/ })).toHaveLength(1);
    expect(domains.getByLabelText('Verification code')).toBeTruthy();
  });

  it('support acting as an administrator sees the domains locked, with the reason (issue 34)', async () => {
    authStore.setToken(fakeJwt(fullClaims({ role: 'ADMINISTRATOR', impersonatedBy: 'sue@vnoc.example' })));
    open();
    const domains = await section();
    expect(domains.getByTestId('organization-domains-not-for-support').textContent).toBe(
      'Support staff cannot change this while acting as a customer.',
    );
    const send = domains.getByRole('button', { name: /Send verification email/ }) as HTMLButtonElement;
    // A disabled fieldset disables every control in it (the browser sends no click to them).
    expect((send.closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect(
      (domains.getByLabelText('Verification code').closest('fieldset') as HTMLFieldSetElement).disabled,
    ).toBe(true);
  });

  it('says when there are no domains, with no code entry', async () => {
    stored = organizationWith([]);
    open();
    const domains = await section();
    expect(domains.getByTestId('domains-empty').textContent).toBe(
      'No email domains yet. Add them under Who may join and save.',
    );
    expect(domains.queryByLabelText('Verification code')).toBeNull();
  });

  it('sends the code to the chosen mailbox, own address first, and says where it went', async () => {
    open();
    const domains = await section();
    const action = domains.getByRole('button', { name: 'Send verification email for acme-stores.example' });
    expect(action.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(action);
    const select = domains.getByLabelText('Send the code for acme-stores.example to') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(mailboxesFor('acme-stores.example', undefined));
    fireEvent.change(select, { target: { value: 'postmaster@acme-stores.example' } });
    fireEvent.click(domains.getByRole('button', { name: 'Send verification email' }));
    expect((await domains.findByRole('status')).textContent).toBe(
      'A verification email is on its way to postmaster@acme-stores.example. It expires in 24 hours.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/api/organization/${ORG_ID}/domains/verification-email`,
        body: { domain: 'acme-stores.example', email: 'postmaster@acme-stores.example' },
      },
    ]);
    expect(mailboxesFor('acme.example', 'Ada@Acme.example')[0]).toBe('ada@acme.example');
  });

  it("shows the server's refusal of a send next to the form", async () => {
    sendAnswer = () =>
      answer({ id: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' }, 429);
    open();
    const domains = await section();
    fireEvent.click(domains.getByRole('button', { name: /Send verification email for/ }));
    fireEvent.click(domains.getByRole('button', { name: 'Send verification email' }));
    expect((await domains.findByRole('alert')).textContent).toContain('Too many requests');
    expect(domains.queryByRole('status')).toBeNull();
  });

  it("the email's link fills the code in; verifying marks the domain verified", async () => {
    open('/admin/organization?domainCode=ABCD2345');
    const domains = await section();
    const input = domains.getByLabelText('Verification code') as HTMLInputElement;
    expect(input.value).toBe('ABCD2345');
    fireEvent.click(domains.getByRole('button', { name: 'Verify domain' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('organization-domains'))
          .getAllByTestId('domain-row')
          .map((r) => r.textContent),
      ).toEqual(['acme.exampleVerified', 'acme-stores.exampleVerified']),
    );
    expect(calls.find((c) => c.path.endsWith('/domains/verify'))?.body).toEqual({ code: 'ABCD2345' });
  });

  it('a malformed code is refused before sending; a wrong one shows the refusal', async () => {
    verifyAnswer = () => answer({ id: 'code_invalid', message: 'This code is wrong.' }, 400);
    open();
    const domains = await section();
    const input = domains.getByLabelText('Verification code');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await domains.findByText('Enter the 8-character code from the email.')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/domains/verify'))).toBe(false);

    fireEvent.change(input, { target: { value: 'abcd-2345' } });
    fireEvent.click(domains.getByRole('button', { name: 'Verify domain' }));
    expect((await domains.findByRole('alert')).textContent).toBe('Code is not valid. Please try again.');
    expect(calls.find((c) => c.path.endsWith('/domains/verify'))?.body).toEqual({ code: 'ABCD2345' });
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    open();
    const domains = await section();
    expect(domains.getByText('Pendiente')).toBeTruthy();
    expect(domains.getByText('Verificado')).toBeTruthy();
    expect(domains.getByLabelText('Código de verificación')).toBeTruthy();
  });
});
