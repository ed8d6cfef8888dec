import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiKey,
  ApiKeySchema,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  CreatedApiKeySchema,
  DashboardListSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client.ts';

const apiKeysQueryKey = ['api-keys'] as const;

/** GET apiKeys: the organization's API keys (ADMINISTRATOR), those in use first. */
export function useApiKeys() {
  return useQuery(
    queryOptions({
      queryKey: apiKeysQueryKey,
      queryFn: ({ signal }) => apiRequest('apiKeys', { schema: z.array(ApiKeySchema), signal }),
    }),
  );
}

/** POST apiKeys: the new key, with its secret shown this once. */
export function createApiKey(body: CreateApiKeyRequest): Promise<CreatedApiKey> {
  return apiRequest('apiKeys', { method: 'POST', body, schema: CreatedApiKeySchema });
}

/** POST apiKeys/{id}/revoke: the key stops working at once. */
export function revokeApiKey(key: Pick<ApiKey, 'id'>): Promise<ApiKey> {
  return apiRequest(`apiKeys/${encodeURIComponent(key.id)}/revoke`, { method: 'POST', schema: ApiKeySchema });
}

/** A change to the keys: refreshes the list after success; the caller shows success and failure. */
export function useApiKeyMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/**
 * GET dashboard/all, the dashboards shared in the organization: what a display key may show (the server accepts
 * only those). The base dashboard is built in, not a saved one: it has no numeric id.
 */
export function useSharedDashboards(enabled: boolean) {
  return useQuery({
    queryKey: ['api-keys', 'shared-dashboards'] as const,
    queryFn: ({ signal }) => apiRequest('dashboard/all', { schema: DashboardListSchema, signal }),
    select: (dashboards) => dashboards.filter((d) => d.shared && /^\d+$/.test(d.id)),
    enabled,
  });
}
