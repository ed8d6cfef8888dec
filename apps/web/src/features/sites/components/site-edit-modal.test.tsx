// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role, Site, User } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import * as notify from '../../../lib/notify.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { SiteOverview } from '../routes/site-overview.tsx';

// Spied, not mocked: the screen's modules may already be loaded by an earlier file of the worker.
const toast = vi.spyOn(notify, 'toast').mockReturnValue('toast');

const site: Site = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Acme Austin',
  alias: 'AUS-1',
  backOfficeAccountId: '700001',
  accountHolders: [{ name: 'Acme Inc.' }],
  address: { street: '1 Main St', city: 'Dallas', state: 'TX', zip: '75201', country: 'US' },
  verifiedAddress: null,
  coordinates: null,
  contacts: [],
  devices: [],
  favorite: false,
  lastVisited: null,
};

const CONGRESS = { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };

function user(role: Role): User {
  return {
    id: 'u-1',
    creationDate: '2026-01-01T00:00:00.000Z',
    username: 'someone@acme.example',
    role,
    organization: { id: 'o-1', name: 'Acme' },
    contact: { firstName: 'Some', lastName: 'One' } as User['contact'],
    userPreferences: [],
    siteGroups: [],
    managedUsers: [],
  };
}

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const calls: { method: string; path: string; body: unknown }[] = [];

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === `/api/site/${site.id}`) return answer(site);
      if (url.pathname === `/api/site/${site.id}/alerts`) return answer([]);
      if (url.pathname === `/api/site/${site.id}/user/u-1`)
        return answer({ siteId: site.id, userId: 'u-1', lastVisited: new Date().toISOString() });
      if (url.pathname === '/api/site/verifyAddress') {
        if (body.city === 'Austn')
          return answer({
            verified: false,
            address: { ...body, zip: null },
            coordinates: null,
            suggestions: [CONGRESS],
          });
        return answer({
          verified: true,
          address: CONGRESS,
          coordinates: { lat: 30.27, lng: -97.74 },
          suggestions: [],
        });
      }
      if (url.pathname === '/api/site/edit')
        return answer({ ...site, name: body.name, address: CONGRESS, verifiedAddress: CONGRESS });
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  authStore.logout();
  toast.mockClear();
});

function openOverviewAs(role: Role) {
  authStore.setToken(fakeJwt(fullClaims({ role })));
  authStore.setUser(user(role));
  return renderRoutes([{ path: '/sites/:id', Component: SiteOverview }], `/sites/${site.id}`);
}

describe('Edit site on the overview', () => {
  it.each(['USER', 'READ_ONLY', 'SUPPORT'] as const)('is hidden from %s', async (role) => {
    openOverviewAs(role);
    expect(await screen.findByRole('heading', { name: 'Acme Austin' })).toBeTruthy();
    expect(screen.getByTestId('site-favorite')).toBeTruthy();
    expect(screen.queryByTestId('site-edit')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit site' })).toBeNull();
  });

  it('an ADMINISTRATOR verifies an address (a suggestion, then Verified ✓) and saves', async () => {
    openOverviewAs('ADMINISTRATOR');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit site' }));
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog);
    expect((form.getByTestId('site-edit-name') as HTMLInputElement).value).toBe('Acme Austin');

    fireEvent.change(form.getByTestId('site-edit-name'), { target: { value: 'Acme Congress' } });
    fireEvent.change(form.getByTestId('site-edit-street'), { target: { value: '100 Congress Ave' } });
    fireEvent.change(form.getByTestId('site-edit-city'), { target: { value: 'Austn' } });
    fireEvent.change(form.getByTestId('site-edit-zip'), { target: { value: '' } });
    fireEvent.click(form.getByTestId('site-edit-verify'));

    expect(await form.findByText('Not verified')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Use 100 Congress Ave, Austin, TX 78701, US' }));
    expect(await form.findByText('Verified')).toBeTruthy();
    expect(form.getByTestId('site-edit-normalized').textContent).toBe(
      '100 Congress Ave, Austin, TX 78701, US',
    );
    expect((form.getByTestId('site-edit-city') as HTMLInputElement).value).toBe('Austin');
    expect((form.getByTestId('site-edit-zip') as HTMLInputElement).value).toBe('78701');

    fireEvent.click(form.getByTestId('site-edit-save'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Acme Congress has been successfully updated'));
    const put = calls.find((c) => c.path === '/api/site/edit');
    expect(put).toMatchObject({
      method: 'PUT',
      body: { id: site.id, name: 'Acme Congress', alias: 'AUS-1', contacts: [], address: CONGRESS },
    });
    expect(put?.body).not.toHaveProperty('coordinates');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Enter in a field does not save while the address is being verified', async () => {
    openOverviewAs('ADMINISTRATOR');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit site' }));
    const form = within(await screen.findByRole('dialog'));
    fireEvent.change(form.getByTestId('site-edit-city'), { target: { value: 'Austin' } });
    fireEvent.click(form.getByTestId('site-edit-verify'));
    fireEvent.submit(form.getByTestId('site-edit-form'));
    expect(await form.findByText('Verified')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/site/edit')).toBe(false);
  });
});
