import type { QueryClient } from '@tanstack/react-query';
import type { Job } from '@vnoc/contracts';

/** Query keys of the troubleshooting requests, in one place so runs can update what they change. */
export const diagnosticsKeys = {
  all: ['diagnostics'] as const,
  job: (jobId: string) => ['diagnostics', 'job', jobId] as const,
  batch: (batchId: string) => ['diagnostics', 'batch', batchId] as const,
  recentBatches: ['diagnostics', 'recentBatches'] as const,
  history: (deviceId: string) => ['diagnostics', 'history', deviceId] as const,
};

/** A job just started (an action, a confirmation): cached for following, and its device's history refreshed. */
export function noteStartedJob(client: QueryClient, job: Job): void {
  client.setQueryData(diagnosticsKeys.job(job.id), job);
  void client.invalidateQueries({ queryKey: diagnosticsKeys.history(job.deviceId) });
}

/** How often a job or batch that has not finished is asked again (the brief: ~1.5 s). */
export const JOB_POLL_MS = 1500;
