// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TicketSummary } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { Component as TicketsScreen } from '../routes/tickets.tsx';
import { ticketSummary } from '../test/fixtures.ts';

const closed: TicketSummary = {
  ...ticketSummary,
  id: '44444444-4444-4444-8444-444444444444',
  number: 1000,
  subject: 'Port 3 dead',
  status: 'closed',
  createdBy: { id: 'u-2', name: 'Ada Admin', support: null },
};

let tickets: TicketSummary[];
let failing: boolean;
const requests: URL[] = [];
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  tickets = [ticketSummary, closed];
  failing = false;
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname !== '/api/ticket') return answer({ id: 'not_found', message: 'Not found.' }, 404);
      requests.push(url);
      if (failing) return answer({ id: 'internal', message: 'The ticket store is down.' }, 500);
      const status = url.searchParams.get('status');
      const q = url.searchParams.get('q')?.toLowerCase();
      const content = tickets.filter(
        (t) =>
          (!status || t.status === status) &&
          (!q || t.subject.toLowerCase().includes(q) || `#${t.number}`.includes(q.replace(/^#?/, '#'))),
      );
      return answer({ content, page: 0, pageSize: 50, totalElements: content.length, totalPages: 1 });
    }),
  );
  authStore.setToken(fakeJwt(fullClaims({ role: 'USER' })));
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
});

function openList(path = '/tickets') {
  return renderRoutes(
    [
      { path: '/tickets', Component: TicketsScreen, handle: { name: 'Tickets', title: 'titles.tickets' } },
      { path: '/tickets/:id', element: <p>Ticket page</p> },
    ],
    path,
  );
}

const lastRequest = () => requests.at(-1)?.searchParams;

describe('Tickets list', () => {
  it("renders the organization's tickets: number, subject, status, device, site, sender, times", async () => {
    openList();
    const rows = await screen.findAllByTestId('data-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('#1001')).toBeTruthy();
    expect(first.getByText('Store router keeps dropping')).toBeTruthy();
    expect(first.getByTestId('ticket-status').textContent).toBe('Open');
    expect(first.getByText('00:17:c5:00:00:db')).toBeTruthy();
    expect(first.getByText('Front desk firewall')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Acme Houston South' }).getAttribute('href')).toBe(
      `/sites/${ticketSummary.site.id}`,
    );
    expect(first.getByText('Uma User')).toBeTruthy();
    expect(first.getAllByTitle(formatDate(ticketSummary.createdAt))).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByTestId('ticket-status').textContent).toBe('Closed');
    expect(lastRequest()?.get('page')).toBe('0');
    expect(lastRequest()?.get('pageSize')).toBe('50');
    expect(lastRequest()?.has('status')).toBe(false);
  });

  it('filters by status through the address bar', async () => {
    const { router } = openList();
    await screen.findAllByTestId('data-row');
    fireEvent.click(screen.getByRole('radio', { name: 'Closed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=closed'));
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(1));
    expect(lastRequest()?.get('status')).toBe('closed');
  });

  it('searches by subject or number through the address bar, and offers to clear a search that finds none', async () => {
    const { router } = openList();
    await screen.findAllByTestId('data-row');
    const box = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'port 3' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=port+3'));
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(1));
    expect(lastRequest()?.get('q')).toBe('port 3');
    expect(screen.getByText('Port 3 dead')).toBeTruthy();

    fireEvent.change(box, { target: { value: '1001' } });
    await waitFor(() => expect(lastRequest()?.get('q')).toBe('1001'));
    await waitFor(() => expect(screen.getByText('Store router keeps dropping')).toBeTruthy());

    fireEvent.change(box, { target: { value: 'nothing like it' } });
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('No ticket matches')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findAllByTestId('data-row')).toHaveLength(2);
  });

  it('in Spanish, names the search box and its empty answer', async () => {
    await i18n.changeLanguage('es');
    try {
      tickets = [];
      openList('/tickets?q=router');
      expect(await screen.findByRole('textbox', { name: 'Buscar' })).toBeTruthy();
      expect(
        within(await screen.findByTestId('empty-state')).getByText('Ningún ticket coincide'),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('sorts on the server by a header', async () => {
    const { router } = openList();
    await screen.findAllByTestId('data-row');
    fireEvent.click(screen.getByRole('button', { name: /^Number/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=number-asc'));
    await waitFor(() => expect(lastRequest()?.get('sorting')).toBe('number-asc'));
  });

  it('opens a ticket from its row', async () => {
    const { router } = openList();
    fireEvent.click((await screen.findAllByTestId('data-row'))[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${ticketSummary.id}`));
  });

  it('says how to send a ticket when there is none', async () => {
    tickets = [];
    openList();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('No tickets yet')).toBeTruthy();
    expect(within(empty).getByText(/choose Send support ticket/)).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Go to All Devices' }).getAttribute('href')).toBe(
      '/devices',
    );
    expect(screen.queryByTestId('data-table')).toBeNull();
  });

  it('offers all tickets when a status filter finds none', async () => {
    tickets = [ticketSummary];
    const { router } = openList('/tickets?status=closed');
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('No closed tickets')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Show all tickets' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findAllByTestId('data-row')).toHaveLength(1);
  });

  it("shows the server's message when the list cannot load", async () => {
    failing = true;
    openList();
    expect((await screen.findByTestId('table-error')).textContent).toContain('The ticket store is down.');
  });
});
