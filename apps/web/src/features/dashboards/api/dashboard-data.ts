import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AlertSchema,
  DeviceSummarySchema,
  PagedSchema,
  SiteSummarySchema,
  type StatusCounts,
  StatusCountsSchema,
  type Uptime,
  UptimeSchema,
} from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS, liveRefetchInterval } from '../../../lib/live.ts';
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
      refetchInterval: () => liveRefetchInterval(),
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
      refetchInterval: () => liveRefetchInterval(),
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
      refetchInterval: () => liveRefetchInterval(),
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
      // Uptime is computed from the status periods (no event carries it): it keeps its pace.
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
}

const PageOfAlerts = PagedSchema(AlertSchema);
/** The ActiveAlerts widget's request: the organization's active root alerts, worst first. */
const ACTIVE_ALERTS = { status: 'active', page: 0, pageSize: WIDGET_ROWS, sorting: 'severity-asc' } as const;

/** GET alert?status=active&sorting=severity-asc: a few active root alerts, worst first, and their total. */
export function getActiveAlerts(signal?: AbortSignal) {
  return apiRequest('alert', { schema: PageOfAlerts, query: { ...ACTIVE_ALERTS }, signal });
}

export function useActiveAlerts() {
  return useQuery(
    queryOptions({
      // Under ['alerts'], so a live alert event or a change on the Alerts screen refreshes it.
      queryKey: ['alerts', 'list', ACTIVE_ALERTS] as const,
      queryFn: ({ signal }) => getActiveAlerts(signal),
      refetchInterval: () => liveRefetchInterval(),
    }),
  );
}
