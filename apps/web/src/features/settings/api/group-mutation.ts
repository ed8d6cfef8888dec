import { useCacheMutation } from '../../../lib/mutation.ts';
import { siteGroupsQueryKey } from '../../../lib/site-groups.ts';
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
    stale: () => [siteGroupsQueryKey, unassociatedSitesQueryKey],
    errors: 'toast',
  });
}
