import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportInfoSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { reportKeys } from './keys.ts';

/** GET reports: the reports the caller's organization may open (the server applies the entitlements). */
export function getReports(signal?: AbortSignal) {
  return apiRequest('reports', {
    schema: import.meta.env.DEV ? z.array(ReportInfoSchema) : undefined,
    signal,
  });
}

export function getReportsQueryOptions() {
  return queryOptions({
    queryKey: reportKeys.list(),
    queryFn: ({ signal }) => getReports(signal),
    staleTime: 5 * 60_000,
  });
}

export function useReports() {
  return useQuery(getReportsQueryOptions());
}
