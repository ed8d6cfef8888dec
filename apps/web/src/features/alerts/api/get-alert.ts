import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AlertDetail, AlertDetailSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { alertQueryKey } from './keys.ts';

/** GET alert/{id}: the alert, its root (for a dependent), its dependents and its notes. */
export function getAlert(id: string, signal?: AbortSignal): Promise<AlertDetail> {
  return apiRequest(`alert/${encodeURIComponent(id)}`, { schema: AlertDetailSchema, signal });
}

export function getAlertQueryOptions(id: string) {
  return queryOptions({
    queryKey: alertQueryKey(id),
    queryFn: ({ signal }) => getAlert(id, signal),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useAlert(id: string | null) {
  return useQuery({ ...getAlertQueryOptions(id ?? ''), enabled: Boolean(id) });
}
