import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Device, DeviceSchema, type EditPortNameRequest } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { deviceQueryKey } from './get-device.ts';

/** POST device/editPortName: a port's label (empty clears it); answers the device. */
export function editPortName(request: EditPortNameRequest): Promise<Device> {
  return apiRequest('device/editPortName', { method: 'POST', body: request, schema: DeviceSchema });
}

export function useEditPortName(onSuccess?: (device: Device) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editPortName,
    onSuccess: (device) => {
      client.setQueryData(deviceQueryKey(device.id), device);
      onSuccess?.(device);
    },
    onError: handleError,
  });
}
