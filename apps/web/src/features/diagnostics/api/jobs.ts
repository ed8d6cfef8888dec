import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@vnoc/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { diagnosticsKeys } from './keys.ts';

// How jobs and batches are started and followed; their query keys are in keys.ts, which the live updates import
// without this.

/**
 * A request that starts a job (an action, a confirmation): the job it answers is cached for following and its
 * device's history refreshed, then `onSuccess` is told.
 */
export function useStartJob<V>(
  start: (variables: V) => Promise<Job>,
  onSuccess?: (job: Job) => void,
  onError?: (error: Error) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: (job) => {
      client.setQueryData(diagnosticsKeys.job(job.id), job);
      void client.invalidateQueries({ queryKey: diagnosticsKeys.history(job.deviceId) });
      onSuccess?.(job);
    },
    onError,
  });
}

/** How often a job or batch that has not finished is asked again (the brief: ~1.5 s). */
export const JOB_POLL_MS = 1500;

/** A query's `refetchInterval` for a job or a batch: every JOB_POLL_MS until its answer says it is over. */
export function pollUntil<T>(finished: (data: T) => boolean) {
  return (query: { state: { data: T | undefined } }): number | false => {
    const data = query.state.data;
    return data !== undefined && finished(data) ? false : JOB_POLL_MS;
  };
}

/**
 * POST device/troubleshooting/future/{id} (a job) or future/multi/{id} (a batch): how a job or batch is read (a
 * POST, as the spec names it). Pass the answer's schema as `import.meta.env.DEV ? Schema : undefined`, as to
 * `apiSend`: checked in development and left out of production (given as it is, the job's schema and every
 * action's result schema with it went into the device page's first load, +34 KB gzipped).
 */
export function readFuture<S extends z.ZodType>(
  path: string,
  schema: S | undefined,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return apiRequest(`device/troubleshooting/future/${path}`, { method: 'POST', schema, signal });
}
