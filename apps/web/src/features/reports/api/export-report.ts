import type { ReportId } from '@vnoc/contracts';
import { type DownloadRequest, useDownload } from '../../../lib/use-download.ts';
import type { ReportQueryParams } from './get-report.ts';

export type ExportFormat = 'csv' | 'pdf';

const ACCEPT: Record<ExportFormat, string> = { csv: 'text/csv', pdf: 'application/pdf' };

/**
 * GET reports/{id}/export.csv|pdf with the screen's range, filters and sorting (not its page): the CSV has
 * every filtered row, the PDF the totals, chart and first rows. Fetched with the token, saved as a file.
 */
function reportExport(variables: {
  id: ReportId;
  format: ExportFormat;
  query: ReportQueryParams;
}): DownloadRequest {
  const { id, format, query } = variables;
  return {
    path: `reports/${encodeURIComponent(id)}/export.${format}`,
    query,
    accept: ACCEPT[format],
    extension: format,
    fallbackName: `${id}-${query.from ?? ''}-${query.to ?? ''}.${format}`,
  };
}

export const useExportReport = () => useDownload(reportExport);
