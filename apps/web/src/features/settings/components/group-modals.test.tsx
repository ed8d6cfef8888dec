// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Group, SiteSummary } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { GroupAssignModal, GroupDeleteModal, GroupNameModal } from './group-modals.tsx';

const site = (id: string, name: string): SiteSummary => ({
  id,
  name,
  alias: null,
  backOfficeAccountId: null,
  accountHolders: [],
  address: { street: null, city: null, state: 'TX', zip: null, country: 'US' },
  coordinates: null,
  status: 'online',
  deviceCount: 1,
  favorite: false,
  lastVisited: null,
});
const AUSTIN = site('11111111-1111-4111-8111-111111111111', 'Acme Austin');
const DALLAS = site('22222222-2222-4222-8222-222222222222', 'Acme Dallas');
const GROUP: Group = { id: '33333333-3333-4333-8333-333333333333', name: 'Texas', siteIds: [AUSTIN.id] };

const page = (content: SiteSummary[], totalElements = content.length) =>
  new Response(JSON.stringify({ content, page: 0, pageSize: 20, totalElements, totalPages: 1 }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const searches: URLSearchParams[] = [];

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  searches.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      searches.push(url.searchParams);
      // The group's own sites, for their names; else the search as typed (30 000 sites match nothing typed).
      if (url.searchParams.get('groupId') === GROUP.id) return page([AUSTIN]);
      const q = url.searchParams.get('q')?.toLowerCase();
      return q
        ? page([AUSTIN, DALLAS].filter((s) => s.name.toLowerCase().includes(q)))
        : page([AUSTIN, DALLAS], 30_000);
    }),
  );
});
afterEach(cleanup);

describe('Assign sites to a group', () => {
  it("shows the group's sites by name, offers the server's matches (a page, not the fleet), saves the new set", async () => {
    const onSubmit = vi.fn();
    render(
      <Providers>
        <GroupAssignModal
          opened
          group={GROUP}
          loading={false}
          onClose={() => undefined}
          onSubmit={onSubmit}
        />
      </Providers>,
    );
    expect(await screen.findByText('Acme Austin')).toBeTruthy();
    expect(screen.getByTestId('group-selected-count').textContent).toBe('1 site selected');
    // Only a page of matches is asked for, never the whole fleet.
    await waitFor(() => expect(searches.some((s) => s.get('pageSize') === '20')).toBe(true));
    expect(searches.filter((s) => s.get('groupId') === null).every((s) => s.get('pageSize') === '20')).toBe(
      true,
    );
    expect(
      await screen.findByText('The first 20 matches are listed; type more to narrow them.'),
    ).toBeTruthy();

    // The server's matches are offered (those already in the group are not offered again).
    fireEvent.click(screen.getByPlaceholderText('Search sites by name'));
    expect(screen.queryByRole('option', { name: 'Acme Austin', hidden: true })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Dallas', hidden: true }));
    expect(screen.getByTestId('group-selected-count').textContent).toBe('2 sites selected');
    fireEvent.click(screen.getByTestId('group-assign-save'));
    expect(onSubmit).toHaveBeenCalledWith([AUSTIN.id, DALLAS.id]);
  });
});

describe('Name and delete a group', () => {
  it('refuses an empty name, sends the name trimmed, and Cancel closes', async () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(
      <Providers>
        <GroupNameModal opened group={GROUP} loading={false} onClose={onClose} onSubmit={onSubmit} />
      </Providers>,
    );
    const input = await screen.findByTestId('group-name-input');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('group-name-save'));
    expect(await screen.findByText('Enter the group name.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' Texas south ' } });
    fireEvent.click(screen.getByTestId('group-name-save'));
    expect(onSubmit).toHaveBeenCalledWith('Texas south');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says what goes and what stays, and deletes on confirm', async () => {
    const onConfirm = vi.fn();
    render(
      <Providers>
        <GroupDeleteModal
          opened
          group={GROUP}
          loading={false}
          onClose={() => undefined}
          onConfirm={onConfirm}
        />
      </Providers>,
    );
    expect(
      await screen.findByText('Delete the group Texas? Its sites are kept; only the grouping is removed.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('group-delete-confirm'));
    expect(onConfirm).toHaveBeenCalled();
  });
});
