import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Ticket, TicketSchema, type TicketStatus } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { ticketQueryKey, ticketsQueryKey } from './get-ticket.ts';

/** POST ticket/{id}/status (ADMINISTRATOR, USER): closes a ticket, or opens it again; answers the ticket. */
export function setTicketStatus(id: string, status: TicketStatus): Promise<Ticket> {
  return apiRequest(`ticket/${encodeURIComponent(id)}/status`, {
    method: 'POST',
    body: { status },
    schema: TicketSchema,
  });
}

export function useSetTicketStatus(onSuccess?: (ticket: Ticket) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TicketStatus }) => setTicketStatus(id, status),
    onSuccess: async (ticket) => {
      client.setQueryData(ticketQueryKey(ticket.id), ticket);
      onSuccess?.(ticket);
      await client.invalidateQueries({ queryKey: ticketsQueryKey });
    },
    onError: handleError,
  });
}
