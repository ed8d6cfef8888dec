import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DashboardSave, type DashboardSaved, DashboardSavedSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardsQueryKey } from './keys.ts';

/** POST dashboard/save: creates (no id) or updates a dashboard; answers its id and the spec's message. */
export function saveDashboard(body: DashboardSave): Promise<DashboardSaved> {
  return apiRequest('dashboard/save', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? DashboardSavedSchema : undefined,
  });
}

export function useSaveDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDashboard,
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardsQueryKey }),
  });
}
