import { queryOptions, useQuery } from '@tanstack/react-query';
import { isFinishedJobState, type Job, JobSchema } from '@vnoc/contracts';
import { pollUntil, readFuture } from './jobs.ts';
import { diagnosticsKeys } from './keys.ts';

/** POST device/troubleshooting/future/{jobId}: the job's state, and its result or error once finished. */
export function getJob(jobId: string, signal?: AbortSignal): Promise<Job> {
  return readFuture(encodeURIComponent(jobId), import.meta.env.DEV ? JobSchema : undefined, signal);
}

export function getJobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: diagnosticsKeys.job(jobId),
    queryFn: ({ signal }) => getJob(jobId, signal),
    // Asked again until the job is over; a finished job never changes.
    refetchInterval: pollUntil((job: Job) => isFinishedJobState(job.state)),
    staleTime: (query) => {
      const job = query.state.data;
      return job && isFinishedJobState(job.state) ? Number.POSITIVE_INFINITY : 0;
    },
  });
}

/** Follows a job until it finishes; no request without an id. */
export function useJob(jobId: string | null) {
  return useQuery({ ...getJobQueryOptions(jobId ?? ''), enabled: jobId !== null });
}
