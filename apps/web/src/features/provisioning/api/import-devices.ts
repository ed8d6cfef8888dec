import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportDevicesAnswerSchema, type ImportDevicesRequest } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshProvisionedDevices } from './keys.ts';

/**
 * POST provisioning/devices/import: a dry run (the rows that would be added) or the real run (every device
 * and its secret). Bad rows answer 400: `importProblemsOf(error.body.errors)` lists them.
 */
export function importDevices(body: ImportDevicesRequest) {
  return apiRequest('provisioning/devices/import', {
    method: 'POST',
    body,
    schema: ImportDevicesAnswerSchema,
  });
}

export function useImportDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importDevices,
    onSuccess: (answer) => {
      if (!answer.dryRun) void refreshProvisionedDevices(client);
    },
  });
}
