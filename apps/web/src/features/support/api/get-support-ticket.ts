import { queryOptions, useQuery } from '@tanstack/react-query';
import { SupportTicketSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ticketThreadKeys } from '../../../lib/ticket-thread-keys.ts';

/** GET support/tickets/{id}: one customer's ticket, opened in the support console (SUPPORT only). */
export function useSupportTicket(id: string) {
  return useQuery(
    queryOptions({
      queryKey: ticketThreadKeys.ticket('support', id),
      queryFn: ({ signal }) =>
        apiRequest(`support/tickets/${encodeURIComponent(id)}`, { schema: SupportTicketSchema, signal }),
    }),
  );
}
