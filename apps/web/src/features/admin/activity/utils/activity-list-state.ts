import { AUDIT_ACTION } from '@vnoc/contracts';
import {
  readList,
  readTableParams,
  type TableParams,
} from '../../../../components/data-table/table-params.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The activity log's state in the address bar: paging and the filters, so reload and back keep them. */
export interface ActivityListState {
  table: TableParams;
  /** Free text over the person's or the support person's name and email. */
  person: string;
  actions: string[];
  /** Days (yyyy-mm-dd, the browser's time zone) as the date inputs hold them; '' = open. */
  from: string;
  to: string;
  impersonated: boolean;
}

export const CLEAR_FILTERS = {
  person: null,
  action: null,
  from: null,
  to: null,
  impersonated: null,
} as const;

const dayOrEmpty = (value: string | null) => (value && DAY.test(value) ? value : '');

/** Reads the state; malformed actions and dates are dropped, so the server is never sent a filter it refuses. */
export function readActivityState(params: URLSearchParams): ActivityListState {
  return {
    // Newest first always: the log has no other order.
    table: readTableParams(params, []),
    person: (params.get('person') ?? '').trim().slice(0, 200),
    actions: readList(params, 'action').filter((a) => AUDIT_ACTION.test(a)),
    from: dayOrEmpty(params.get('from')),
    to: dayOrEmpty(params.get('to')),
    impersonated: params.get('impersonated') === 'true',
  };
}

/** The first moment of a day, or its last, in the browser's time zone, as an ISO time. */
export function dayBoundary(day: string, end: boolean): string | undefined {
  if (!DAY.test(day)) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function rangeReversed(state: Pick<ActivityListState, 'from' | 'to'>): boolean {
  return Boolean(state.from && state.to && state.from > state.to);
}

export interface ActivityFilterParams {
  person?: string;
  action?: string;
  from?: string;
  to?: string;
  impersonated?: 'true';
}

/** The query of GET organization/{id}/activity (and its CSV export) for the state's filters. */
export function activityFilterRequest(state: ActivityListState): ActivityFilterParams {
  const reversed = rangeReversed(state);
  return {
    person: state.person || undefined,
    action: state.actions.length ? state.actions.join(',') : undefined,
    from: reversed ? undefined : dayBoundary(state.from, false),
    to: reversed ? undefined : dayBoundary(state.to, true),
    impersonated: state.impersonated ? 'true' : undefined,
  };
}

export function filterCount(state: ActivityListState): number {
  return [
    state.person !== '',
    state.actions.length > 0,
    state.from !== '',
    state.to !== '',
    state.impersonated,
  ].filter(Boolean).length;
}
