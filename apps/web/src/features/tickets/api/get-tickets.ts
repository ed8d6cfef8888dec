import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PagedSchema, type TicketStatus, TicketSummarySchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
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
export function getTickets(params: TicketListParams, signal?: AbortSignal) {
  return apiRequest('ticket', {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      sorting: params.sorting,
      status: params.status,
      deviceId: params.deviceId,
      q: params.q,
    },
    schema: import.meta.env.DEV ? PagedSchema(TicketSummarySchema) : undefined,
    signal,
  });
}

export function getTicketsQueryOptions(params: TicketListParams) {
  return queryOptions({
    queryKey: [...ticketsQueryKey, params],
    queryFn: ({ signal }) => getTickets(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTickets(params: TicketListParams) {
  return useQuery(getTicketsQueryOptions(params));
}
