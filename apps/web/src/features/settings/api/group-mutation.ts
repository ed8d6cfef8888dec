import { useCacheMutation } from '../../../lib/mutation.ts';
import { groupsQueryKey } from './group-list.ts';
import { unassociatedSitesQueryKey } from './unassociated-sites.ts';

/**
 * A group mutation: refreshes the groups, and the sites in no group (which any change of a group's sites can
 * change), after success, and reports failures through the shared handler.
 */
export function useGroupMutation<TVars, TResult>(
  mutationFn: (vars: TVars) => Promise<TResult>,
  onSuccess: (result: TResult, vars: TVars) => void,
) {
  return useCacheMutation(mutationFn, {
    onSuccess,
    stale: () => [groupsQueryKey, unassociatedSitesQueryKey],
    errors: 'toast',
  });
}
