import { type ActionCallMap, type DiagnosticAction, type Job, JobSchema } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { useStartJob } from './jobs.ts';

export interface RunActionRequest<A extends DiagnosticAction = DiagnosticAction> {
  action: A;
  deviceId: string;
  /** The action's inputs, and the batch the job joins when the action runs on several devices. */
  body: ActionCallMap[A];
}

/** POST device/troubleshooting/{action}/{deviceId}: starts the action; answers its job (queued). */
export function runAction({ action, deviceId, body }: RunActionRequest): Promise<Job> {
  return apiSend(
    'POST',
    `device/troubleshooting/${encodeURIComponent(action)}/${encodeURIComponent(deviceId)}`,
    body,
    import.meta.env.DEV ? JobSchema : undefined,
  );
}

/** Runs one action on one device; the job is cached for polling and the device's history refreshed. */
export function useRunAction(onSuccess?: (job: Job) => void) {
  return useStartJob(runAction, onSuccess, handleError);
}
