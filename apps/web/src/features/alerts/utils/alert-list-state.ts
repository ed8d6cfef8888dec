import {
  ALERT_CODES,
  ALERT_SEVERITIES,
  ALERT_SORT_FIELDS,
  type AlertCode,
  type AlertSeverity,
  type AlertState,
} from '@vnoc/contracts';
import {
  readList,
  readTableParams,
  sortParam,
  type TableParams,
} from '../../../components/data-table/table-params.ts';
import { uuidOrNull } from '../../../lib/ids.ts';
import type { AlertListParams } from '../api/get-alerts.ts';

/** What a datetime-local input holds: local time to the minute (seconds allowed). */
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** The Alerts screen's state in the address bar, so reload, back and a shared link keep it. */
export interface AlertListState {
  table: TableParams;
  /** The tab: active (default) or cleared. */
  status: AlertState;
  code: AlertCode[];
  severity: AlertSeverity[];
  group: string | null;
  site: string | null;
  device: string | null;
  /** Free text over the site (name, alias, account, address). */
  q: string;
  /** Local date-times as the inputs hold them ('' = open). */
  from: string;
  to: string;
  /** The alert whose detail is open. */
  alert: string | null;
}

const localOrEmpty = (value: string | null) => (value && LOCAL_DATETIME.test(value) ? value : '');

/**
 * Reads the state. Unknown codes, severities, sort fields and malformed ids or dates are dropped, so a
 * hand-edited address never sends the server a filter it refuses.
 */
export function readAlertListState(params: URLSearchParams): AlertListState {
  return {
    table: readTableParams(params, ALERT_SORT_FIELDS),
    status: params.get('status') === 'cleared' ? 'cleared' : 'active',
    code: readList(params, 'code', ALERT_CODES),
    severity: readList(params, 'severity', ALERT_SEVERITIES),
    group: uuidOrNull(params.get('group')),
    site: uuidOrNull(params.get('site')),
    device: uuidOrNull(params.get('device')),
    q: (params.get('q') ?? '').trim().slice(0, 200),
    from: localOrEmpty(params.get('from')),
    to: localOrEmpty(params.get('to')),
    alert: uuidOrNull(params.get('alert')),
  };
}

/** A datetime-local value as an ISO time (the browser's time zone); '' or invalid → undefined. */
export function localToIso(value: string): string | undefined {
  if (!LOCAL_DATETIME.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An ISO time as a datetime-local value in the browser's time zone (to the minute). */
export function isoToLocal(iso: string | Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether the date range is backwards (the contract's "start … before its end"); an open end is fine. */
export function rangeReversed(state: Pick<AlertListState, 'from' | 'to'>): boolean {
  const from = localToIso(state.from);
  const to = localToIso(state.to);
  return Boolean(from && to && Date.parse(from) > Date.parse(to));
}

/** How many filters narrow the list (the tab and paging are not filters; a list counts once). */
export function filterCount(state: AlertListState): number {
  return [
    state.code.length > 0,
    state.severity.length > 0,
    state.group !== null,
    state.site !== null,
    state.device !== null,
    state.q !== '',
    state.from !== '',
    state.to !== '',
  ].filter(Boolean).length;
}

/** Whether any filter narrows the list. */
export function hasFilters(state: AlertListState): boolean {
  return filterCount(state) > 0;
}

/** The patch that clears every filter (keeps the tab and sorting). */
export const CLEAR_FILTERS = {
  code: null,
  severity: null,
  group: null,
  site: null,
  device: null,
  q: null,
  from: null,
  to: null,
} as const;

/**
 * GET alert parameters for the state, without paging for the export. A backwards date range is left out
 * (the screen says why) rather than sent to be refused.
 */
export function alertFilterRequest(state: AlertListState): Omit<AlertListParams, 'page' | 'pageSize'> {
  const reversed = rangeReversed(state);
  return {
    status: state.status,
    sorting: sortParam(state.table.sort),
    code: state.code.length ? state.code : undefined,
    severity: state.severity.length ? state.severity : undefined,
    groupId: state.group ?? undefined,
    siteId: state.site ?? undefined,
    deviceId: state.device ?? undefined,
    q: state.q || undefined,
    from: reversed ? undefined : localToIso(state.from),
    to: reversed ? undefined : localToIso(state.to),
  };
}

/** GET alert parameters for the state: the filters and the page. */
export function alertListRequest(state: AlertListState): AlertListParams {
  return { ...alertFilterRequest(state), page: state.table.page, pageSize: state.table.pageSize };
}

/** The severity filter after a severity count is pressed: added when absent, removed when present. */
export function toggleSeverity(current: readonly AlertSeverity[], severity: AlertSeverity): AlertSeverity[] {
  const next = current.includes(severity) ? current.filter((s) => s !== severity) : [...current, severity];
  // Kept in the catalogue's order (worst first), so the address is the same whichever was pressed first.
  return ALERT_SEVERITIES.filter((s) => next.includes(s));
}

/**
 * Whether the list is in the server's own order for the active tab (no column sort chosen): unacknowledged
 * first, then worst severity, then newest (issue 37), which the screen says above the table.
 */
export function usesDefaultOrder(state: Pick<AlertListState, 'status' | 'table'>): boolean {
  return state.status === 'active' && state.table.sort === null;
}
