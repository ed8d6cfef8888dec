import { type Alert, AlertSchema } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/mutation.ts';
import { staleAfterAlertChange } from './alert-mutation.ts';

/** POST alert/{id}/assign {userId} (ADMINISTRATOR, USER): assigns a person, or nobody with null. */
export function assignAlert(id: string, userId: string | null): Promise<Alert> {
  return apiSend(
    'POST',
    `alert/${encodeURIComponent(id)}/assign`,
    { userId },
    import.meta.env.DEV ? AlertSchema : undefined,
  );
}

export function useAssignAlert(onSuccess?: (alert: Alert) => void) {
  return useCacheMutation(
    ({ id, userId }: { id: string; userId: string | null }) => assignAlert(id, userId),
    {
      onSuccess,
      stale: staleAfterAlertChange,
      errors: 'toast',
    },
  );
}
