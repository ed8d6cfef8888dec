// The timelines' query keys, apart from their requests: the live updates import them without the timeline's layout.

export type TimelineSubject = { kind: 'site' | 'device'; id: string };

/** Every timeline query starts with this key: a status change or a new alert refreshes them all. */
export const timelineQueryKey = ['timeline'] as const;
/** One site's or device's timelines (every span): a live event about it refreshes them. */
export const timelineKeyOf = (kind: TimelineSubject['kind'], id: string) =>
  [...timelineQueryKey, kind, id] as const;
