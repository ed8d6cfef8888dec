import {
  REPORT_IDS,
  REPORT_MAX_MONTHS,
  REPORT_SORT_FIELDS,
  type ReportFilters,
  type ReportId,
  reportLastCompleteDay,
} from '@vnoc/contracts';
import {
  readList,
  readTableParams,
  sortParam,
  type TableParams,
} from '../../../components/data-table/table-params.ts';
import { uuidOrNull } from '../../../lib/ids.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export function isReportId(value: string): value is ReportId {
  return (REPORT_IDS as readonly string[]).includes(value);
}

/** A UTC day (YYYY-MM-DD) of a time: report days are UTC days, as the server counts them. */
export function dayOf(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Whether a text is a real calendar day written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  return Boolean(value && DAY.test(value) && dayOf(Date.parse(`${value}T00:00:00.000Z`) || 0) === value);
}

function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS);
}

/** `day` + `months` calendar months, the day kept or clamped to the month's end (as the server counts). */
export function addMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return dayOf(target);
}

export interface DayRange {
  from: string;
  to: string;
}

/**
 * The server's default: the last `days` complete UTC days of the report, ending yesterday, or for billing on the
 * last day the carrier reported in full (contracts' reportLastCompleteDay).
 */
export function lastDays(now: Date, days = 7, report: ReportId = 'online-analytics'): DayRange {
  const to = reportLastCompleteDay(report, now.getTime());
  return { from: addDays(to, -(days - 1)), to };
}

export type RangeProblem = 'missing' | 'future' | 'reversed' | 'tooLong';

/**
 * What is wrong with a range, by the server's rules (`reports/{id}`): both days given, none after today
 * (UTC), start on or before end, at most 13 months long. null when fine.
 */
export function rangeProblem(range: { from: string; to: string }, now: Date): RangeProblem | null {
  if (!isDay(range.from) || !isDay(range.to)) return 'missing';
  const today = dayOf(now);
  if (range.from > today || range.to > today) return 'future';
  if (range.from > range.to) return 'reversed';
  if (range.to >= addMonths(range.from, REPORT_MAX_MONTHS)) return 'tooLong';
  return null;
}

/** The latest start day a range ending `to` may have, and the latest end day for a start (the pickers' limits). */
export function rangeLimits(range: DayRange, now: Date) {
  const today = dayOf(now);
  const furthestEnd = isDay(range.from) ? addDays(addMonths(range.from, REPORT_MAX_MONTHS), -1) : today;
  return {
    fromMin: isDay(range.to) ? addDays(addMonths(range.to, -REPORT_MAX_MONTHS), 1) : undefined,
    fromMax: isDay(range.to) && range.to < today ? range.to : today,
    toMin: isDay(range.from) ? range.from : undefined,
    toMax: furthestEnd < today ? furthestEnd : today,
  };
}

/** A report screen's state in the address bar, so reload, back and a shared link keep it. */
export interface ReportState {
  table: TableParams;
  /** From the address as written (checked by the server); the default range when absent. */
  range: DayRange;
  /** Whether the address names a range (else the default last 7 days). */
  customRange: boolean;
  site: string | null;
  group: string | null;
  model: string[];
  q: string;
  /** SLA target percent, when set. */
  target: number | null;
}

/**
 * Reads the state. Unknown sort fields and malformed ids are dropped. The range is kept as written when it is
 * made of real days (a reversed, future or too long one is sent, and the server's message shown); a missing or
 * malformed end falls back to the last 7 days.
 */
export function readReportState(report: ReportId, params: URLSearchParams, now: Date): ReportState {
  const from = params.get('from');
  const to = params.get('to');
  const customRange = isDay(from) && isDay(to);
  const target = Number(params.get('target'));
  return {
    table: readTableParams(params, REPORT_SORT_FIELDS[report]),
    range: customRange ? { from, to } : lastDays(now, 7, report),
    customRange,
    site: uuidOrNull(params.get('site')),
    group: uuidOrNull(params.get('group')),
    model: readList(params, 'model').slice(0, 50),
    q: (params.get('q') ?? '').trim().slice(0, 200),
    target: report === 'sla' && params.get('target') && target >= 50 && target <= 100 ? target : null,
  };
}

/** The report's filters as the API takes them (also what a subscription stores). */
export function reportFilters(state: ReportState): ReportFilters {
  const filters: ReportFilters = {};
  if (state.site) filters.siteId = state.site;
  if (state.group) filters.groupId = state.group;
  if (state.model.length) filters.model = state.model.join(',');
  if (state.q) filters.q = state.q;
  if (state.target !== null) filters.target = state.target;
  return filters;
}

/** The query string of `GET reports/{id}` and its exports (paging left out for the exports). */
export function reportQuery(state: ReportState, paged = true): Record<string, string | number | undefined> {
  const query: Record<string, string | number | undefined> = {
    from: state.range.from,
    to: state.range.to,
    sorting: sortParam(state.table.sort),
    ...reportFilters(state),
  };
  if (paged) {
    query.page = state.table.page;
    query.pageSize = state.table.pageSize;
  }
  return query;
}

/** How many filters narrow the report (the range is not one). */
export function filterCount(state: ReportState): number {
  return [state.site, state.group, state.model.length > 0, state.q, state.target !== null].filter(Boolean)
    .length;
}

/** The patch that clears every filter (keeps the range and sorting). */
export const CLEAR_FILTERS = { site: null, group: null, model: null, q: null, target: null } as const;
