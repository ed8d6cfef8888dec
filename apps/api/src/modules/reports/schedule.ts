/** When a scheduled report goes out and the range it covers (issue 9 part 6). */
import type { ReportFrequency } from '@vnoc/contracts';
import { DAY_MS, dayOf } from './query.ts';

/** Scheduled runs go out at this hour (UTC): weekly on Mondays, monthly on the 1st. */
export const SEND_HOUR_UTC = 6;

/** The first send time strictly after `after`: the next Monday (weekly) or 1st of a month (monthly), 06:00 UTC. */
export function nextRunAfter(frequency: ReportFrequency, after: Date): Date {
  const d = new Date(
    Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), SEND_HOUR_UTC),
  );
  if (frequency === 'weekly') {
    // getUTCDay: Sunday 0, Monday 1.
    const ahead = (8 - d.getUTCDay()) % 7;
    d.setUTCDate(d.getUTCDate() + ahead);
    if (d <= after) d.setUTCDate(d.getUTCDate() + 7);
    return d;
  }
  const first = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), 1, SEND_HOUR_UTC));
  if (first > after) return first;
  return new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth() + 1, 1, SEND_HOUR_UTC));
}

/** The range a run due at `due` covers: the 7 days before it (weekly) or the previous calendar month (monthly). */
export function rangeOfRun(frequency: ReportFrequency, due: Date): { from: string; to: string } {
  const today = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate());
  if (frequency === 'weekly') return { from: dayOf(today - 7 * DAY_MS), to: dayOf(today - DAY_MS) };
  const from = Date.UTC(due.getUTCFullYear(), due.getUTCMonth() - 1, 1);
  const to = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), 0);
  return { from: dayOf(from), to: dayOf(to) };
}
