import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TimelineSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { SPAN_MS, type TimelineSpan } from '../utils/timeline-layout.ts';
import { type TimelineSubject, timelineKeyOf } from './keys.ts';

/** GET site/{id}/timeline or device/{id}/timeline: the span up to now (the server's clock ends it). */
export function getTimelineQueryOptions(subject: TimelineSubject, span: TimelineSpan) {
  return queryOptions({
    queryKey: [...timelineKeyOf(subject.kind, subject.id), span],
    // `from` is worked out at each fetch, so a refetch covers the span up to the new now.
    queryFn: ({ signal }) =>
      apiRequest(`${subject.kind}/${encodeURIComponent(subject.id)}/timeline`, {
        query: { from: new Date(Date.now() - SPAN_MS[span]).toISOString() },
        schema: import.meta.env.DEV ? TimelineSchema : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTimeline(subject: TimelineSubject, span: TimelineSpan) {
  return useQuery(getTimelineQueryOptions(subject, span));
}
