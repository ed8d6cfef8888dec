import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Batch, BatchSchema } from '@vnoc/contracts';
import { pollUntil, readFuture } from './jobs.ts';
import { diagnosticsKeys } from './keys.ts';

/** Whether every job of a batch is over. */
export function isBatchFinished(batch: Pick<Batch, 'summary'>): boolean {
  return batch.summary.queued === 0 && batch.summary.running === 0;
}

/** POST device/troubleshooting/future/multi/{batchId}: every job of one action run on several devices. */
export function getBatch(batchId: string, signal?: AbortSignal): Promise<Batch> {
  return readFuture(
    `multi/${encodeURIComponent(batchId)}`,
    import.meta.env.DEV ? BatchSchema : undefined,
    signal,
  );
}

export function getBatchQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: diagnosticsKeys.batch(batchId),
    queryFn: ({ signal }) => getBatch(batchId, signal),
    refetchInterval: pollUntil(isBatchFinished),
  });
}

/** Follows a batch until all its jobs finish; no request without an id. */
export function useBatch(batchId: string | null) {
  return useQuery({ ...getBatchQueryOptions(batchId ?? ''), enabled: batchId !== null });
}
