import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProvisioningOrganizationSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET provisioning/organizations: the customer organizations support staff add devices to. */
export function getProvisioningOrganizations(signal?: AbortSignal) {
  return apiRequest('provisioning/organizations', {
    schema: z.array(ProvisioningOrganizationSchema),
    signal,
  });
}

export function useProvisioningOrganizations() {
  return useQuery(
    queryOptions({
      queryKey: ['provisioning', 'organizations'],
      queryFn: ({ signal }) => getProvisioningOrganizations(signal),
    }),
  );
}
