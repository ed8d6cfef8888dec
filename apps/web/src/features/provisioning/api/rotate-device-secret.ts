import { DeviceSecretSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useDeviceListChange } from './keys.ts';

/** POST provisioning/devices/:id/secret: a new secret; the old one stops working at once. */
export function rotateDeviceSecret(deviceId: string) {
  return apiRequest(`provisioning/devices/${encodeURIComponent(deviceId)}/secret`, {
    method: 'POST',
    schema: DeviceSecretSchema,
  });
}

export function useRotateDeviceSecret() {
  return useDeviceListChange(rotateDeviceSecret);
}
