import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Batch, BatchSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { diagnosticsKeys } from './keys.ts';

/** DELETE device/troubleshooting/future/multi/{batchId}: cancels the batch's queued jobs (running ones finish). */
export function cancelBatch(batchId: string): Promise<Batch> {
  return apiRequest(`device/troubleshooting/future/multi/${encodeURIComponent(batchId)}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? BatchSchema : undefined,
  });
}

export function useCancelBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelBatch,
    onSuccess: (batch) => {
      client.setQueryData(diagnosticsKeys.batch(batch.batchId), batch);
      void client.invalidateQueries({ queryKey: diagnosticsKeys.recentBatches });
    },
    onError: handleError,
  });
}
