import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Ticket, TicketSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every ticket list query starts with this key, so a change to any ticket refreshes them all. */
export const ticketsQueryKey = ['tickets'] as const;
export const ticketQueryKey = (id: string) => ['ticket', id] as const;

/** GET ticket/{id}: one ticket with its comment, where it was emailed and the diagnostics it carries. */
export function getTicket(id: string, signal?: AbortSignal): Promise<Ticket> {
  return apiRequest(`ticket/${encodeURIComponent(id)}`, { schema: TicketSchema, signal });
}

export function getTicketQueryOptions(id: string) {
  return queryOptions({
    queryKey: ticketQueryKey(id),
    queryFn: ({ signal }) => getTicket(id, signal),
  });
}

export function useTicket(id: string) {
  return useQuery(getTicketQueryOptions(id));
}
