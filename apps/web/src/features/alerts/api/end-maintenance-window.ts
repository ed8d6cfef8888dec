import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MaintenanceWindow, MaintenanceWindowSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { maintenanceQueryKey } from './keys.ts';

/** POST maintenance/{id}/end (ADMINISTRATOR): ends a window now (a scheduled one never starts). */
export function endMaintenanceWindow(id: string): Promise<MaintenanceWindow> {
  return apiRequest(`maintenance/${encodeURIComponent(id)}/end`, {
    method: 'POST',
    schema: import.meta.env.DEV ? MaintenanceWindowSchema : undefined,
  });
}

export function useEndMaintenanceWindow(onSuccess?: (maintenanceWindow: MaintenanceWindow) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endMaintenanceWindow,
    onSuccess: async (maintenanceWindow) => {
      onSuccess?.(maintenanceWindow);
      await client.invalidateQueries({ queryKey: maintenanceQueryKey });
    },
    onError: handleError,
  });
}
