import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProvisioningSiteSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET provisioning/organizations/:orgId/sites: the organization's sites, for the add-device form. */
export function getProvisioningSites(organizationId: string, signal?: AbortSignal) {
  return apiRequest(`provisioning/organizations/${encodeURIComponent(organizationId)}/sites`, {
    schema: z.array(ProvisioningSiteSchema),
    signal,
  });
}

export function useProvisioningSites(organizationId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['provisioning', 'sites', organizationId],
      queryFn: ({ signal }) => getProvisioningSites(organizationId as string, signal),
      enabled: organizationId !== null,
    }),
  );
}
