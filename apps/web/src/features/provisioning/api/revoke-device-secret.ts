import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshProvisionedDevices } from './keys.ts';

/** DELETE provisioning/devices/:id/secret: the secret is refused from now on and the device disconnected. */
export function revokeDeviceSecret(deviceId: string) {
  return apiRequest(`provisioning/devices/${encodeURIComponent(deviceId)}/secret`, { method: 'DELETE' });
}

export function useRevokeDeviceSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeDeviceSecret,
    onSuccess: () => refreshProvisionedDevices(client),
  });
}
