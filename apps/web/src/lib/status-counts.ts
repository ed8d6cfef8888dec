import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StatusCounts, StatusCountsSchema } from '@vnoc/contracts';
import { apiRequest } from './api-client.ts';
import { liveRefetchInterval } from './live.ts';

/**
 * GET device/stats/statuscounts, optionally for some groups of sites: one call and one query key for every
 * screen that shows the counts (the sites list, the dashboard's widgets), so moving between them asks once.
 */
export function getStatusCounts(
  groupIds: readonly string[] = [],
  signal?: AbortSignal,
): Promise<StatusCounts> {
  return apiRequest('device/stats/statuscounts', {
    schema: import.meta.env.DEV ? StatusCountsSchema : undefined,
    query: { groupIds: groupIds.length > 0 ? groupIds.join(',') : undefined },
    signal,
  });
}

/** The key's tail for a group filter: nothing without one (the keys the live updates name). */
export const groupKey = (groupIds: readonly string[]) =>
  groupIds.length > 0 ? [{ groupIds: [...groupIds] }] : [];

export function statusCountsQuery(groupIds: readonly string[] = []) {
  return queryOptions({
    queryKey: ['devices', 'statuscounts', ...groupKey(groupIds)] as const,
    queryFn: ({ signal }) => getStatusCounts(groupIds, signal),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useStatusCounts(groupIds: readonly string[] = []) {
  return useQuery(statusCountsQuery(groupIds));
}
