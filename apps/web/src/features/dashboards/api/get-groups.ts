import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET group: the site groups a dashboard or a widget may be scoped to. */
export function getGroups(signal?: AbortSignal) {
  return apiRequest('group', { schema: import.meta.env.DEV ? z.array(GroupSchema) : undefined, signal });
}

export function useGroups(enabled = true) {
  return useQuery(
    queryOptions({ queryKey: ['groups'] as const, queryFn: ({ signal }) => getGroups(signal), enabled }),
  );
}
