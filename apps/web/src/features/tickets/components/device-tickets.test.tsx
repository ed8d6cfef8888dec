// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { TicketSummary } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { ticketSummary } from '../test/fixtures.ts';
import { DEVICE_TICKETS_SHOWN, DeviceTickets } from './device-tickets.tsx';

const DEVICE = ticketSummary.device.id;
let tickets: TicketSummary[];
let total: number;
const requests: URL[] = [];
const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      requests.push(url);
      return answer({
        content: tickets,
        page: 0,
        pageSize: DEVICE_TICKETS_SHOWN,
        totalElements: total,
        totalPages: 1,
      });
    }),
  );
  authStore.setToken(fakeJwt(fullClaims({ role: 'READ_ONLY' })));
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
});

const show = () => renderRoutes([{ path: '/d', element: <DeviceTickets deviceId={DEVICE} /> }], '/d');

describe("a device's support tickets", () => {
  it('asks for this device’s newest tickets and links each to its page', async () => {
    tickets = [ticketSummary];
    total = 1;
    show();
    const link = await screen.findByRole('link', { name: '#1001' });
    expect(link.getAttribute('href')).toBe(`/tickets/${ticketSummary.id}`);
    expect(screen.getByText(ticketSummary.subject)).toBeTruthy();
    expect(screen.getByTestId('ticket-status').textContent).toBe('Open');
    const query = requests[0]?.searchParams;
    expect(query?.get('deviceId')).toBe(DEVICE);
    expect(query?.get('pageSize')).toBe(String(DEVICE_TICKETS_SHOWN));
    expect(screen.queryByText(/All tickets/)).toBeNull();
  });

  it('says when none was sent, and links to all of them when there are more than it shows', async () => {
    tickets = [];
    total = 0;
    show();
    expect(await screen.findByText('No support ticket has been sent about this device.')).toBeTruthy();
    cleanup();
    tickets = [ticketSummary];
    total = 7;
    show();
    const all = await screen.findByRole('link', { name: 'All tickets (7)' });
    expect(all.getAttribute('href')).toBe('/tickets');
  });
});
