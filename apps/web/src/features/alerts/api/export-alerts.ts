import { type DownloadRequest, useDownload } from '../../../lib/use-download.ts';
import { type AlertListParams, alertListQuery } from './get-alerts.ts';

/** The server's cap on exported rows. */
export const EXPORT_MAX_ROWS = 10_000;

/** GET alert/export.csv with the list's filters (not its page): the filtered alerts as a CSV file to save. */
function alertsExport(params: Omit<AlertListParams, 'page' | 'pageSize'>): DownloadRequest {
  const { page: _page, pageSize: _size, ...query } = alertListQuery({ ...params, page: 0, pageSize: 50 });
  const day = new Date().toISOString().slice(0, 10);
  return {
    path: 'alert/export.csv',
    query,
    accept: 'text/csv',
    extension: 'csv',
    fallbackName: `alerts-${params.status}-${day}.csv`,
  };
}

export const useExportAlerts = () => useDownload(alertsExport);
