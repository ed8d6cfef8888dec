import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ReportId, ReportPageSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { reportKeys } from './keys.ts';

export type ReportQueryParams = Record<string, string | number | undefined>;

/** GET reports/{id}: a page of rows, the totals over the whole filtered set and the per-day summary. */
export function getReport(id: ReportId, query: ReportQueryParams, signal?: AbortSignal) {
  return apiRequest(`reports/${encodeURIComponent(id)}`, {
    query,
    schema: import.meta.env.DEV ? ReportPageSchema : undefined,
    signal,
  });
}

export function getReportQueryOptions(id: ReportId, query: ReportQueryParams) {
  return queryOptions({
    queryKey: reportKeys.page(id, query),
    queryFn: ({ signal }) => getReport(id, query, signal),
    // The previous page stays shown while the next one loads (sorting, paging), not a blank table.
    placeholderData: keepPreviousData,
    // Daily rollups change once a day; a report is not live data.
    staleTime: 60_000,
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && 'status' in error && Number(error.status) < 500),
  });
}

export function useReport(id: ReportId, query: ReportQueryParams) {
  return useQuery(getReportQueryOptions(id, query));
}
