import { useQuery } from '@tanstack/react-query';
import { TicketSchema } from '@vnoc/contracts';
import { itemQuery } from '../../../lib/item-query.ts';

/** Every ticket list query starts with this key, so a change to any ticket refreshes them all. */
export const ticketsQueryKey = ['tickets'] as const;

/** GET ticket/{id}: one ticket with its comment, where it was emailed and the diagnostics it carries. */
const ticket = itemQuery('ticket', import.meta.env.DEV ? TicketSchema : undefined);
export const ticketQueryKey = ticket.queryKey;
export const getTicketQueryOptions = ticket.options;

export function useTicket(id: string) {
  return useQuery(getTicketQueryOptions(id));
}
