import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Alert, AlertSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { refreshAfterAlertChange } from './alert-mutation.ts';

/** POST alert/{id}/assign {userId} (ADMINISTRATOR, USER): assigns a person, or nobody with null. */
export function assignAlert(id: string, userId: string | null): Promise<Alert> {
  return apiRequest(`alert/${encodeURIComponent(id)}/assign`, {
    method: 'POST',
    body: { userId },
    schema: AlertSchema,
  });
}

export function useAssignAlert(onSuccess?: (alert: Alert) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userId }: { id: string; userId: string | null }) => assignAlert(id, userId),
    onSuccess: async (alert) => {
      onSuccess?.(alert);
      await refreshAfterAlertChange(client, alert);
    },
    onError: handleError,
  });
}
