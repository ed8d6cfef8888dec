import { readList, readTableParams, sortParam, type TableParams } from './data-table/table-params.ts';
import { KIND_FILTERS, type KindFilter, STATUS_FILTERS, type StatusFilter } from './fleet-filter-options.ts';

/** What the fleet lists (sites, devices) share in the address bar: paging, sorting, status, kind and text. */
export interface FleetListState {
  table: TableParams;
  status: StatusFilter[];
  kind: KindFilter[];
  q: string;
}

/**
 * The shared part of a fleet list's state from the address bar. Unknown sort fields, statuses and kinds are
 * dropped, so a hand-edited address never sends the server a filter it refuses.
 */
export function readFleetListState(
  params: URLSearchParams,
  sortFields: readonly string[],
  statuses: readonly StatusFilter[] = STATUS_FILTERS,
): FleetListState {
  return {
    table: readTableParams(params, sortFields),
    status: readList(params, 'status', statuses),
    kind: readList(params, 'kind', KIND_FILTERS),
    q: (params.get('q') ?? '').trim().slice(0, 200),
  };
}

/** GET …/search/filtered parameters every fleet search takes. */
export interface FleetSearchParams {
  page: number;
  pageSize: number;
  sorting?: string;
  status?: readonly string[];
  kind?: readonly string[];
  groupId?: readonly string[];
  q?: string;
}

/** The search request for a list's shared state (`status` may be narrowed by the list's view). */
export function fleetSearchRequest(state: FleetListState, status: readonly string[] = state.status) {
  return {
    page: state.table.page,
    pageSize: state.table.pageSize,
    sorting: sortParam(state.table.sort),
    status,
    kind: state.kind,
    q: state.q || undefined,
  };
}

function list(values: readonly string[] | undefined): string | undefined {
  return values && values.length > 0 ? values.join(',') : undefined;
}

/**
 * The query string of a fleet search: lists are sent comma-separated, empty filters left out; `lists` are the
 * search's own list filters (sent after kind).
 */
export function fleetSearchQuery(
  params: FleetSearchParams,
  lists: Record<string, readonly string[] | undefined> = {},
): Record<string, string | number | undefined> {
  return {
    page: params.page,
    pageSize: params.pageSize,
    sorting: params.sorting,
    status: list(params.status),
    kind: list(params.kind),
    ...Object.fromEntries(Object.entries(lists).map(([key, values]) => [key, list(values)])),
    groupId: list(params.groupId),
    q: params.q?.trim() || undefined,
  };
}
