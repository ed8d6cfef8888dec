// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SupportPerson, SupportTicket, TicketMessage } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { impersonationLink } from '../components/access-code-modal.tsx';
import { actBlocker } from '../components/people-list.tsx';
import { readSupportListState } from '../components/support-list.tsx';
import { Component as SupportScreen } from './support.tsx';

const ana: SupportPerson = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ana@acme.example',
  firstName: 'Ana',
  lastName: 'Ortiz',
  role: 'ADMINISTRATOR',
  status: 'active',
  organization: { id: 'o-1', name: 'Acme Retail', supportAccess: true },
  lastSignInAt: null,
};
const zoe: SupportPerson = {
  ...ana,
  id: '22222222-2222-4222-8222-222222222222',
  email: 'zoe@zenith.example',
  firstName: 'Zoe',
  lastName: 'Park',
  role: 'USER',
  organization: { id: 'o-2', name: 'Zenith Clinics', supportAccess: false },
};

let people: SupportPerson[];
let failing: boolean;
const requests: { url: URL; body?: unknown }[] = [];
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => {
  installDomStubs();
});
beforeEach(() => {
  void i18n.changeLanguage('en');
  people = [ana, zoe];
  failing = false;
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/userProfile/impersonate/generate')
        return answer({ accessCode: 'code.for.ana' });
      if (url.pathname !== '/api/support/people')
        return answer({ id: 'not_found', message: 'Not found.' }, 404);
      if (failing) return answer({ id: 'internal', message: 'The directory is down.' }, 500);
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const content = people.filter((p) =>
        `${p.email} ${p.firstName} ${p.lastName}`.toLowerCase().includes(q),
      );
      return answer({ content, page: 0, pageSize: 50, totalElements: content.length, totalPages: 1 });
    }),
  );
  authStore.setToken(fakeJwt(fullClaims({ role: 'SUPPORT' })));
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const open = (path = '/support') =>
  renderRoutes(
    [{ path: '/support', Component: SupportScreen, handle: { name: 'Support', title: 'titles.support' } }],
    path,
  );

describe('Support area', () => {
  it('lists customers’ people; an organization with support access off cannot be acted as', async () => {
    open();
    const rows = await screen.findAllByTestId('data-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Ana Ortiz')).toBeTruthy();
    expect(first.getByText('ana@acme.example')).toBeTruthy();
    expect(first.getByText('Administrator')).toBeTruthy();
    expect(first.getByText('Never')).toBeTruthy();
    expect((first.getByRole('button', { name: 'Act as Ana Ortiz' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('Support access off')).toBeTruthy();
    expect((second.getByRole('button', { name: 'Act as Zoe Park' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('searches through the address bar', async () => {
    const { router } = open();
    await screen.findAllByTestId('data-row');
    fireEvent.change(screen.getByLabelText('Find a person'), { target: { value: 'zoe' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=zoe'));
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(1));
    expect(requests.at(-1)?.url.searchParams.get('q')).toBe('zoe');
  });

  it('generates an access code and shows the /impersonate link with its validity', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Act as Ana Ortiz' }));
    const link = (await screen.findByTestId('access-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/impersonate?jwt=code.for.ana`);
    expect(requests.find((r) => r.url.pathname.endsWith('/generate'))?.body).toEqual({ userId: ana.id });
    expect(screen.getByTestId('access-code-validity').textContent).toMatch(
      /^Valid for (60|59) more seconds\.$/,
    );
    expect(screen.getByRole('link', { name: 'Open here' }).getAttribute('href')).toBe(link.value);
  });

  it('says when nobody matches, and in Spanish', async () => {
    await i18n.changeLanguage('es');
    open('/support?q=nadie');
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('Nadie coincide')).toBeTruthy();
    expect(within(empty).getByText('Ningún correo, nombre u organización contiene «nadie».')).toBeTruthy();
  });

  it("shows the server's message when the list cannot load", async () => {
    failing = true;
    open();
    expect((await screen.findByTestId('table-error')).textContent).toContain('The directory is down.');
  });

  it('is closed to everyone but support staff signed in as themselves', async () => {
    authStore.setToken(fakeJwt(fullClaims({ role: 'SUPPORT', impersonatedBy: 'someone@vnoc.example' })));
    open();
    expect(await screen.findByText("For the provider's support staff")).toBeTruthy();
    expect(requests.some((r) => r.url.pathname === '/api/support/people')).toBe(false);
  });
});

describe('support rules', () => {
  it.each([
    [{ supportAccess: true, status: 'active' }, null],
    [{ supportAccess: false, status: 'active' }, 'supportAccessOff'],
    [{ supportAccess: true, status: 'pending' }, 'notActive'],
    [{ supportAccess: true, status: 'deactivated' }, 'notActive'],
  ] as const)('%o → %s', (facts, expected) => {
    const person = {
      ...ana,
      status: facts.status,
      organization: { ...ana.organization, supportAccess: facts.supportAccess },
    };
    expect(actBlocker(person)).toBe(expected);
  });

  it("the tickets' search says what it searches under its label, in Spanish too, not in a placeholder a phone cuts", async () => {
    await i18n.changeLanguage('es');
    open('/support?view=tickets');
    const box = await screen.findByRole('textbox', { name: 'Buscar un ticket' });
    expect(box.getAttribute('placeholder')).toBeNull();
    const described = document.getElementById(box.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(described?.textContent).toBe('Asunto, organización, sitio, dispositivo o número de ticket');
  });

  it('reads the search and page from the address bar', () => {
    expect(readSupportListState(new URLSearchParams('q=%20ana%20&page=3'))).toMatchObject({
      q: 'ana',
      table: { page: 2 },
    });
  });

  it('builds the link with the code as the jwt parameter, escaped', () => {
    expect(impersonationLink('a.b+c', 'https://vnoc.example')).toBe(
      'https://vnoc.example/impersonate?jwt=a.b%2Bc',
    );
  });
});

describe('Support area, a ticket (issue 37)', () => {
  const TICKET_ID = '33333333-3333-4333-8333-333333333333';
  const sent: SupportTicket = {
    id: TICKET_ID,
    number: 1004,
    subject: 'Printer offline',
    status: 'closed',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    createdBy: { id: 'u-1', name: 'Uriel Operator', support: null },
    device: {
      id: 'd-1',
      name: 'Front desk firewall',
      macAddress: '00:17:c5:00:00:db',
      kind: 'firewall',
      manufacturer: 'Fortinet',
      model: 'FortiGate 60F',
      status: 'offline',
    },
    site: { id: 's-1', name: 'Harbor Store', address: '77 Harbor Rd, Austin' },
    alert: null,
    organization: { id: 'o-1', name: 'Acme Retail' },
    comment: 'Since 9 am.',
  };

  it("opens from the email's link and answers the customer there", async () => {
    const replies: TicketMessage[] = [
      {
        id: 'm1',
        side: 'customer',
        author: sent.createdBy,
        body: 'Any news?',
        createdAt: '2026-11-20T11:00:00.000Z',
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.pathname === `/api/support/tickets/${TICKET_ID}`) return answer(sent);
        if (url.pathname === `/api/support/tickets/${TICKET_ID}/messages` && init?.method === 'POST') {
          const reply: TicketMessage = {
            id: 'm2',
            side: 'support',
            author: { id: 'sup-1', name: 'Sam Support', support: null },
            body: JSON.parse(String(init.body)).body,
            createdAt: new Date().toISOString(),
          };
          replies.push(reply);
          return answer(reply, 201);
        }
        if (url.pathname === `/api/support/tickets/${TICKET_ID}/messages`)
          return answer({ messages: replies });
        return answer({ content: [], page: 0, pageSize: 50, totalElements: 0, totalPages: 0 });
      }),
    );
    open(`/support?view=tickets&ticket=${TICKET_ID}`);
    const ticket = within(await screen.findByTestId('support-ticket'));
    expect(ticket.getByRole('heading', { name: '#1004Printer offline' })).toBeTruthy();
    expect(ticket.getByText('Acme Retail')).toBeTruthy();
    expect(ticket.getByText('Since 9 am.')).toBeTruthy();
    expect((await ticket.findByTestId('ticket-message')).textContent).toContain('Any news?');
    expect(ticket.getByText(/Replying opens the closed ticket again\./)).toBeTruthy();

    fireEvent.change(ticket.getByTestId('ticket-reply'), { target: { value: 'Replacing the cable.' } });
    fireEvent.keyDown(ticket.getByTestId('ticket-reply'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(ticket.getAllByTestId('ticket-message')).toHaveLength(2));
    const mine = ticket.getAllByTestId('ticket-message')[1] as HTMLElement;
    expect(mine.dataset.side).toBe('support');
    expect(mine.textContent).toContain('Sam Support · vNOC support');
    expect(requests.find((r) => r.body)?.body).toEqual({ body: 'Replacing the cable.' });

    // Back to the list drops the ticket from the address.
    fireEvent.click(ticket.getByTestId('support-ticket-back'));
    await waitFor(() => expect(screen.queryByTestId('support-ticket')).toBeNull());
  });
});
