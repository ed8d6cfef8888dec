/**
 * How a report's figures are written out for people (the PDF and the email): units, dates, durations and
 * file names, in the reader's language and number format. The API's JSON and the CSV keep raw figures.
 */
import type { ReportId } from '@vnoc/contracts';
import type { Language } from '../../notifications/profile.ts';
import { REPORT_TEXT, type ReportText } from './report-text.ts';

/** A figure in the reader's number format, to `digits` decimals exactly. */
export const fixed = (locale: string, v: number, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);

/** Bytes in base-1024 units (spec part 9), in the reader's number format, about 3 significant digits past bytes. */
export function formatBytes(bytes: number, locale = 'en-US'): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${fixed(locale, v, u === 0 ? 0 : v >= 100 ? 0 : v >= 10 ? 1 : 2)} ${units[u]}`;
}

/** MM/DD/YYYY hh:mm A (spec part 9), in UTC; a dash when there is no time. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours() % 12 || 12;
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()} ${p(h)}:${p(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'} UTC`;
}

/** MM/DD/YYYY of a YYYY-MM-DD day. */
export const formatDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** Seconds as days, hours and minutes, leaving out the leading zero units. */
export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h ${m}m` : h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** A report file's name: the report and its range, e.g. `sla-2026-03-01-to-2026-03-07.pdf`. */
export const fileName = (report: ReportId, range: { from: string; to: string }, ext: string) =>
  `${report}-${range.from}-to-${range.to}.${ext}`;

/** The range of UTC days in words, in `language`. */
export const rangeText = (from: string, to: string, language: Language = 'en') =>
  REPORT_TEXT[language].range(formatDay(from), formatDay(to));

/** How a report's figures are written for one reader: words and number format. */
export type Writer = {
  text: ReportText;
  percent: (v: number) => string;
  count: (v: number) => string;
  bytes: (v: number) => string;
};

export const writerOf = (language: Language): Writer => {
  const text = REPORT_TEXT[language];
  return {
    text,
    // As the console writes it (at most 2 decimals): the JSON and the CSV keep the 4 decimals.
    percent: (v) => `${new Intl.NumberFormat(text.locale, { maximumFractionDigits: 2 }).format(v)} %`,
    count: (v) => new Intl.NumberFormat(text.locale).format(v),
    bytes: (v) => formatBytes(v, text.locale),
  };
};
