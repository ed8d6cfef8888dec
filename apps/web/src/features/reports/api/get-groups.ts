import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET group: the site groups a report can be narrowed to (shares the ['groups'] cache with other screens). */
export function useGroups() {
  return useQuery(
    queryOptions({
      queryKey: ['groups'],
      queryFn: ({ signal }) => apiRequest('group', { schema: z.array(GroupSchema), signal }),
    }),
  );
}
