import { type AlertCounts, AlertCountsSchema } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/mutation.ts';
import { alertCountsQueryKey } from './keys.ts';

/** POST userProfile/updateLastSeenAlert {lastSeenId}: answers the caller's counts (unseen now 0 or fewer). */
export function updateLastSeenAlert(lastSeenId: string): Promise<AlertCounts> {
  return apiSend(
    'POST',
    'userProfile/updateLastSeenAlert',
    { lastSeenId },
    import.meta.env.DEV ? AlertCountsSchema : undefined,
  );
}

/** Marks alerts seen up to one; the menu's badge (the shared counts query) takes the answer at once. */
export function useUpdateLastSeenAlert() {
  return useCacheMutation(updateLastSeenAlert, { answers: () => alertCountsQueryKey, errors: 'caller' });
}
