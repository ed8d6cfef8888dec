import { type DashboardSave, type DashboardSaved, DashboardSavedSchema } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/mutation.ts';
import { dashboardsQueryKey } from './keys.ts';

/** POST dashboard/save: creates (no id) or updates a dashboard; answers its id and the spec's message. */
export function saveDashboard(body: DashboardSave): Promise<DashboardSaved> {
  return apiSend('POST', 'dashboard/save', body, import.meta.env.DEV ? DashboardSavedSchema : undefined);
}

/** Saving refetches the dashboards list before it settles; a failure is the caller's to show. */
export function useSaveDashboard() {
  return useCacheMutation(saveDashboard, { stale: () => [dashboardsQueryKey], errors: 'caller' });
}
