import type { TicketSide } from '@vnoc/contracts';

// A ticket thread's query keys, apart from its requests (ticket-thread.ts): the live updates import them alone.

/**
 * Query keys: a `ticket.updated` live event refreshes the ticket and its thread on both sides — the customer's
 * ['ticket', id, …] and the console's ['support', 'ticket', id, …] — and both ticket lists.
 */
export const ticketThreadKeys = {
  ticket: (side: TicketSide, id: string) =>
    side === 'customer' ? (['ticket', id] as const) : (['support', 'ticket', id] as const),
  thread: (side: TicketSide, id: string) => [...ticketThreadKeys.ticket(side, id), 'messages'] as const,
  list: (side: TicketSide) =>
    side === 'customer' ? (['tickets'] as const) : (['support', 'tickets'] as const),
};
