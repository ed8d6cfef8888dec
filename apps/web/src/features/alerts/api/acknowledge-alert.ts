import { type Alert, AlertSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/mutation.ts';
import { staleAfterAlertChange } from './alert-mutation.ts';

/** POST alert/{id}/acknowledge (ADMINISTRATOR, USER): answers the alert, acknowledged by the caller. */
export function acknowledgeAlert(id: string): Promise<Alert> {
  return apiRequest(`alert/${encodeURIComponent(id)}/acknowledge`, {
    method: 'POST',
    schema: import.meta.env.DEV ? AlertSchema : undefined,
  });
}

export function useAcknowledgeAlert(onSuccess?: (alert: Alert) => void) {
  return useCacheMutation((id: string) => acknowledgeAlert(id), {
    onSuccess,
    stale: staleAfterAlertChange,
    errors: 'toast',
  });
}
