import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Device,
  DeviceSchema,
  type EditDeviceNameRequest,
  type EditPortNameRequest,
} from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { deviceQueryKey } from './keys.ts';
import { deviceListKey } from './search-devices.ts';

/** POST device/editPortName: a port's label (empty clears it); answers the device. */
export function editPortName(request: EditPortNameRequest): Promise<Device> {
  return apiSend('POST', 'device/editPortName', request, import.meta.env.DEV ? DeviceSchema : undefined);
}

/** POST device/editName: the device's own name (empty gives back its default); answers the device. */
export function editDeviceName(request: EditDeviceNameRequest): Promise<Device> {
  return apiSend('POST', 'device/editName', request, import.meta.env.DEV ? DeviceSchema : undefined);
}

/**
 * A change to the device that answers it: the device page takes the answer as is; the device lists (All
 * Devices, the dashboards' widgets, a site's devices) read theirs again.
 */
function useDeviceEdit<T>(mutationFn: (request: T) => Promise<Device>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (device) => {
      client.setQueryData(deviceQueryKey(device.id), device);
      void client.invalidateQueries({ queryKey: deviceListKey });
      void client.invalidateQueries({ queryKey: ['sites'] });
    },
    onError: handleError,
  });
}

export const useEditPortName = () => useDeviceEdit(editPortName);
export const useEditDeviceName = () => useDeviceEdit(editDeviceName);
