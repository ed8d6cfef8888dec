import { queryOptions, useQuery } from '@tanstack/react-query';
import { SiteSummarySchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';

/** GET site?userId: every site the user may see, each with the user's favourite flag. */
export function getUserSites(userId: string, signal?: AbortSignal) {
  return apiRequest('site', {
    query: { userId },
    schema: import.meta.env.DEV ? z.array(SiteSummarySchema) : undefined,
    signal,
  });
}

export function getUserSitesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['sites', 'user', userId],
    refetchInterval: () => liveRefetchInterval(),
    queryFn: ({ signal }) => getUserSites(userId, signal),
  });
}

export function useUserSites(userId: string | undefined, enabled = true) {
  return useQuery({ ...getUserSitesQueryOptions(userId ?? ''), enabled: enabled && Boolean(userId) });
}
