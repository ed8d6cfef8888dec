import type { AnalyticsDuration } from '@vnoc/contracts';
import { dateTimeFormat } from '../../../lib/intl.ts';

/** A length of time as its largest unit and the next one when not zero: 45 s, 3 min 20 s, 2 h 5 min, 1 d. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.round(total));
  const units: [number, string][] = [
    [86_400, 'd'],
    [3600, 'h'],
    [60, 'min'],
    [1, 's'],
  ];
  const first = units.findIndex(([size]) => s >= size);
  if (first === -1) return '0 s';
  const [size, unit] = units[first] as [number, string];
  const whole = Math.floor(s / size);
  const next = units[first + 1];
  const rest = next ? Math.floor((s - whole * size) / next[0]) : 0;
  return next && rest > 0 ? `${whole} ${unit} ${rest} ${next[1]}` : `${whole} ${unit}`;
}

/** Tick labels for a trend over a window: times within a day, day and month beyond. */
export function trendTickFormat(duration: AnalyticsDuration, language: string): Intl.DateTimeFormat {
  const long = duration === 'LAST_7_DAYS' || duration === 'LAST_30_DAYS';
  return dateTimeFormat(
    language,
    long ? { day: 'numeric', month: 'short' } : { hour: '2-digit', minute: '2-digit' },
  );
}
