import { type Job, JobSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useStartJob } from './jobs.ts';

/**
 * POST device/troubleshooting/confirmLanPorts/{deviceId}: keeps off the ports a real device disabled (it
 * cancels their automatic revert). Answers the confirmation's job (queued); the device's answer finishes it.
 */
export function confirmLanPorts(deviceId: string): Promise<Job> {
  return apiRequest(`device/troubleshooting/confirmLanPorts/${encodeURIComponent(deviceId)}`, {
    method: 'POST',
    schema: import.meta.env.DEV ? JobSchema : undefined,
  });
}

/** Confirms; the job is cached for following and the device's history refreshed. Errors are the caller's to show. */
export function useConfirmLanPorts(onSuccess?: (job: Job) => void) {
  return useStartJob(confirmLanPorts, onSuccess);
}
