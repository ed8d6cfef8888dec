import { useCacheMutation } from '../../../lib/mutation.ts';
import { groupsQueryKey } from './group-list.ts';

/** A group mutation: refreshes the groups after success and reports failures through the shared handler. */
export function useGroupMutation<TVars, TResult>(
  mutationFn: (vars: TVars) => Promise<TResult>,
  onSuccess: (result: TResult, vars: TVars) => void,
) {
  return useCacheMutation(mutationFn, { onSuccess, stale: () => [groupsQueryKey], errors: 'toast' });
}
