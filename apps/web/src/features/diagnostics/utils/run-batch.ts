import { type DeviceDriver, type DiagnosticAction, ErrorIds, type Job } from '@vnoc/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { i18n } from '../../../lib/i18n.ts';

/** How many troubleshooting calls a batch makes at once. */
export const BATCH_CONCURRENCY = 4;

/** Runs `task` on every item, at most `limit` at a time; the results keep the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = { status: 'fulfilled', value: await task(items[index] as T, index) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** A device the batch runs on, as the devices list has it. */
export interface BatchDevice {
  id: string;
  name: string;
  kind: string;
  /** How it reaches vNOC (an OpenWISP device takes no commands), where the list has it. */
  driver?: DeviceDriver;
  macAddress: string;
  site: { name: string };
}

/** A device whose call was refused (403, 409 …), with the refusal's message in the user's language. */
export interface BatchRefusal {
  device: BatchDevice;
  message: string;
}

export interface StartedBatch {
  batchId: string;
  action: DiagnosticAction;
  devices: BatchDevice[];
  jobs: Job[];
  refusals: BatchRefusal[];
}

/**
 * Starts one action on several devices as a batch: a new UUID, then the action called once per device
 * with that `batchId` (a few at a time). Refusals are collected per device, never thrown.
 */
export async function startBatch(
  action: DiagnosticAction,
  devices: readonly BatchDevice[],
  run: (request: { action: DiagnosticAction; deviceId: string; body: { batchId: string } }) => Promise<Job>,
  newId: () => string = () => crypto.randomUUID(),
): Promise<StartedBatch> {
  const batchId = newId();
  const settled = await mapLimit(devices, BATCH_CONCURRENCY, (device) =>
    run({ action, deviceId: device.id, body: { batchId } }),
  );
  const jobs: Job[] = [];
  const refusals: BatchRefusal[] = [];
  settled.forEach((outcome, index) => {
    const device = devices[index] as BatchDevice;
    if (outcome.status === 'fulfilled') jobs.push(outcome.value);
    else refusals.push({ device, message: refusalText(outcome.reason, device, action) });
  });
  return { batchId, action, devices: [...devices], jobs, refusals };
}

/**
 * A refusal in the person's language: an action the device cannot carry out (the API's `not_carried` for its
 * driver, `not_offered` for its kind) in the words its own troubleshooting panel uses; any other, as every error.
 */
export function refusalText(error: unknown, device: BatchDevice, action: DiagnosticAction): string {
  const id = error instanceof ApiError ? error.body?.id : undefined;
  const key =
    id === ErrorIds.notCarried && device.driver
      ? `notCarried.${device.driver}`
      : id === ErrorIds.notOffered
        ? `notOffered.${device.kind}`
        : null;
  if (!key || !i18n.exists(key, { ns: 'diagnostics' })) return errorMessage(error);
  return i18n.t(key, {
    ns: 'diagnostics',
    actions: i18n.t(`actions.${action}.label`, { ns: 'diagnostics' }),
  });
}
