import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Asked on every page (the outbox gate): its schema, and zod, load with the answer, not with the page. */
export async function getHealth(signal?: AbortSignal) {
  const { HealthSchema } = await import('@vnoc/contracts/health');
  return apiRequest('health', { schema: HealthSchema, signal });
}

export const healthQueryOptions = queryOptions({
  queryKey: ['health'],
  queryFn: ({ signal }) => getHealth(signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** GET health: whether codes go to the dev outbox (delivery 'outbox'). */
export function useHealth() {
  return useQuery(healthQueryOptions);
}
