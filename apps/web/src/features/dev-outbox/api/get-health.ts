import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Health } from '@vnoc/contracts/health';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Asked on every page (the outbox gate). Its answer is checked against the schema in development only: in
 * production no page loads zod and the schemas' module for the gate (their evaluation was a long task of their own
 * on Lighthouse's mobile profile, issue 39), as with the answers of the changes a screen sends (`apiSend`).
 */
export async function getHealth(signal?: AbortSignal): Promise<Health> {
  const schema = import.meta.env.DEV ? (await import('@vnoc/contracts/health')).HealthSchema : undefined;
  return (await apiRequest('health', { schema, signal })) as Health;
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
