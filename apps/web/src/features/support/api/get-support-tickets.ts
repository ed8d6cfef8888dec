import { useQuery } from '@tanstack/react-query';
import { PagedSchema, SupportTicketSchema } from '@vnoc/contracts';
import { pageQueryOptions } from '../../../lib/page-query.ts';

export interface SupportTicketsParams {
  q?: string;
  page: number;
  pageSize: number;
}

const SupportTicketPageSchema = PagedSchema(SupportTicketSchema);

/** GET support/tickets: the tickets customers sent to support, every customer organization's (SUPPORT only). */
export function useSupportTickets(params: SupportTicketsParams) {
  return useQuery(
    pageQueryOptions(['support', 'tickets', params], 'support/tickets', {
      query: { q: params.q || undefined, page: params.page, pageSize: params.pageSize },
      schema: SupportTicketPageSchema,
    }),
  );
}
