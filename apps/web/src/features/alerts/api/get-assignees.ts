import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssignableUserSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { assigneesQueryKey } from './keys.ts';

export type Assignee = z.infer<typeof AssignableUserSchema>;

/** GET alert/assignees: the people of the organization an alert may be assigned to. */
export function getAssignees(signal?: AbortSignal): Promise<Assignee[]> {
  return apiRequest('alert/assignees', {
    schema: import.meta.env.DEV ? z.array(AssignableUserSchema) : undefined,
    signal,
  });
}

export function useAssignees(enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: assigneesQueryKey,
      queryFn: ({ signal }) => getAssignees(signal),
      staleTime: 5 * 60_000,
    }),
    enabled,
  });
}
