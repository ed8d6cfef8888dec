import type { Job } from '@vnoc/contracts';

const ms = (value: string | null | undefined): number | null => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
};

/**
 * How long a job took: from start (or creation, when it never started) to finish; for a job not finished
 * yet, up to `nowMs`. Never negative (the server's and the browser's clocks may differ). Null when unknown.
 */
export function jobDurationMs(
  job: Pick<Job, 'createdAt' | 'startedAt' | 'finishedAt'>,
  nowMs?: number,
): number | null {
  const start = ms(job.startedAt) ?? ms(job.createdAt);
  const end = ms(job.finishedAt) ?? nowMs ?? null;
  if (start === null || end === null) return null;
  return Math.max(0, end - start);
}

/**
 * A run's duration, short: "0.4 s" and "4.2 s" under 10 s, "12 s" under a minute, "2 min 5 s" under an hour,
 * then "1 h 2 min". Null or not a finite number → "—".
 */
export function formatDuration(durationMs: number | null | undefined): string {
  if (durationMs === null || durationMs === undefined || !Number.isFinite(durationMs)) return '—';
  const value = Math.max(0, durationMs);
  if (value < 10_000) return `${(value / 1000).toFixed(1)} s`;
  const seconds = Math.round(value / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Elapsed time as a clock: "0:07", "1:05", "1:02:03". */
export function formatElapsed(elapsedMs: number): string {
  const total = Math.max(0, Math.floor(elapsedMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Milliseconds to one decimal: 1.25 → "1.3"; whole numbers keep ".0" so columns line up. */
export function formatMs(value: number): string {
  return value.toFixed(1);
}

/** A percentage without needless decimals: 0 → "0", 12.345 → "12.3". */
export function formatPercent(value: number): string {
  return String(Math.round(value * 10) / 10);
}
