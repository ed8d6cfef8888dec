import { useQuery } from '@tanstack/react-query';
import { PagedSchema, type TicketStatus, TicketSummarySchema } from '@vnoc/contracts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { ticketsQueryKey } from './get-ticket.ts';

/** GET ticket parameters: paging, `field-asc|desc` sorting (server default createdAt-desc), status, device, text. */
export interface TicketListParams {
  page: number;
  pageSize: number;
  sorting?: string;
  status?: TicketStatus;
  deviceId?: string;
  /** Subject, number, site or device name contains; filters in the fleet query language. */
  q?: string;
}

/** GET ticket: the organization's tickets, one page. */
export function getTicketsQueryOptions(params: TicketListParams) {
  const { page, pageSize, sorting, status, deviceId, q } = params;
  return pageQueryOptions([...ticketsQueryKey, params], 'ticket', {
    query: { page, pageSize, sorting, status, deviceId, q },
    schema: import.meta.env.DEV ? PagedSchema(TicketSummarySchema) : undefined,
  });
}

export function useTickets(params: TicketListParams) {
  return useQuery(getTicketsQueryOptions(params));
}
