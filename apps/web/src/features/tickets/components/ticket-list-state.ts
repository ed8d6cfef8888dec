import { TICKET_SORT_FIELDS, TICKET_STATUSES, type TicketStatus } from '@vnoc/contracts';
import { readTableParams, sortParam, type TableParams } from '../../../components/data-table/table-params.ts';
import type { TicketListParams } from '../api/get-tickets.ts';

/**
 * The Tickets list's state in the address bar: paging, sorting, the status filter (none = all) and the search
 * (subject, number, site or device; the fleet query language's ticket filters).
 */
export interface TicketListState {
  table: TableParams;
  status: TicketStatus | null;
  q: string;
}

/** Reads the list's state; an unknown status or sort field falls back to all tickets / the server's order. */
export function readTicketListState(params: URLSearchParams): TicketListState {
  const status = params.get('status');
  return {
    table: readTableParams(params, TICKET_SORT_FIELDS),
    status: (TICKET_STATUSES as readonly string[]).includes(status ?? '') ? (status as TicketStatus) : null,
    q: (params.get('q') ?? '').trim().slice(0, 200),
  };
}

/** GET ticket parameters for the state. */
export function ticketListRequest(state: TicketListState): TicketListParams {
  return {
    page: state.table.page,
    pageSize: state.table.pageSize,
    sorting: sortParam(state.table.sort),
    status: state.status ?? undefined,
    q: state.q || undefined,
  };
}
