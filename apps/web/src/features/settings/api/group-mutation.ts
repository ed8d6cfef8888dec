import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handleError } from '../../../lib/error-handler.ts';
import { groupsQueryKey } from './group-list.ts';

/** A group mutation: refreshes the groups after success and reports failures through the shared handler. */
export function useGroupMutation<TVars, TResult>(
  mutationFn: (vars: TVars) => Promise<TResult>,
  onSuccess: (result: TResult, vars: TVars) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, vars) => {
      onSuccess(result, vars);
      await client.invalidateQueries({ queryKey: groupsQueryKey });
    },
    onError: handleError,
  });
}
