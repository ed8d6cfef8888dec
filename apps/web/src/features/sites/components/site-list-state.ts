import {
  readList,
  readTableParams,
  sortParam,
  type TableParams,
} from '../../../components/data-table/table-params.ts';
import {
  KIND_FILTERS,
  type KindFilter,
  STATUS_FILTERS,
  type StatusFilter,
} from '../../../components/fleet-filter-options.ts';
import type { SiteSearchParams } from '../api/search-sites.ts';

/** The menu's views of the site list (spec part 2 menu labels). */
export const SITE_VIEWS = ['all', 'problem', 'favorites', 'recent'] as const;
export type SiteView = (typeof SITE_VIEWS)[number];

/** Problem Sites: "offline, on backup, rebooting" (issue 3; the base dashboard's problem list). */
export const PROBLEM_STATUSES: readonly StatusFilter[] = ['offline', 'onbackup', 'rebooting'];

/** Columns the server sorts sites by (contracts SITE_SORT_FIELDS). */
export const SITE_SORTS = [
  'name',
  'alias',
  'backOfficeAccountId',
  'city',
  'state',
  'zip',
  'status',
  'deviceCount',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SiteListState {
  view: SiteView;
  table: TableParams;
  status: StatusFilter[];
  kind: KindFilter[];
  group: string[];
  q: string;
}

export function readSiteView(params: URLSearchParams): SiteView {
  const view = params.get('view');
  return view && (SITE_VIEWS as readonly string[]).includes(view) && view !== 'all'
    ? (view as SiteView)
    : 'all';
}

/**
 * The list's state from the address bar. Unknown statuses, kinds and malformed group ids are dropped, so a
 * hand-edited address never sends the server a filter it refuses; in Problem Sites only problem statuses stay.
 */
export function readSiteListState(params: URLSearchParams): SiteListState {
  const view = readSiteView(params);
  const allowed = view === 'problem' ? PROBLEM_STATUSES : STATUS_FILTERS;
  return {
    view,
    table: readTableParams(params, view === 'recent' ? ['lastVisited'] : SITE_SORTS),
    status: readList(params, 'status', allowed),
    kind: readList(params, 'kind', KIND_FILTERS),
    group: readList(params, 'group').filter((id) => UUID.test(id)),
    q: (params.get('q') ?? '').trim().slice(0, 200),
  };
}

/** The search request for the list's state; Problem Sites with no status chosen asks for all three. */
export function siteSearchRequest(state: SiteListState): SiteSearchParams {
  const status = state.view === 'problem' && state.status.length === 0 ? [...PROBLEM_STATUSES] : state.status;
  return {
    page: state.table.page,
    pageSize: state.table.pageSize,
    sorting: sortParam(state.table.sort),
    status,
    kind: state.kind,
    groupId: state.group,
    q: state.q || undefined,
  };
}
