import { type MaintenanceRequest, type MaintenanceWindow, MaintenanceWindowSchema } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/mutation.ts';
import { maintenanceQueryKey } from './keys.ts';

/** POST maintenance (ADMINISTRATOR): schedules a window over sites or a group; answers the window. */
export function createMaintenanceWindow(body: MaintenanceRequest): Promise<MaintenanceWindow> {
  return apiSend('POST', 'maintenance', body, import.meta.env.DEV ? MaintenanceWindowSchema : undefined);
}

/** Schedules a window. Failures are left to the form, which shows them and keeps what was typed. */
export function useCreateMaintenanceWindow() {
  return useCacheMutation(createMaintenanceWindow, { stale: () => [maintenanceQueryKey], errors: 'caller' });
}
