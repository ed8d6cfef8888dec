import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProvisionedDevicesParams } from './get-provisioned-devices.ts';

/** Query keys of the provisioning requests, in one place so a change refreshes what it changes. */
export const provisioningKeys = {
  devices: ['provisioning', 'devices'] as const,
  deviceList: (params: ProvisionedDevicesParams | null) => ['provisioning', 'devices', params] as const,
};

/** A device was added, imported or had its secret changed: every page of the device list is asked again. */
export function refreshProvisionedDevices(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: provisioningKeys.devices });
}

/** A request that changes the device list (adding a device, rotating or revoking a secret), refreshing it once done. */
export function useDeviceListChange<V, R>(change: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => refreshProvisionedDevices(client) });
}
