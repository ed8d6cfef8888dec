import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Dashboard, DashboardListSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardsQueryKey } from './keys.ts';

/**
 * GET dashboard/all: the caller's dashboards and those shared with the organization, the base dashboard
 * `vnoc` first, the others by id, widgets y then x (the server orders them; spec part 4).
 */
export function getDashboards(signal?: AbortSignal): Promise<Dashboard[]> {
  return apiRequest('dashboard/all', {
    schema: import.meta.env.DEV ? DashboardListSchema : undefined,
    signal,
  });
}

export function getDashboardsQueryOptions() {
  return queryOptions({
    queryKey: dashboardsQueryKey,
    queryFn: ({ signal }) => getDashboards(signal),
    staleTime: 30_000,
  });
}

export function useDashboards() {
  return useQuery(getDashboardsQueryOptions());
}
