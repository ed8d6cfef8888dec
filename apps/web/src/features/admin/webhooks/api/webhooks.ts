import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type WebhookCreate,
  WebhookDeliverySchema,
  WebhookSchema,
  WebhookTestResultSchema,
  type WebhookUpdate,
  WebhookWithSecretSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client.ts';

export const webhooksQueryKey = ['webhooks'] as const;
const path = (id: string, rest = '') => `webhooks/${encodeURIComponent(id)}${rest}`;

/** GET webhooks: the organization's destinations (ADMINISTRATOR). */
export function useWebhooks() {
  return useQuery(
    queryOptions({
      queryKey: webhooksQueryKey,
      queryFn: ({ signal }) => apiRequest('webhooks', { schema: z.array(WebhookSchema), signal }),
    }),
  );
}

/** GET webhooks/{id}/deliveries: the latest deliveries to a destination, newest first. */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({
    queryKey: [...webhooksQueryKey, id, 'deliveries'] as const,
    queryFn: ({ signal }) =>
      apiRequest(path(id ?? '', '/deliveries'), { schema: z.array(WebhookDeliverySchema), signal }),
    enabled: id !== null,
  });
}

export const createWebhook = (body: WebhookCreate) =>
  apiRequest('webhooks', { method: 'POST', body, schema: WebhookWithSecretSchema });
export const updateWebhook = ({ id, body }: { id: string; body: WebhookUpdate }) =>
  apiRequest(path(id), { method: 'PUT', body, schema: WebhookSchema });
export const deleteWebhook = async (id: string) => {
  await apiRequest(path(id), { method: 'DELETE' });
};
export const rotateSecret = (id: string) =>
  apiRequest(path(id, '/secret'), {
    method: 'POST',
    body: { overlapHours: 24 },
    schema: WebhookWithSecretSchema,
  });
export const sendTest = (id: string) =>
  apiRequest(path(id, '/test'), { method: 'POST', schema: WebhookTestResultSchema });
export const resumeWebhook = (id: string) =>
  apiRequest(path(id, '/resume'), { method: 'POST', schema: WebhookSchema });
export const redeliver = ({ id, deliveryId }: { id: string; deliveryId: string }) =>
  apiRequest(path(id, `/deliveries/${encodeURIComponent(deliveryId)}/redeliver`), {
    method: 'POST',
    schema: WebhookDeliverySchema,
  });

/** A change to webhooks: the list (and delivery logs) are fetched again after it. */
export function useWebhookMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
