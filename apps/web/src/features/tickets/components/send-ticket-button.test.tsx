// @vitest-environment jsdom
import { Notifications, notifications } from '@mantine/notifications';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Device } from '@vnoc/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { device as firewall } from '../../../test/device-fixtures.ts';
import { fakeJwt, fullClaims, installDomStubs, Providers } from '../../../test/render.tsx';
import { ticket } from '../test/fixtures.ts';
import { SendTicketButton } from './send-ticket-button.tsx';

// The shared firewall, placed at the ticket's site with the name the ticket screens show.
const device: Device = {
  ...firewall,
  id: ticket.device.id,
  name: 'TZ370 00DB',
  site: { id: ticket.site.id, name: 'Acme Houston South' },
  portMapping: [],
  vlans: [],
  portLabels: {},
  disabledPorts: [],
  transactions: [],
};

const SEND_PATH = `/api/device/troubleshooting/ticket/${device.id}`;
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let reply: () => Response;
const calls: { method: string; path: string; body: unknown }[] = [];

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  calls.length = 0;
  reply = () => answer(ticket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === SEND_PATH) return reply();
      return answer({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  notifications.clean();
  authStore.logout();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** The query client of the rendered tree (its mutation cache tells whether a send was started). */
let client: QueryClient | undefined;
function CaptureClient() {
  client = useQueryClient();
  return null;
}

function renderButton(claims: Record<string, unknown> = { role: 'USER', entitlements: ['diagnostics'] }) {
  authStore.setToken(fakeJwt(fullClaims(claims)));
  const router = createMemoryRouter(
    [
      { path: '/sites/:id/device/:deviceId', element: <SendTicketButton device={device} /> },
      { path: '/tickets/:id', element: <p>Ticket page</p> },
    ],
    { initialEntries: [`/sites/${device.site.id}/device/${device.id}`] },
  );
  render(
    <Providers>
      <CaptureClient />
      <Notifications />
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

async function openForm() {
  fireEvent.click(screen.getByRole('button', { name: 'Send support ticket' }));
  return within(await screen.findByRole('dialog'));
}

function fill(form: ReturnType<typeof within>, subject: string, comment: string) {
  fireEvent.change(form.getByLabelText(/^Subject/), { target: { value: subject } });
  fireEvent.change(form.getByLabelText(/^Comment/), { target: { value: comment } });
}

describe('who sees "Send support ticket"', () => {
  it.each([
    ['READ_ONLY with diagnostics', { role: 'READ_ONLY', entitlements: ['diagnostics'] }],
    ['USER without diagnostics', { role: 'USER', entitlements: ['port-control'] }],
  ])('hidden from %s', (_, claims) => {
    renderButton(claims);
    expect(screen.queryByRole('button', { name: 'Send support ticket' })).toBeNull();
  });

  it.each(['USER', 'ADMINISTRATOR'])('shown to %s with diagnostics', (role) => {
    renderButton({ role, entitlements: ['diagnostics'] });
    expect(screen.getByRole('button', { name: 'Send support ticket' })).toBeTruthy();
  });
});

describe('the send form', () => {
  it('says what goes with the ticket', async () => {
    renderButton();
    const form = await openForm();
    expect(form.getByTestId('send-ticket-device').textContent).toBe(
      'SonicWall TZ370 00:17:c5:00:00:db at Acme Houston South',
    );
    expect(form.getByText(/its latest diagnostic results are attached/)).toBeTruthy();
  });

  it('refuses an empty subject without a request', async () => {
    renderButton();
    const form = await openForm();
    fill(form, '   ', 'The router drops every hour.');
    fireEvent.click(form.getByRole('button', { name: 'Send ticket' }));
    expect(await form.findByText('Enter a subject.')).toBeTruthy();
    expect(form.getByLabelText(/^Subject/).getAttribute('aria-invalid')).toBe('true');
    // The form validates in the submit handler itself: no send was ever started (a started one is in the
    // mutation cache at once, before its request goes out), so none can arrive later.
    expect(client?.getMutationCache().getAll()).toEqual([]);
    expect(calls.filter((c) => c.path === SEND_PATH)).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('refuses an empty comment too, in Spanish when the interface is', async () => {
    await i18n.changeLanguage('es');
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar ticket de soporte' }));
    const form = within(await screen.findByRole('dialog'));
    fireEvent.change(form.getByLabelText(/^Asunto/), { target: { value: 'Caídas' } });
    fireEvent.click(form.getByRole('button', { name: 'Enviar ticket' }));
    expect(await form.findByText('Describa el problema.')).toBeTruthy();
    expect(calls.filter((c) => c.path === SEND_PATH)).toEqual([]);
  });

  it("shows the server's message on failure and keeps the input", async () => {
    reply = () => answer({ id: 'service_unavailable', message: 'The support mailbox is unavailable.' }, 503);
    renderButton();
    const form = await openForm();
    fill(form, 'Router drops', 'The router drops every hour.');
    fireEvent.click(form.getByRole('button', { name: 'Send ticket' }));
    expect((await form.findByRole('alert')).textContent).toContain('The support mailbox is unavailable.');
    expect((form.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('Router drops');
    expect((form.getByLabelText(/^Comment/) as HTMLTextAreaElement).value).toBe(
      'The router drops every hour.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText('Support ticket successfully sent!')).toBeNull();
  });

  it("a second ticket about an alert that has an open one: the 409 is said in the interface's language, then the caller is told", async () => {
    reply = () =>
      answer(
        {
          id: 'ticket_open',
          message: 'This alert already has an open ticket, #1001. Open it instead of sending another.',
        },
        409,
      );
    await i18n.changeLanguage('es');
    authStore.setToken(fakeJwt(fullClaims({ role: 'USER', entitlements: ['diagnostics'] })));
    const settled = vi.fn();
    const alertId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const router = createMemoryRouter(
      [{ path: '/', element: <SendTicketButton device={device} alertId={alertId} onSettled={settled} /> }],
      { initialEntries: ['/'] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enviar ticket de soporte' }));
    const form = within(await screen.findByRole('dialog'));
    fireEvent.change(form.getByLabelText(/^Asunto/), { target: { value: 'Caída' } });
    fireEvent.change(form.getByLabelText(/^Comentario/), { target: { value: 'Sin conexión.' } });
    fireEvent.click(form.getByRole('button', { name: 'Enviar ticket' }));
    expect((await form.findByRole('alert')).textContent).toContain(
      'Esta alerta ya tiene un ticket abierto. Ábralo en lugar de enviar otro.',
    );
    expect(calls.find((c) => c.path === SEND_PATH)?.body).toEqual({
      subject: 'Caída',
      comment: 'Sin conexión.',
      alertId,
    });
    await waitFor(() => expect(settled).toHaveBeenCalledTimes(1));
  });

  it("puts the server's refusal of a field under that field", async () => {
    reply = () =>
      answer(
        {
          id: 'invalid_input',
          message: 'The subject is at most 150 characters.',
          errors: [{ path: 'subject', message: 'The subject is at most 150 characters.' }],
        },
        400,
      );
    renderButton();
    const form = await openForm();
    fill(form, 'Router drops', 'The router drops every hour.');
    fireEvent.click(form.getByRole('button', { name: 'Send ticket' }));
    expect(await form.findByText('The subject is at most 150 characters.')).toBeTruthy();
    expect(form.getByLabelText(/^Subject/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends subject and comment, closes, shows the success message with a link to the ticket', async () => {
    const router = renderButton();
    const form = await openForm();
    fill(form, '  Router drops  ', 'Dropped three times.\nRebooted once.');
    fireEvent.click(form.getByRole('button', { name: 'Send ticket' }));

    expect(await screen.findByText('Support ticket successfully sent!')).toBeTruthy();
    expect(calls.filter((c) => c.path === SEND_PATH)).toEqual([
      {
        method: 'POST',
        path: SEND_PATH,
        body: { subject: 'Router drops', comment: 'Dropped three times.\nRebooted once.' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const link = screen.getByRole('link', { name: 'View ticket #1001' });
    expect(link.getAttribute('href')).toBe(`/tickets/${ticket.id}`);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${ticket.id}`));
    expect(screen.getByText('Ticket page')).toBeTruthy();
    // The toast goes with the click that followed its link.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'View ticket #1001' })).toBeNull());
  });

  it('opens empty again after a ticket was sent', async () => {
    renderButton();
    let form = await openForm();
    fill(form, 'Router drops', 'Dropped.');
    fireEvent.click(form.getByRole('button', { name: 'Send ticket' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    form = await openForm();
    expect((form.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('');
  });
});
