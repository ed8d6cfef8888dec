import { queryOptions, useQuery } from '@tanstack/react-query';
import { HealthSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getHealth(signal?: AbortSignal) {
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
