import { useQuery } from '@tanstack/react-query';
import { TicketSchema } from '@vnoc/contracts';
import { itemQueryOptions } from '../../../lib/item-query.ts';

/** Every ticket list query starts with this key, so a change to any ticket refreshes them all. */
export const ticketsQueryKey = ['tickets'] as const;
export const ticketQueryKey = (id: string) => ['ticket', id] as const;

/** GET ticket/{id}: one ticket with its comment, where it was emailed and the diagnostics it carries. */
export function getTicketQueryOptions(id: string) {
  return itemQueryOptions(id, { path: 'ticket', schema: TicketSchema, queryKey: ticketQueryKey(id) });
}

export function useTicket(id: string) {
  return useQuery(getTicketQueryOptions(id));
}
