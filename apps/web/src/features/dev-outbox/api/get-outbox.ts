import { useQuery } from '@tanstack/react-query';
import { OutboxResponseSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec-free dev aid: the outbox is polled every 3 s while the panel is open. */
export const OUTBOX_REFRESH_MS = 3000;

export function getOutbox(to: string, signal?: AbortSignal) {
  return apiRequest('dev/outbox', { query: { to }, schema: OutboxResponseSchema, signal });
}

/** GET dev/outbox?to=: the newest messages for an address, refreshed while `enabled`. */
export function useOutbox(to: string, enabled: boolean) {
  const address = to.trim();
  return useQuery({
    queryKey: ['dev-outbox', address],
    queryFn: ({ signal }) => getOutbox(address, signal),
    enabled: enabled && address.length > 0,
    refetchInterval: enabled ? OUTBOX_REFRESH_MS : false,
    staleTime: 0,
  });
}
