import { type Ticket, TicketSchema, type TicketStatus } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/mutation.ts';
import { ticketQueryKey, ticketsQueryKey } from './get-ticket.ts';

/** POST ticket/{id}/status (ADMINISTRATOR, USER): closes a ticket, or opens it again; answers the ticket. */
export function setTicketStatus(id: string, status: TicketStatus): Promise<Ticket> {
  return apiSend(
    'POST',
    `ticket/${encodeURIComponent(id)}/status`,
    { status },
    import.meta.env.DEV ? TicketSchema : undefined,
  );
}

export function useSetTicketStatus(onSuccess?: (ticket: Ticket) => void) {
  return useCacheMutation(
    ({ id, status }: { id: string; status: TicketStatus }) => setTicketStatus(id, status),
    {
      answers: (ticket) => ticketQueryKey(ticket.id),
      onSuccess,
      stale: () => [ticketsQueryKey],
      errors: 'toast',
    },
  );
}
