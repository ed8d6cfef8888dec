import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Alert, AlertSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { refreshAfterAlertChange } from './alert-mutation.ts';

/** POST alert/{id}/acknowledge (ADMINISTRATOR, USER): answers the alert, acknowledged by the caller. */
export function acknowledgeAlert(id: string): Promise<Alert> {
  return apiRequest(`alert/${encodeURIComponent(id)}/acknowledge`, { method: 'POST', schema: AlertSchema });
}

export function useAcknowledgeAlert(onSuccess?: (alert: Alert) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => acknowledgeAlert(id),
    onSuccess: async (alert) => {
      onSuccess?.(alert);
      await refreshAfterAlertChange(client, alert);
    },
    onError: handleError,
  });
}
