import { TICKET_SORT_FIELDS, TICKET_STATUSES, type TicketStatus } from '@vnoc/contracts';
import { readTableParams, sortParam, type TableParams } from '../../../components/data-table/table-params.ts';
import type { TicketListParams } from '../api/get-tickets.ts';

/** The Tickets list's state in the address bar: paging, sorting and the status filter (none = all). */
export interface TicketListState {
  table: TableParams;
  status: TicketStatus | null;
}

/** Reads the list's state; an unknown status or sort field falls back to all tickets / the server's order. */
export function readTicketListState(params: URLSearchParams): TicketListState {
  const status = params.get('status');
  return {
    table: readTableParams(params, TICKET_SORT_FIELDS),
    status: (TICKET_STATUSES as readonly string[]).includes(status ?? '') ? (status as TicketStatus) : null,
  };
}

/** GET ticket parameters for the state. */
export function ticketListRequest(state: TicketListState): TicketListParams {
  return {
    page: state.table.page,
    pageSize: state.table.pageSize,
    sorting: sortParam(state.table.sort),
    status: state.status ?? undefined,
  };
}
