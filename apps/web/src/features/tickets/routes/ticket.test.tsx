// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Ticket, TicketMessage } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';
import * as notify from '../../../lib/notify.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { ticket } from '../test/fixtures.ts';
import { Component as TicketScreen } from './ticket.tsx';

// Spied, not mocked: the screen's modules may already be loaded by an earlier file of the worker.
const toast = vi.spyOn(notify, 'toast').mockReturnValue('toast');

let stored: Ticket;
let replies: TicketMessage[];
const posts: { path: string; body: unknown }[] = [];
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  stored = ticket;
  replies = [];
  posts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === `/api/ticket/${ticket.id}`) return answer(stored);
      if (url.pathname === `/api/ticket/${ticket.id}/messages` && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push({ path: url.pathname, body });
        const reply: TicketMessage = {
          id: `m${replies.length + 1}`,
          side: 'customer',
          author: { id: 'u-1', name: 'Uma User', support: null },
          body: body.body,
          createdAt: new Date().toISOString(),
        };
        replies = [...replies, reply];
        stored = { ...stored, status: 'open' };
        return answer(reply, 201);
      }
      if (url.pathname === `/api/ticket/${ticket.id}/messages`) return answer({ messages: replies });
      if (url.pathname === `/api/ticket/${ticket.id}/status` && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push({ path: url.pathname, body });
        stored = { ...stored, status: body.status, updatedAt: new Date().toISOString() };
        return answer(stored);
      }
      return answer({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
  toast.mockClear();
});

function openTicket(role = 'USER', id = ticket.id) {
  authStore.setToken(fakeJwt(fullClaims({ role })));
  return renderRoutes([{ path: '/tickets/:id', Component: TicketScreen }], `/tickets/${id}`);
}

describe('Ticket', () => {
  it('shows what was sent, by whom, to where, about which device and site', async () => {
    openTicket();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('#1001Store router keeps dropping');
    expect(screen.getByTestId('ticket-status').textContent).toBe('Open');
    expect(screen.getByTestId('ticket-sent-by').textContent).toBe('Uma User');
    expect(screen.getByTestId('ticket-emailed-to').textContent).toBe('support@provider.example');
    const comment = screen.getByTestId('ticket-comment');
    expect(comment.textContent).toBe(ticket.comment);
    expect(comment.style.whiteSpace).toBe('pre-wrap');

    const device = within(screen.getByTestId('ticket-device'));
    expect(device.getByTestId('ticket-device-name').textContent).toBe('Front desk firewall');
    expect(device.getByText('00:17:c5:00:00:db')).toBeTruthy();
    expect(device.getByText('Offline')).toBeTruthy();
    expect(device.getByRole('link', { name: 'Open device' }).getAttribute('href')).toBe(
      `/sites/${ticket.site.id}/device/${ticket.device.id}`,
    );
    const site = within(screen.getByTestId('ticket-site'));
    expect(site.getByText('Acme Houston South')).toBeTruthy();
    expect(site.getByRole('link', { name: 'Open site' }).getAttribute('href')).toBe(
      `/sites/${ticket.site.id}`,
    );
  });

  it('summarizes each attached diagnostic, never as raw JSON', async () => {
    openTicket();
    const cards = await screen.findAllByTestId('ticket-diagnostic');
    expect(cards.map((c) => c.getAttribute('data-action'))).toEqual(['speedtest', 'wantest']);
    const speed = within(cards[0] as HTMLElement);
    expect(speed.getByRole('heading', { name: 'Speed test' })).toBeTruthy();
    // A test that ran shows its verdict, not "Succeeded".
    expect(speed.getByTestId('verdict').textContent).toBe('Healthy');
    expect(speed.queryByText('Succeeded')).toBeNull();
    expect(speed.getByText(/by Uma User$/)).toBeTruthy();
    const table = speed.getByRole('table', { name: 'Result of Speed test' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent).join(': '));
    expect(rows).toEqual([
      'Download: 93.4 Mbps',
      'Upload: 10.3 Mbps',
      'Latency: 12.3 ms',
      'Link: Primary WAN',
      'VLAN: 10',
    ]);
    const wan = within(cards[1] as HTMLElement);
    expect(wan.getByText('Failed')).toBeTruthy();
    expect(wan.getByTestId('ticket-diagnostic-note').textContent).toBe(
      'The device is offline and cannot run diagnostics.',
    );
    expect(document.body.textContent).not.toContain('downloadKbps');
  });

  it('says so when no diagnostics were attached', async () => {
    stored = { ...ticket, diagnostics: [] };
    openTicket();
    expect(await screen.findByText(/No diagnostics were attached/)).toBeTruthy();
    expect(screen.queryAllByTestId('ticket-diagnostic')).toHaveLength(0);
  });

  it('a USER closes the ticket, then reopens it', async () => {
    openTicket('USER');
    fireEvent.click(await screen.findByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByRole('button', { name: 'Reopen ticket' })).toBeTruthy();
    expect(screen.getByTestId('ticket-status').textContent).toBe('Closed');
    expect(toast).toHaveBeenCalledWith('Ticket #1001 closed.');
    fireEvent.click(screen.getByRole('button', { name: 'Reopen ticket' }));
    expect(await screen.findByRole('button', { name: 'Close ticket' })).toBeTruthy();
    expect(posts).toEqual([
      { path: `/api/ticket/${ticket.id}/status`, body: { status: 'closed' } },
      { path: `/api/ticket/${ticket.id}/status`, body: { status: 'open' } },
    ]);
  });

  it('READ_ONLY users see the ticket and its thread without Close or a reply box', async () => {
    openTicket('READ_ONLY');
    expect(await screen.findByTestId('ticket-comment')).toBeTruthy();
    expect(await screen.findByTestId('ticket-thread-empty')).toBeTruthy();
    expect(screen.queryByTestId('ticket-status-toggle')).toBeNull();
    expect(screen.queryByTestId('ticket-reply')).toBeNull();
  });

  it('a reply on a closed ticket joins the thread and opens the ticket again', async () => {
    stored = { ...ticket, status: 'closed' };
    openTicket('USER');
    const conversation = within(await screen.findByTestId('ticket-conversation'));
    expect((await conversation.findByTestId('ticket-thread-empty')).textContent).toMatch(/^No replies yet/);
    expect(conversation.getByText(/Replying opens the closed ticket again\./)).toBeTruthy();
    fireEvent.change(conversation.getByTestId('ticket-reply'), { target: { value: 'It is down again.' } });
    fireEvent.click(conversation.getByRole('button', { name: 'Send reply' }));
    const message = await conversation.findByTestId('ticket-message');
    expect(message.textContent).toContain('It is down again.');
    expect(message.textContent).toContain('Uma User');
    expect(await screen.findByRole('button', { name: 'Close ticket' })).toBeTruthy();
    expect(posts).toEqual([
      { path: `/api/ticket/${ticket.id}/messages`, body: { body: 'It is down again.' } },
    ]);
  });

  it("another organization's or a missing ticket is not found", async () => {
    openTicket('USER', '55555555-5555-4555-8555-555555555555');
    expect(await screen.findByText('Ticket not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to tickets' }).getAttribute('href')).toBe('/tickets');
  });

  describe('sent from an alert', () => {
    const ALERT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const fromAlert = (status: 'active' | 'cleared'): Ticket => ({
      ...ticket,
      alert: { id: ALERT_ID, code: 'site_offline', severity: 'critical', status },
      alertNotes: [
        {
          id: 'n-1',
          text: 'Called the store: power is on.',
          author: { id: 'u-1', name: 'Uma User', support: null },
          createdAt: '2026-03-02T15:00:00.000Z',
        },
      ],
      notes:
        status === 'cleared' ? [{ id: 'tn-1', kind: 'alertCleared', at: '2026-03-02T16:30:00.000Z' }] : [],
    });

    it('links back to its alert, with the notes it carried', async () => {
      stored = fromAlert('active');
      openTicket();
      const card = within(await screen.findByTestId('ticket-alert'));
      expect(card.getByText('Site offline')).toBeTruthy();
      expect(card.getByTestId('ticket-alert-link').getAttribute('href')).toBe(`/alerts?alert=${ALERT_ID}`);
      expect(card.getByText('1 note on the alert when the ticket was sent')).toBeTruthy();
      expect(
        within(card.getByTestId('ticket-alert-notes')).getByText('Called the store: power is on.'),
      ).toBeTruthy();
      expect(card.queryByTestId('ticket-notes')).toBeNull();
    });

    it('in Spanish, a cleared alert reads "Alerta resuelta el …" and links to the Cleared tab', async () => {
      await i18n.changeLanguage('es');
      try {
        stored = fromAlert('cleared');
        openTicket();
        const card = within(await screen.findByTestId('ticket-alert'));
        expect(card.getByTestId('ticket-notes').textContent).toBe(
          `Alerta resuelta el ${formatDate('2026-03-02T16:30:00.000Z')}`,
        );
        expect(card.getByText('Resuelta')).toBeTruthy();
        expect(card.getByTestId('ticket-alert-link').getAttribute('href')).toBe(
          `/alerts?status=cleared&alert=${ALERT_ID}`,
        );
        expect(card.getByText('1 nota de la alerta al enviar el ticket')).toBeTruthy();
      } finally {
        await i18n.changeLanguage('en');
      }
    });

    it('a ticket sent from a device shows no alert', async () => {
      openTicket();
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByTestId('ticket-alert')).toBeNull();
    });
  });
});
