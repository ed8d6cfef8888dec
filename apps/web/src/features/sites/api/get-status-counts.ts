import { queryOptions, useQuery } from '@tanstack/react-query';
import { StatusCountsSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';

/** GET device/stats/statuscounts, optionally for some groups of sites. */
export function getStatusCounts(groupIds: readonly string[] = [], signal?: AbortSignal) {
  return apiRequest('device/stats/statuscounts', {
    query: { groupIds: groupIds.length > 0 ? groupIds.join(',') : undefined },
    schema: StatusCountsSchema,
    signal,
  });
}

export function getStatusCountsQueryOptions(groupIds: readonly string[] = []) {
  return queryOptions({
    queryKey: ['devices', 'statusCounts', [...groupIds]],
    queryFn: ({ signal }) => getStatusCounts(groupIds, signal),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useStatusCounts(groupIds: readonly string[] = []) {
  return useQuery(getStatusCountsQueryOptions(groupIds));
}
