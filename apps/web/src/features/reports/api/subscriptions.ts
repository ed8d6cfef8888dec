import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ReportSubscription,
  type ReportSubscriptionRequest,
  ReportSubscriptionSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest, apiSend } from '../../../lib/api-client.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { reportKeys } from './keys.ts';

/** GET reports/subscriptions: the caller's scheduled reports. */
export function getSubscriptions(signal?: AbortSignal) {
  return apiRequest('reports/subscriptions', {
    schema: import.meta.env.DEV ? z.array(ReportSubscriptionSchema) : undefined,
    signal,
  });
}

export function useSubscriptions() {
  return useQuery(
    queryOptions({ queryKey: reportKeys.subscriptions(), queryFn: ({ signal }) => getSubscriptions(signal) }),
  );
}

/** POST reports/subscriptions: emails the report weekly or monthly, with the filters given. */
export function createSubscription(body: ReportSubscriptionRequest): Promise<ReportSubscription> {
  return apiSend(
    'POST',
    'reports/subscriptions',
    body,
    import.meta.env.DEV ? ReportSubscriptionSchema : undefined,
  );
}

export function useCreateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.subscriptions() }),
  });
}

/** DELETE reports/subscriptions/{id}. */
export function deleteSubscription(id: string) {
  return apiRequest(`reports/subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onError: handleError,
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.subscriptions() }),
  });
}
