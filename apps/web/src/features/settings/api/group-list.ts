import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Group, GroupSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const groupsQueryKey = ['groups'] as const;

/** GET group: the organization's site groups. */
export function getGroups(signal?: AbortSignal): Promise<Group[]> {
  return apiRequest('group', { schema: z.array(GroupSchema), signal });
}

export function getGroupsQueryOptions() {
  return queryOptions({ queryKey: groupsQueryKey, queryFn: ({ signal }) => getGroups(signal) });
}

export function useGroups() {
  return useQuery(getGroupsQueryOptions());
}
