/**
 * Quiet hours in a person's time zone, computed with `Intl` (no time-zone library): whether an instant
 * falls inside them, and when they end.
 */

export type QuietHours = { start: string; end: string; timeZone: string };

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a time zone. */
export function wallTime(instant: number, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const wallAsUtc = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallAsUtc(wallTime(whole, timeZone)) - whole;
}

/**
 * The instant a wall-clock time happens in a time zone. A time skipped by a daylight-saving change
 * answers the instant an hour later (what a clock shows once it has jumped).
 */
export function instantOf(wall: Wall, timeZone: string): number {
  const guess = wallAsUtc(wall);
  const first = guess - offsetAt(guess, timeZone);
  // Near a change the offset at the guess may be the other side's: try the offset found at `first`.
  const offset = offsetAt(first, timeZone);
  const second = guess - offset;
  if (second === first || offsetAt(second, timeZone) === offset) return second;
  // Neither offset gives this wall time: it falls in the hour skipped in spring.
  return Math.max(first, second);
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * When the quiet period that `now` falls in ends, or null when `now` is outside quiet hours (or start
 * equals end: no quiet period). Periods may wrap midnight (22:00–07:00); the end is exclusive.
 */
export function quietUntil(now: number, quiet: QuietHours | null): number | null {
  if (!quiet) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const wall = wallTime(now, quiet.timeZone);
  const minute = wall.hour * 60 + wall.minute;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  // Overnight and already past the start: the period ends tomorrow (local date).
  const addDays = start > end && minute >= start ? 1 : 0;
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + addDays));
  return instantOf(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: Math.floor(end / 60),
      minute: end % 60,
      second: 0,
    },
    quiet.timeZone,
  );
}
