import { queryOptions, useQuery } from '@tanstack/react-query';
import { isFinishedJobState, type Job, JobSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { JOB_POLL_MS } from './jobs.ts';
import { diagnosticsKeys } from './keys.ts';

/** GET device/{deviceId}/troubleshooting: the device's runs, newest first (at most 50). */
export function getDeviceJobs(deviceId: string, signal?: AbortSignal): Promise<Job[]> {
  return apiRequest(`device/${encodeURIComponent(deviceId)}/troubleshooting`, {
    schema: import.meta.env.DEV ? z.array(JobSchema) : undefined,
    signal,
  });
}

export function getDeviceJobsQueryOptions(deviceId: string) {
  return queryOptions({
    queryKey: diagnosticsKeys.history(deviceId),
    queryFn: ({ signal }) => getDeviceJobs(deviceId, signal),
    // Quick while a run is under way (its row moves to its result), live otherwise (others may run actions).
    refetchInterval: (query) =>
      query.state.data?.some((job) => !isFinishedJobState(job.state)) ? JOB_POLL_MS : liveRefetchInterval(),
  });
}

export function useDeviceJobs(deviceId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getDeviceJobsQueryOptions(deviceId), enabled: options.enabled ?? true });
}
