import { apiRequest } from '../../../lib/api-client.ts';
import { useDeviceListChange } from './keys.ts';

/** DELETE provisioning/devices/:id/secret: the secret is refused from now on and the device disconnected. */
export function revokeDeviceSecret(deviceId: string) {
  return apiRequest(`provisioning/devices/${encodeURIComponent(deviceId)}/secret`, { method: 'DELETE' });
}

export function useRevokeDeviceSecret() {
  return useDeviceListChange(revokeDeviceSecret);
}
