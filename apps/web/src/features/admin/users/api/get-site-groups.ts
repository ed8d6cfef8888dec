import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Group, GroupSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client.ts';

/** GET group: the organization's site groups, to choose a person's groups from (same key as Settings → Groups). */
export function getSiteGroups(signal?: AbortSignal): Promise<Group[]> {
  return apiRequest('group', { schema: z.array(GroupSchema), signal });
}

export function getSiteGroupsQueryOptions() {
  return queryOptions({ queryKey: ['groups'] as const, queryFn: ({ signal }) => getSiteGroups(signal) });
}

export function useSiteGroups() {
  return useQuery(getSiteGroupsQueryOptions());
}
