import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AlertDetail, AlertDetailSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { alertListsQueryKey, alertQueryKey } from './keys.ts';

/** POST alert/{id}/notes {text} (ADMINISTRATOR, USER): answers the alert's detail with the new note. */
export function addAlertNote(id: string, text: string): Promise<AlertDetail> {
  return apiRequest(`alert/${encodeURIComponent(id)}/notes`, {
    method: 'POST',
    body: { text },
    schema: AlertDetailSchema,
  });
}

/** Adds a note. Failures are left to the form, which shows them beside the text it keeps. */
export function useAddAlertNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => addAlertNote(id, text),
    onSuccess: async (detail) => {
      client.setQueryData(alertQueryKey(detail.id), detail);
      await client.invalidateQueries({ queryKey: alertListsQueryKey });
    },
  });
}
