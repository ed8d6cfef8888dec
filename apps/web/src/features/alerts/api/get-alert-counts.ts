import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AlertCounts, AlertCountsSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { alertCountsQueryKey } from './keys.ts';

/** GET alert/counts: root alerts by state and severity, and how many active ones the caller has not seen. */
export function getAlertCounts(signal?: AbortSignal): Promise<AlertCounts> {
  return apiRequest('alert/counts', { schema: import.meta.env.DEV ? AlertCountsSchema : undefined, signal });
}

export function getAlertCountsQueryOptions() {
  return queryOptions({
    queryKey: alertCountsQueryKey,
    queryFn: ({ signal }) => getAlertCounts(signal),
    refetchInterval: () => liveRefetchInterval(),
  });
}

/** The counts (the menu's unseen badge and the Alerts screen's severity counts share this query). */
export function useAlertCounts(enabled = true) {
  return useQuery({ ...getAlertCountsQueryOptions(), enabled });
}
