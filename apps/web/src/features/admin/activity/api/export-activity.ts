import { useMutation } from '@tanstack/react-query';
import { fetchDownload, saveBlob } from '../../../../lib/download.ts';
import { handleError } from '../../../../lib/error-handler.ts';
import type { ActivityFilterParams } from '../utils/activity-list-state.ts';

/** The server's cap on exported rows. */
export const ACTIVITY_EXPORT_MAX_ROWS = 10_000;

/** GET organization/{id}/activity/export.csv with the list's filters: the entries as a CSV file to save. */
export function exportActivity(organizationId: string, filters: ActivityFilterParams) {
  const day = new Date().toISOString().slice(0, 10);
  return fetchDownload(`organization/${encodeURIComponent(organizationId)}/activity/export.csv`, {
    query: { ...filters },
    accept: 'text/csv',
    extension: 'csv',
    fallbackName: `activity-${day}.csv`,
  });
}

export function useExportActivity(organizationId: string | undefined) {
  return useMutation({
    mutationFn: (filters: ActivityFilterParams) => exportActivity(organizationId ?? '', filters),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: handleError,
  });
}
