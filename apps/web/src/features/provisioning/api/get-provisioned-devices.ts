import { useQuery } from '@tanstack/react-query';
import { ProvisionedDevicesPageSchema } from '@vnoc/contracts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { provisioningKeys } from './keys.ts';

export interface ProvisionedDevicesParams {
  organizationId: string;
  q?: string;
  sorting?: string;
  page: number;
  pageSize: number;
}

/** GET provisioning/organizations/:orgId/devices: the organization's devices that report for real. */
export function useProvisionedDevices(params: ProvisionedDevicesParams | null) {
  const path = `provisioning/organizations/${encodeURIComponent(params?.organizationId ?? '')}/devices`;
  const page = pageQueryOptions(provisioningKeys.deviceList(params), path, {
    query: {
      q: params?.q || undefined,
      sorting: params?.sorting,
      page: params?.page,
      pageSize: params?.pageSize,
    },
    schema: ProvisionedDevicesPageSchema,
  });
  return useQuery({ ...page, enabled: params !== null });
}
