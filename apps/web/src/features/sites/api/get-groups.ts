import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const GroupListSchema = z.array(GroupSchema);

/** GET group: the organization's groups of sites (the group filter's choices). */
export function getGroups(signal?: AbortSignal) {
  return apiRequest('group', { schema: GroupListSchema, signal });
}

export function getGroupsQueryOptions() {
  return queryOptions({ queryKey: ['groups'], queryFn: ({ signal }) => getGroups(signal) });
}

export function useGroups() {
  return useQuery(getGroupsQueryOptions());
}
