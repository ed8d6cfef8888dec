// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Group, SiteSummary } from '@vnoc/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import * as notify from '../../../lib/notify.ts';
import { fakeJwt, fullClaims, installDomStubs, Providers } from '../../../test/render.tsx';
import { UnassociatedSites } from './unassociated-sites.tsx';

const toast = vi.spyOn(notify, 'toast').mockReturnValue('toast');
const site = (id: string, name: string): SiteSummary =>
  ({
    id,
    name,
    alias: null,
    backOfficeAccountId: null,
    accountHolders: [],
    address: { street: null, city: 'Austin', state: 'TX', zip: null, country: 'US' },
    coordinates: null,
    status: 'unknown',
    deviceCount: 0,
    favorite: false,
    lastVisited: null,
  }) as unknown as SiteSummary;
const groups: Group[] = [
  { id: 'g-north', name: 'North', siteIds: ['s-9'] },
  { id: 'g-east', name: 'East', siteIds: [] },
];

let loose: SiteSummary[] = [];
const calls: { method: string; url: string; body: unknown }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => installDomStubs());
beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls.length = 0;
  toast.mockClear();
  loose = [site('s-1', 'Bravo loose'), site('s-2', 'Charlie loose')];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init?.method ?? 'GET', url: `${url.pathname}${url.search}`, body });
      if (url.pathname === '/api/site/unassociated')
        return json(200, {
          content: loose,
          page: 0,
          pageSize: 10,
          totalElements: loose.length,
          totalPages: loose.length ? 1 : 0,
        });
      if (url.pathname.startsWith('/api/group/assignSites/')) {
        const ids = (body as { siteIds: string[] }).siteIds;
        loose = loose.filter((s) => !ids.includes(s.id));
        const group = groups.find((g) => url.pathname.endsWith(g.id));
        return json(200, { ...group, siteIds: ids });
      }
      return json(404, { id: 'not_found', message: 'Not found.' });
    }),
  );
  authStore.setToken(fakeJwt(fullClaims({ role: 'ADMINISTRATOR' })));
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
});

const renderList = (withGroups: Group[] = groups) =>
  render(
    <Providers>
      <MemoryRouter>
        <UnassociatedSites groups={withGroups} />
      </MemoryRouter>
    </Providers>,
  );

describe('Settings → Groups: sites not in any group', () => {
  it('lists them, and "Add to group" adds one to the chosen group, keeping that group\'s sites', async () => {
    renderList();
    // The first render loads the table's pieces: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { name: '2 sites not in any group' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/site/unassociated?page=0&pageSize=10');
    expect(screen.getByRole('link', { name: 'Bravo loose' }).getAttribute('href')).toBe('/sites/s-1');
    fireEvent.click(screen.getByRole('button', { name: 'Add Bravo loose to a group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bravo loose to a group' });
    // Nothing chosen: said so, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to group' }));
    expect(await within(dialog).findByText('Choose a group')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByLabelText(/^Group/));
    fireEvent.click(await screen.findByRole('option', { name: 'North', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to group' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Bravo loose has been added to North'));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/group/assignSites/g-north',
      body: { siteIds: ['s-9', 's-1'] },
    });
    // The list is asked again and the site has left it.
    expect(await screen.findByRole('heading', { name: '1 site not in any group' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Bravo loose' })).toBeNull();
  });

  it('says when every site is in a group, and when there is no group to add to', async () => {
    loose = [];
    renderList();
    expect(await screen.findByText('Every site is in a group.')).toBeTruthy();
    cleanup();
    loose = [site('s-1', 'Bravo loose')];
    renderList([]);
    expect(await screen.findByText('Create a group first to add sites to it.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Bravo loose to a group' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    renderList();
    expect(await screen.findByRole('heading', { name: '2 sitios sin grupo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Añadir Bravo loose a un grupo' })).toBeTruthy();
  });
});
