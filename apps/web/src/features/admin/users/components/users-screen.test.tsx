// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUser, User } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../lib/auth-store.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../../test/render.tsx';
import { UsersScreen } from './users-screen.tsx';

const ORG = '0d3c5f1e-6a43-4c1e-9b7a-5c1a7e0a0001';
/** The clock the screen reads: stopped, so "3 minutes ago" does not depend on how long rendering takes. */
const NOW = new Date('2026-11-29T10:00:00.000Z');
const person = (overrides: Partial<AdminUser>): AdminUser => ({
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@acme.example',
  phone: null,
  role: 'ADMINISTRATOR',
  status: 'active',
  invitationPending: false,
  siteGroups: [],
  mfaMethods: ['app'],
  lastSignInAt: new Date(NOW.getTime() - 3 * 60_000).toISOString(),
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const page = (content: AdminUser[]) => ({
  content,
  page: 0,
  pageSize: 50,
  totalElements: content.length,
  totalPages: 1,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let usersAnswer: () => Response;
let requests: { method: string; path: string; query: string; body: unknown }[];

beforeAll(() => installDomStubs());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  requests = [];
  authStore.setUser({ id: 'me', organization: { id: ORG, name: 'Acme Retail' } } as unknown as User);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      requests.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.search,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === '/api/userProfile/users') return usersAnswer();
      if (url.pathname === '/api/group') return json([{ id: 'g1', name: 'Flagship stores', siteIds: [] }]);
      if (url.pathname.endsWith('/approve')) return new Response(null, { status: 204 });
      if (url.pathname === '/api/userProfile/edit') return new Response(null, { status: 204 });
      return json({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authStore.setUser(null);
  authStore.clearClaims();
  await i18n.changeLanguage('en');
});

const open = (path = '/admin/users') =>
  renderRoutes([{ path: '/admin/users', element: <UsersScreen /> }], path);

describe('Administration → Users', () => {
  it("lists the organization's people with status, groups, MFA and last sign-in", async () => {
    usersAnswer = () =>
      json(
        page([
          person({}),
          person({
            id: 'u2',
            firstName: 'Nadia',
            lastName: 'Newhire',
            email: 'newhire@acme.example',
            role: 'READ_ONLY',
            status: 'pending',
            mfaMethods: [],
            lastSignInAt: null,
            siteGroups: [{ id: 'g1', name: 'Flagship stores' }],
          }),
        ]),
      );
    open();
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/userProfile/users')?.query).toContain(
      `organizationId=${ORG}`,
    );
    const pendingRow = screen.getByText('Nadia Newhire').closest('tr') as HTMLElement;
    expect(within(pendingRow).getByText('Waiting for approval')).toBeTruthy();
    expect(within(pendingRow).getByText('Flagship stores')).toBeTruthy();
    expect(within(pendingRow).getByText('Never')).toBeTruthy();
    expect(within(pendingRow).getByText('Not set up')).toBeTruthy();
    const adaRow = screen.getByText('Ada Admin').closest('tr') as HTMLElement;
    expect(within(adaRow).getByText('3 minutes ago')).toBeTruthy();
    expect(within(adaRow).getByText('Authenticator app')).toBeTruthy();

    fireEvent.click(within(pendingRow).getByRole('button', { name: 'Approve Nadia Newhire' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/api/userProfile/user/u2/approve')).toBe(
        true,
      ),
    );
  });

  it.each([
    ['active', 1],
    ['deactivated', 0],
  ] as const)(
    'an invited %s person: %i "Send a new invitation" (nothing is sent to an inactive account)',
    async (status, offered) => {
      usersAnswer = () =>
        json(
          page([
            person({ id: 'u3', firstName: 'Ivy', lastName: 'Invited', invitationPending: true, status }),
          ]),
        );
      open();
      fireEvent.click(await screen.findByRole('button', { name: 'More actions for Ivy Invited' }));
      await screen.findByRole('menuitem', { name: 'Edit' });
      // The menu's items come together (some still hidden while it fades in: read by their text).
      const items = screen.getAllByRole('menuitem', { hidden: true }).map((item) => item.textContent);
      expect(items.filter((text) => text === 'Send a new invitation')).toHaveLength(offered);
    },
  );

  it('shows the empty state, and a filtered empty state that clears the search', async () => {
    usersAnswer = () => json(page([]));
    const { router } = open('/admin/users?q=zzz');
    expect(await screen.findByText('Nobody matches')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/userProfile/users')?.query).toContain('q=zzz');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(await screen.findByText('No people yet')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('shows the error with a retry, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    usersAnswer = () => json({ id: 'forbidden', message: 'You are not allowed to do this.' }, 403);
    open();
    expect(await screen.findByRole('button', { name: /reintentar/i })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Añadir una persona' })).toBeTruthy();
  });

  it('the create form checks the fields before sending anything', async () => {
    usersAnswer = () => json(page([person({})]));
    open();
    await screen.findByText('Ada Admin');
    fireEvent.click(screen.getByRole('button', { name: 'Add a person' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Email address/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the first name.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('support acting as an administrator cannot add, approve, invite or edit people (issue 34)', async () => {
    authStore.setToken(fakeJwt(fullClaims({ role: 'ADMINISTRATOR', impersonatedBy: 'sue@vnoc.example' })));
    usersAnswer = () =>
      json(page([person({ id: 'u2', firstName: 'Nadia', lastName: 'Newhire', status: 'pending' })]));
    open();
    await screen.findByText('Nadia Newhire');
    expect(
      screen.getByText(
        'Support staff cannot add, invite, approve or edit people while acting as a customer.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add a person' }) as HTMLButtonElement).disabled).toBe(true);
    const row = screen.getByText('Nadia Newhire').closest('tr') as HTMLElement;
    const approve = within(row).getByRole('button', { name: 'Approve Nadia Newhire' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    fireEvent.click(approve);
    fireEvent.click(row);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method !== 'GET')).toBe(false);
  });

  it.each([
    ['en', 'Make Uriel User an administrator?', 'Make administrator', 'Back', 'Save', 'Administrator'],
    ['es', '¿Hacer administrador a Uriel User?', 'Hacer administrador', 'Volver', 'Guardar', 'Administrador'],
  ])(
    'making someone an administrator asks first (%s, issue 37)',
    async (language, question, yes, back, save, role) => {
      await i18n.changeLanguage(language);
      usersAnswer = () =>
        json(page([person({ id: 'u3', firstName: 'Uriel', lastName: 'User', role: 'USER' })]));
      open();
      fireEvent.click(await screen.findByText('Uriel User'));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByLabelText(/^Rol/));
      fireEvent.click(await screen.findByRole('option', { name: role, hidden: true }));
      fireEvent.click(within(dialog).getByRole('button', { name: save }));
      expect(await within(dialog).findByText(question)).toBeTruthy();
      expect(requests.some((r) => r.method === 'PUT')).toBe(false);

      // Back: the form again, with the choice kept; saving asks again, and yes sends it.
      fireEvent.click(within(dialog).getByRole('button', { name: back }));
      expect(within(dialog).queryByText(question)).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: save }));
      fireEvent.click(await within(dialog).findByRole('button', { name: yes }));
      await waitFor(() =>
        expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
          id: 'u3',
          role: 'ADMINISTRATOR',
        }),
      );
    },
  );

  it('saving an administrator, or someone who stays a user, asks nothing', async () => {
    usersAnswer = () => json(page([person({ id: 'u1' })]));
    open();
    fireEvent.click(await screen.findByText('Ada Admin'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ id: 'u1' }));
    expect(screen.queryByTestId('confirm-administrator')).toBeNull();
  });
});
