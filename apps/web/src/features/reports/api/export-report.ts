import { useMutation } from '@tanstack/react-query';
import type { ReportId } from '@vnoc/contracts';
import { fetchDownload, saveBlob } from '../../../lib/download.ts';
import { handleError } from '../../../lib/error-handler.ts';
import type { ReportQueryParams } from './get-report.ts';

export type ExportFormat = 'csv' | 'pdf';

const ACCEPT: Record<ExportFormat, string> = { csv: 'text/csv', pdf: 'application/pdf' };

/**
 * GET reports/{id}/export.csv|pdf with the screen's range, filters and sorting (not its page): the CSV has
 * every filtered row, the PDF the totals, chart and first rows. Fetched with the token, saved as a file.
 */
export function exportReport(variables: { id: ReportId; format: ExportFormat; query: ReportQueryParams }) {
  const { id, format, query } = variables;
  return fetchDownload(`reports/${encodeURIComponent(id)}/export.${format}`, {
    query,
    accept: ACCEPT[format],
    extension: format,
    fallbackName: `${id}-${query.from ?? ''}-${query.to ?? ''}.${format}`,
  });
}

export function useExportReport() {
  return useMutation({
    mutationFn: exportReport,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: handleError,
  });
}
