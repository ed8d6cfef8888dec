import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET group: the organization's site groups (the group filter's and the maintenance form's choices). */
export function getGroups(signal?: AbortSignal) {
  return apiRequest('group', { schema: z.array(GroupSchema), signal });
}

/** Shares the ['groups'] cache with the other screens that list groups (same request, same answer). */
export function useGroups() {
  return useQuery(queryOptions({ queryKey: ['groups'], queryFn: ({ signal }) => getGroups(signal) }));
}
