import { formatDuration } from '@vnoc/contracts';
import { nextTask } from './after-paint.ts';
import { currentLanguage } from './i18n.ts';
import { dateTimeFormat, numberFormat, prepareNumbers } from './intl.ts';
import { formatAge } from './relative-age.ts';

/** A time as the server sends it (ISO text or epoch milliseconds), or a Date. */
export type DateInput = Date | string | number;

export interface DateOptions {
  /** The language of the time zone's name ("EST", "GMT-5"); the interface's language unless given. */
  lang?: string;
  /** The zone to show the time in; the browser's unless given. */
  timeZone?: string;
}

/**
 * Spec: dates are shown as MM/DD/YYYY hh:mm A (12-hour with AM/PM: midnight is 12:00 AM, noon 12:00 PM), the
 * same pattern in every language, followed by the time zone's short name in the interface's language
 * ("03/02/2026 09:00 AM EST", "03/02/2026 09:00 AM GMT-5"): an operator reading an alert sent from another
 * region knows whose clock it is. In the browser's time zone unless one is given. Missing or invalid → ''.
 */
export function formatDate(date: DateInput | null | undefined, options: DateOptions = {}): string {
  if (date === null || date === undefined || date === '') return '';
  const value = new Date(date);
  const time = value.getTime();
  if (Number.isNaN(time)) return '';
  const { lang = currentLanguage(), timeZone } = options;
  const key = `${lang}|${timeZone ?? ''}|${time}`;
  let text = formattedDates.get(key);
  if (text === undefined) {
    text = composeDate(value, lang, timeZone);
    if (formattedDates.size >= FORMATTED_DATES_KEPT) formattedDates.clear();
    formattedDates.set(key, text);
  }
  return text;
}

/**
 * The dates already written, per language, zone and instant: a list draws the same rows' dates again on every
 * refresh and age tick, and each costs two `formatToParts` (the most of a row's drawing once its tooltip went).
 * Emptied when full, so a long session's memory stays bounded.
 */
const formattedDates = new Map<string, string>();
const FORMATTED_DATES_KEPT = 5_000;

function composeDate(value: Date, lang: string, timeZone: string | undefined): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  const pattern = dateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h12',
    timeZone,
  });
  for (const { type, value: text } of pattern.formatToParts(value)) part[type] = text;
  const zone = dateTimeFormat(lang, { timeZoneName: 'short', timeZone })
    .formatToParts(value)
    .find((p) => p.type === 'timeZoneName')?.value;
  const text = `${part.month}/${part.day}/${part.year} ${part.hour}:${part.minute} ${part.dayPeriod?.toUpperCase()}`;
  return zone ? `${text} ${zone}` : text;
}

/**
 * Builds, ahead of need, the formatters a screen's first rows use — the language's numbers, then the dates
 * (`formatDate`'s two) and the ages (`formatAge`'s) — each in a task of its own: the first Intl formatter of each
 * kind a page builds and uses loads its locale data (numbers ~14–27 ms, dates and ages 12–23 ms at 4× CPU), which
 * otherwise lands inside the first widget's draw. Builds the very formatters those functions then take from
 * `intl.ts` (same language and options), and writes nothing a screen reads.
 */
export async function prepareFormats(language: string): Promise<void> {
  prepareNumbers(language);
  await nextTask();
  composeDate(new Date(), language, undefined);
  await nextTask();
  formatAge(0, language);
}

/**
 * A value in the largest unit that keeps it at 1 or more, to one decimal without a trailing ".0". A value
 * that rounds up to the next unit is shown in it (1023.96 KB → "1 MB", not "1024 KB"). Missing or not a
 * finite number → ''.
 */
function scaled(value: number | null | undefined, base: number, units: readonly string[]): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  let amount = Math.abs(value);
  let unit = 0;
  while (unit < units.length - 1 && Number(amount.toFixed(1)) >= base) {
    amount /= base;
    unit += 1;
  }
  const text = amount.toFixed(1).replace(/\.0$/, '');
  return `${text === '0' ? '' : sign}${text} ${units[unit]}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const BIT_RATE_UNITS = ['kbps', 'Mbps', 'Gbps', 'Tbps'] as const;

/** Spec part 9: "Byte units base 1024." 1536 → "1.5 KB"; PB is the largest unit. */
export function formatBytes(bytes: number | null | undefined): string {
  return scaled(bytes, 1024, BYTE_UNITS);
}

/**
 * Spec part 9: "bitrate from kbps to Tbps." Bit rates are decimal (1 Mbps = 1000 kbps), as links and
 * carriers quote them, unlike bytes. 1500 kbps → "1.5 Mbps"; Tbps is the largest unit.
 */
export function formatBitRate(kbps: number | null | undefined): string {
  return scaled(kbps, 1000, BIT_RATE_UNITS);
}

/**
 * A duration in its two largest units, in the interface's language unless given: "1 d 15 h", "5 h 12 min",
 * "45 s" (the contracts' words, which the API's messages use too). Negative or not finite → "—".
 */
export function humanizeDuration(seconds: number, lang: string = currentLanguage()): string {
  return formatDuration(seconds, lang === 'es' ? 'es' : 'en');
}

/**
 * A share of time (uptime, availability, time offline) as people read it: at most 2 decimals in the
 * language's number style (88.0189 → "88.02 %" / "88,02 %", 100 → "100 %"), with as many more as it takes
 * (up to 6) that a share short of 100 % or above 0 % never reads as 100 % or 0 % (99.9996 → "99.9996 %").
 * Not a number → ''.
 */
export function formatPercent(
  value: number | null | undefined,
  language: string = currentLanguage(),
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  let digits = 2;
  const bound = (d: number) => {
    const rounded = Number(value.toFixed(d));
    return (rounded === 100 && value !== 100) || (rounded === 0 && value !== 0);
  };
  while (digits < 6 && bound(digits)) digits += 1;
  return `${numberFormat(language, { maximumFractionDigits: digits }).format(value)} %`;
}
