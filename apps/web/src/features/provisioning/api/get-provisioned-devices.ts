import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ProvisionedDevicesPageSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { provisioningKeys } from './keys.ts';

export interface ProvisionedDevicesParams {
  organizationId: string;
  q?: string;
  sorting?: string;
  page: number;
  pageSize: number;
}

/** GET provisioning/organizations/:orgId/devices: the organization's devices that report for real. */
export function getProvisionedDevices(params: ProvisionedDevicesParams, signal?: AbortSignal) {
  return apiRequest(`provisioning/organizations/${encodeURIComponent(params.organizationId)}/devices`, {
    query: {
      q: params.q || undefined,
      sorting: params.sorting,
      page: params.page,
      pageSize: params.pageSize,
    },
    schema: ProvisionedDevicesPageSchema,
    signal,
  });
}

export function useProvisionedDevices(params: ProvisionedDevicesParams | null) {
  return useQuery(
    queryOptions({
      queryKey: provisioningKeys.deviceList(params),
      queryFn: ({ signal }) => getProvisionedDevices(params as ProvisionedDevicesParams, signal),
      enabled: params !== null,
      placeholderData: keepPreviousData,
    }),
  );
}
