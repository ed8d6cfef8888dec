import { SITE_SORT_FIELDS } from '@vnoc/contracts';
import { readList } from '../../../components/data-table/table-params.ts';
import { STATUS_FILTERS, type StatusFilter } from '../../../components/fleet-filter-options.ts';
import {
  type FleetListState,
  fleetSearchRequest,
  readFleetListState,
} from '../../../components/fleet-search.ts';
import { isUuid } from '../../../lib/ids.ts';
import type { SiteSearchParams } from '../api/search-sites.ts';

/** The menu's views of the site list (spec part 2 menu labels). */
export const SITE_VIEWS = ['all', 'problem', 'favorites', 'recent'] as const;
export type SiteView = (typeof SITE_VIEWS)[number];

/** Problem Sites: "offline, on backup, rebooting" (issue 3; the base dashboard's problem list). */
export const PROBLEM_STATUSES: readonly StatusFilter[] = ['offline', 'onbackup', 'rebooting'];

/** Columns the server sorts sites by. */
export const SITE_SORTS = SITE_SORT_FIELDS;

export interface SiteListState extends FleetListState {
  view: SiteView;
  group: string[];
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
    ...readFleetListState(params, view === 'recent' ? ['lastVisited'] : SITE_SORTS, allowed),
    group: readList(params, 'group').filter((id) => isUuid(id)),
  };
}

/** The search request for the list's state; Problem Sites with no status chosen asks for all three. */
export function siteSearchRequest(state: SiteListState): SiteSearchParams {
  const status = state.view === 'problem' && state.status.length === 0 ? [...PROBLEM_STATUSES] : state.status;
  return { ...fleetSearchRequest(state, status), groupId: state.group };
}
