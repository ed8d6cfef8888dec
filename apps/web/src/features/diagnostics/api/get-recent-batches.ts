import { useQuery } from '@tanstack/react-query';
import { RecentBatchSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { diagnosticsKeys } from './keys.ts';

/** GET device/troubleshooting/batches: the caller's latest batches, newest first. */
export function getRecentBatches(signal?: AbortSignal) {
  return apiRequest('device/troubleshooting/batches', {
    schema: import.meta.env.DEV ? z.array(RecentBatchSchema) : undefined,
    signal,
  });
}

/** The caller's latest batches, to reopen their results (also after a reload). */
export function useRecentBatches() {
  return useQuery({
    queryKey: diagnosticsKeys.recentBatches,
    queryFn: ({ signal }) => getRecentBatches(signal),
  });
}
