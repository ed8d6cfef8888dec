import { type CreateProvisionedDevice, ProvisionedDeviceWithSecretSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useDeviceListChange } from './keys.ts';

/** POST provisioning/devices: the new device, its secret (shown once) and its setup lines. */
export function createProvisionedDevice(body: CreateProvisionedDevice) {
  return apiRequest('provisioning/devices', {
    method: 'POST',
    body,
    schema: ProvisionedDeviceWithSecretSchema,
  });
}

export function useCreateProvisionedDevice() {
  return useDeviceListChange(createProvisionedDevice);
}
