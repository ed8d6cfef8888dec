import { type AlertDetail, AlertDetailSchema } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/mutation.ts';
import { alertListsQueryKey, alertQueryKey } from './keys.ts';

/** POST alert/{id}/notes {text} (ADMINISTRATOR, USER): answers the alert's detail with the new note. */
export function addAlertNote(id: string, text: string): Promise<AlertDetail> {
  return apiSend(
    'POST',
    `alert/${encodeURIComponent(id)}/notes`,
    { text },
    import.meta.env.DEV ? AlertDetailSchema : undefined,
  );
}

/** Adds a note. Failures are left to the form, which shows them beside the text it keeps. */
export function useAddAlertNote() {
  return useCacheMutation(({ id, text }: { id: string; text: string }) => addAlertNote(id, text), {
    answers: (detail) => alertQueryKey(detail.id),
    stale: () => [alertListsQueryKey],
    errors: 'caller',
  });
}
