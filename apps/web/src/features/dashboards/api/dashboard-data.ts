import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DeviceSummarySchema,
  PagedSchema,
  SiteSummarySchema,
  type StatusCounts,
  StatusCountsSchema,
  type Uptime,
  UptimeSchema,
} from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../../../lib/live.ts';
import { BASE_DASHBOARD, BASE_UPTIME_DURATION, PROBLEM_STATUSES } from '../utils/base-dashboard.ts';

/** Rows a table widget shows; the widget says how many there are in all. */
export const WIDGET_ROWS = 8;

/** GET device/stats/statuscounts. */
export function getStatusCounts(signal?: AbortSignal): Promise<StatusCounts> {
  return apiRequest('device/stats/statuscounts', { schema: StatusCountsSchema, signal });
}

export function useStatusCounts() {
  return useQuery(
    queryOptions({
      queryKey: ['devices', 'statuscounts'] as const,
      queryFn: ({ signal }) => getStatusCounts(signal),
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}

const PageOfDevices = PagedSchema(DeviceSummarySchema);
const PageOfSites = PagedSchema(SiteSummarySchema);

/** GET device/search/filtered for the problem devices (offline, onbackup, rebooting), most stale first. */
export function getProblemDevices(signal?: AbortSignal) {
  return apiRequest('device/search/filtered', {
    schema: PageOfDevices,
    query: { page: 0, pageSize: WIDGET_ROWS, sorting: 'lastUpdate-asc', status: PROBLEM_STATUSES.join(',') },
    signal,
  });
}

export function useProblemDevices() {
  return useQuery(
    queryOptions({
      queryKey: ['devices', 'problem', WIDGET_ROWS] as const,
      queryFn: ({ signal }) => getProblemDevices(signal),
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}

/** GET site/search/filtered for the problem sites (a device offline, on backup or rebooting), worst first. */
export function getProblemSites(signal?: AbortSignal) {
  return apiRequest('site/search/filtered', {
    schema: PageOfSites,
    query: { page: 0, pageSize: WIDGET_ROWS, sorting: 'status-asc', status: PROBLEM_STATUSES.join(',') },
    signal,
  });
}

export function useProblemSites() {
  return useQuery(
    queryOptions({
      queryKey: ['sites', 'problem', WIDGET_ROWS] as const,
      queryFn: ({ signal }) => getProblemSites(signal),
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}

/** GET analytics/network/uptime (duration, dashboardId). */
export function getUptime(signal?: AbortSignal): Promise<Uptime> {
  return apiRequest('analytics/network/uptime', {
    schema: UptimeSchema,
    query: { duration: BASE_UPTIME_DURATION, dashboardId: BASE_DASHBOARD.id },
    signal,
  });
}

export function useUptime() {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', 'uptime', BASE_UPTIME_DURATION] as const,
      queryFn: ({ signal }) => getUptime(signal),
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}
