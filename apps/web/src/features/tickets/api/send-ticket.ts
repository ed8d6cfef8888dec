import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Ticket, type TicketRequest, TicketSchema } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { ticketQueryKey, ticketsQueryKey } from './get-ticket.ts';

/**
 * POST device/troubleshooting/ticket/{deviceId}: sends a support ticket with the device, its site and
 * its latest diagnostic results; answers the ticket.
 */
export function sendTicket(deviceId: string, body: TicketRequest): Promise<Ticket> {
  return apiSend(
    'POST',
    `device/troubleshooting/ticket/${encodeURIComponent(deviceId)}`,
    body,
    import.meta.env.DEV ? TicketSchema : undefined,
  );
}

/**
 * Sends a ticket for one device. Failures are left to the caller: the form shows them beside the input it
 * keeps (the global banner would be hidden behind the modal).
 */
export function useSendTicket(deviceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketRequest) => sendTicket(deviceId, body),
    onSuccess: async (ticket) => {
      client.setQueryData(ticketQueryKey(ticket.id), ticket);
      await client.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
