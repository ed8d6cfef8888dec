/**
 * A report query's own checks, before anything is read: its range of UTC days, its sorting and its model list.
 * Pure: the caller's rights and the ids in the filters are the service's.
 */
import {
  REPORT_DEFAULT_SORTING,
  REPORT_MAX_MONTHS,
  REPORT_SORT_FIELDS,
  type ReportId,
  type ReportQuery,
  reportLastCompleteDay,
} from '@vnoc/contracts';
import { Errors } from '../../errors.ts';
import { parseSorting } from '../../sql/paging.ts';
import type { Sort } from './repository/rollups.ts';

export const DAY_MS = 86_400_000;
/** The UTC day (YYYY-MM-DD) of a time. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** `day` + `months` calendar months, on the same day of the month or the month's last day. */
function monthsAfter(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return dayOf(target.getTime());
}

/**
 * The range of a query: default the 7 days ending on the report's last complete day (UTC; yesterday, or the
 * carrier's last reported day for billing); from alone → 7 days from it (not past today); to alone → the 7 days
 * ending then. Reversed, ending after today or longer than 13 months → 400.
 */
export function resolveRange(
  query: Pick<ReportQuery, 'from' | 'to'>,
  now: Date,
  report: ReportId = 'online-analytics',
): { from: string; to: string } {
  const today = dayOf(now.getTime());
  const yesterday = reportLastCompleteDay(report, now.getTime());
  let { from, to } = query;
  if ((from && from > today) || (to && to > today))
    throw Errors.invalidInput('The date range cannot end in the future.', to && to > today ? 'to' : 'from');
  if (!to) {
    const week = from ? dayOf(msOf(from) + 6 * DAY_MS) : yesterday;
    to = week < today ? week : today;
  }
  if (!from) from = dayOf(msOf(to) - 6 * DAY_MS);
  if (from > to)
    throw Errors.invalidInput('The start of the date range must be on or before its end.', 'from');
  if (to >= monthsAfter(from, REPORT_MAX_MONTHS))
    throw Errors.invalidInput(`The date range can be at most ${REPORT_MAX_MONTHS} months long.`, 'to');
  return { from, to };
}

/** A `field-asc` / `field-desc` sorting on one of the report's sort fields (its default when none), or 400. */
export function resolveSorting(report: ReportId, sorting: string | undefined): { text: string; sort: Sort } {
  const text = sorting || REPORT_DEFAULT_SORTING[report];
  const fields: readonly string[] = REPORT_SORT_FIELDS[report];
  const dash = text.lastIndexOf('-');
  const dir = text.slice(dash + 1);
  const parsed = parseSorting<string>(text);
  if (dash < 1 || (dir !== 'asc' && dir !== 'desc') || !fields.includes(parsed.field))
    throw Errors.invalidInput(`Sort by one of ${fields.join(', ')}, as field-asc or field-desc.`, 'sorting');
  return { text, sort: parsed };
}

/** The comma-separated model names of a filter (none: undefined); more than 50 or one over 100 characters → 400. */
export function modelsOf(model: string | undefined): string[] | undefined {
  const list = (model ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  if (list.length > 50 || list.some((m) => m.length > 100))
    throw Errors.invalidInput('Enter at most 50 model names.', 'model');
  return list.length ? list : undefined;
}
