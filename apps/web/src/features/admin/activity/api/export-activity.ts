import { type DownloadRequest, useDownload } from '../../../../lib/use-download.ts';
import type { ActivityFilterParams } from '../utils/activity-list-state.ts';

/** The server's cap on exported rows. */
export const ACTIVITY_EXPORT_MAX_ROWS = 10_000;

/** GET organization/{id}/activity/export.csv with the list's filters: the entries as a CSV file to save. */
function activityExport(organizationId: string, filters: ActivityFilterParams): DownloadRequest {
  const day = new Date().toISOString().slice(0, 10);
  return {
    path: `organization/${encodeURIComponent(organizationId)}/activity/export.csv`,
    query: { ...filters },
    accept: 'text/csv',
    extension: 'csv',
    fallbackName: `activity-${day}.csv`,
  };
}

export const useExportActivity = (organizationId: string | undefined) =>
  useDownload((filters: ActivityFilterParams) => activityExport(organizationId ?? '', filters));
