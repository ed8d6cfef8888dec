import { numberFormat } from '../../../lib/intl.ts';

/**
 * A report day (YYYY-MM-DD, a UTC day) in the spec's date order, MM/DD/YYYY. A day has no time of day, so
 * none is shown (times such as "last updated" use lib/format's full MM/DD/YYYY hh:mm A). Invalid → ''.
 */
export function formatDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** A whole number in the language's grouping: 12345 → "12,345" / "12.345". */
export function formatCount(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/**
 * Seconds as the two largest units that matter: 45 → "45s", 3725 → "1h 02m", 90061 → "1d 01h",
 * 0 → "0s". The unit letters are the same in English and Spanish.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const total = Math.max(0, Math.round(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${two(hours)}h`;
  if (hours > 0) return `${hours}h ${two(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${two(secs)}s`;
  return `${secs}s`;
}
