import { relativeTimeFormat } from './intl.ts';

/**
 * An age as short relative text in a language ("3 minutes ago", "hace 3 minutos"): seconds under a
 * minute, minutes under an hour, hours under a day, then days. Null age → null.
 */
export function formatAge(ageMs: number | null, lang: string): string | null {
  if (ageMs === null || !Number.isFinite(ageMs)) return null;
  const rtf = relativeTimeFormat(lang, { numeric: 'auto', style: 'long' });
  const seconds = Math.round(ageMs / 1000);
  if (seconds < 60) return rtf.format(-seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.floor(hours / 24), 'day');
}
