import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DashboardDeletedSchema } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { dashboardsQueryKey } from './keys.ts';

/** POST dashboard/delete {id}: answers the spec's '{name} has been successfully removed'. */
export function deleteDashboard(id: string) {
  return apiSend(
    'POST',
    'dashboard/delete',
    { id },
    import.meta.env.DEV ? DashboardDeletedSchema : undefined,
  );
}

export function useDeleteDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDashboard,
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardsQueryKey }),
  });
}
