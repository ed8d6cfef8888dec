import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Alert } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { AlertPageSchema } from './get-alerts.ts';
import { newestAlertQueryKey } from './keys.ts';

/** GET alert?status=active&pageSize=1&sorting=raisedAt-desc: the newest active root alert, or null. */
export async function getNewestAlert(signal?: AbortSignal): Promise<Alert | null> {
  const page = await apiRequest('alert', {
    query: { status: 'active', page: 0, pageSize: 1, sorting: 'raisedAt-desc' },
    schema: AlertPageSchema,
    signal,
  });
  return page.content[0] ?? null;
}

export function useNewestAlert() {
  return useQuery(
    queryOptions({
      queryKey: newestAlertQueryKey,
      queryFn: ({ signal }) => getNewestAlert(signal),
      refetchInterval: () => liveRefetchInterval(),
    }),
  );
}
