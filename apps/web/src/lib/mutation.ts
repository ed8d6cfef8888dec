import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { handleError } from './error-handler.ts';

interface CacheMutation<TVars, TResult> {
  /** The answer is the fresh copy of one cached query: it is written there at once. */
  answers?: (result: TResult) => QueryKey;
  /** What the caller does with the answer (close a modal, say it was saved), before the refetch. */
  onSuccess?: (result: TResult, vars: TVars) => void;
  /** The queries the change makes stale; the mutation stays pending until they are refetched. */
  stale?: (result: TResult) => readonly (QueryKey | null)[];
  /** Failures: a toast through the shared handler, or left to the form that shows them beside what was typed. */
  errors: 'toast' | 'caller';
}

/** A mutation that keeps the cache true to what it changed (answer written, stale queries refetched). */
export function useCacheMutation<TVars, TResult>(
  mutationFn: (vars: TVars) => Promise<TResult>,
  { answers, onSuccess, stale, errors }: CacheMutation<TVars, TResult>,
) {
  const client = useQueryClient();
  return useMutation<TResult, Error, TVars>({
    mutationFn,
    onSuccess: async (result, vars) => {
      if (answers) client.setQueryData(answers(result), result);
      onSuccess?.(result, vars);
      const keys = stale?.(result).filter((key) => key !== null) ?? [];
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: errors === 'toast' ? handleError : undefined,
  });
}
