/*
 * The timelines' vocabulary without zod (issue 39): the ranges and the types of events. The site and device
 * screens read these on their first load; the schemas built on them live in timeline.ts.
 */
import type { TimelineEventType } from './timeline.ts';

/** The longest range a timeline covers, in days (issue 37: 24 h, 7 d and 30 d views). */
export const TIMELINE_MAX_DAYS = 31;
/** The range when none is asked for: the 7 days up to now. */
export const TIMELINE_DEFAULT_DAYS = 7;

/** The types of events, in the order the console shows their rows. */
export const TIMELINE_EVENT_TYPES = [
  'alert',
  'diagnostic',
  'ticket',
  'support',
  'config',
] as const satisfies readonly TimelineEventType[];

/** Events of one type a timeline holds at most (the newest); `truncated` says when some were left out. */
export const TIMELINE_EVENTS_MAX = 500;
