import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type TicketMessage,
  TicketMessageSchema,
  type TicketSide,
  TicketThreadSchema,
} from '@vnoc/contracts';
import { apiRequest, apiSend } from './api-client.ts';
import { liveRefetchInterval } from './live.ts';
import { useCacheMutation } from './mutation.ts';
import { ticketThreadKeys } from './ticket-thread-keys.ts';

// A ticket's thread (issue 37): the customer's ticket page (features/tickets) reads and answers it through
// ticket/{id}/messages, the support console (features/support) through support/tickets/{id}/messages.

const BASE: Record<TicketSide, string> = { customer: 'ticket', support: 'support/tickets' };

/** GET …/{id}/messages: the ticket's newest replies, oldest first, as `side` reads them. */
export function useTicketThread(side: TicketSide, id: string) {
  return useQuery(
    queryOptions({
      queryKey: ticketThreadKeys.thread(side, id),
      queryFn: ({ signal }) =>
        apiRequest(`${BASE[side]}/${encodeURIComponent(id)}/messages`, {
          schema: import.meta.env.DEV ? TicketThreadSchema : undefined,
          signal,
        }),
      refetchInterval: () => liveRefetchInterval(),
    }),
  );
}

/**
 * POST …/{id}/messages: a reply from `side`. It may reopen the ticket, so the ticket and the lists are refetched
 * with the thread. Failures are left to the reply box, which keeps the text beside them.
 */
export function useReplyToTicket(side: TicketSide, id: string) {
  return useCacheMutation(
    (body: string): Promise<TicketMessage> =>
      apiSend(
        'POST',
        `${BASE[side]}/${encodeURIComponent(id)}/messages`,
        { body },
        import.meta.env.DEV ? TicketMessageSchema : undefined,
      ),
    { stale: () => [ticketThreadKeys.ticket(side, id), ticketThreadKeys.list(side)], errors: 'caller' },
  );
}
