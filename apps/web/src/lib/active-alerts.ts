import { queryOptions } from '@tanstack/react-query';
import { AlertSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { liveRefetchInterval } from './live.ts';

/**
 * GET {site|device}/{id}/alerts?active=true: the active alerts of one site or device, live. Cached under
 * [kind, id, 'alerts'], below the item's own key, so a change to the site or device refreshes them too.
 */
export function activeAlertsQueryOptions(kind: 'site' | 'device', id: string) {
  return queryOptions({
    queryKey: [kind, id, 'alerts'] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${kind}/${encodeURIComponent(id)}/alerts`, {
        schema: import.meta.env.DEV ? z.array(AlertSchema) : undefined,
        query: { active: true },
        signal,
      }),
    refetchInterval: () => liveRefetchInterval(),
  });
}
