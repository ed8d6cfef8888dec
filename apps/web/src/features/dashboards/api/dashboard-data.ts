import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import {
  AlertSchema,
  type AnalyticsDuration,
  BASE_DASHBOARD_ID,
  type Dashboard,
  DeviceSummarySchema,
  PagedSchema,
  PROBLEM_STATUSES,
  SiteSummarySchema,
  type Uptime,
  UptimeSchema,
  type Widget,
} from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS, liveRefetchInterval } from '../../../lib/live.ts';
import { currentMaintenanceQuery, siteSeveritiesQuery } from '../../../lib/map-alerts.ts';
import { mapSettingsQuery } from '../../../lib/map-settings.ts';
import { mapSummaryQuery } from '../../../lib/map-view.ts';
import { groupKey, statusCountsQuery } from '../../../lib/status-counts.ts';
import { defaultDashboard, widgetDuration, widgetGroupIds } from '../utils/layout.ts';
import { getDashboardsQueryOptions } from './get-dashboards.ts';

/** Rows a table widget shows; the widget says how many there are in all. */
export const WIDGET_ROWS = 8;

/** A group filter as the fleet calls take it: comma-separated, left out when empty. */
function commaList(values: readonly string[]): string | undefined {
  return values.length > 0 ? values.join(',') : undefined;
}

const PageOfDevices = PagedSchema(DeviceSummarySchema);
const PageOfSites = PagedSchema(SiteSummarySchema);

/** GET device/search/filtered for the problem devices (offline, onbackup, rebooting), most stale first. */
export function getProblemDevices(groupIds: readonly string[] = [], signal?: AbortSignal) {
  return apiRequest('device/search/filtered', {
    schema: PageOfDevices,
    query: {
      page: 0,
      pageSize: WIDGET_ROWS,
      sorting: 'lastUpdate-asc',
      status: PROBLEM_STATUSES.join(','),
      groupId: commaList(groupIds),
    },
    signal,
  });
}

export function problemDevicesQuery(groupIds: readonly string[] = []) {
  return queryOptions({
    queryKey: ['devices', 'problem', WIDGET_ROWS, ...groupKey(groupIds)] as const,
    queryFn: ({ signal }) => getProblemDevices(groupIds, signal),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useProblemDevices(groupIds: readonly string[] = []) {
  return useQuery(problemDevicesQuery(groupIds));
}

/** GET site/search/filtered for the problem sites (a device offline, on backup or rebooting), worst first. */
export function getProblemSites(groupIds: readonly string[] = [], signal?: AbortSignal) {
  return apiRequest('site/search/filtered', {
    schema: PageOfSites,
    query: {
      page: 0,
      pageSize: WIDGET_ROWS,
      sorting: 'status-asc',
      status: PROBLEM_STATUSES.join(','),
      groupId: commaList(groupIds),
    },
    signal,
  });
}

export function problemSitesQuery(groupIds: readonly string[] = []) {
  return queryOptions({
    queryKey: ['sites', 'problem', WIDGET_ROWS, ...groupKey(groupIds)] as const,
    queryFn: ({ signal }) => getProblemSites(groupIds, signal),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useProblemSites(groupIds: readonly string[] = []) {
  return useQuery(problemSitesQuery(groupIds));
}

/** GET analytics/network/uptime (duration, dashboardId). */
export function getUptime(
  dashboardId: string,
  duration: AnalyticsDuration,
  signal?: AbortSignal,
): Promise<Uptime> {
  return apiRequest('analytics/network/uptime', {
    schema: UptimeSchema,
    query: { duration, dashboardId },
    signal,
  });
}

export function uptimeQuery(
  dashboardId: string = BASE_DASHBOARD_ID,
  duration: AnalyticsDuration = 'LAST_6_HOURS',
) {
  return queryOptions({
    queryKey: ['analytics', 'uptime', dashboardId, duration] as const,
    queryFn: ({ signal }) => getUptime(dashboardId, duration, signal),
    // Uptime is computed from the status periods (no event carries it): it keeps its pace.
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useUptime(
  dashboardId: string = BASE_DASHBOARD_ID,
  duration: AnalyticsDuration = 'LAST_6_HOURS',
) {
  return useQuery(uptimeQuery(dashboardId, duration));
}

const PageOfAlerts = PagedSchema(AlertSchema);
/** The ActiveAlerts widget's request: the organization's active root alerts, worst first. */
const ACTIVE_ALERTS = { status: 'active', page: 0, pageSize: WIDGET_ROWS, sorting: 'severity-asc' } as const;

/** GET alert?status=active&sorting=severity-asc: a few active root alerts, worst first, and their total. */
export function getActiveAlerts(groupId?: string, signal?: AbortSignal) {
  return apiRequest('alert', { schema: PageOfAlerts, query: { ...ACTIVE_ALERTS, groupId }, signal });
}

/**
 * The widget's groups: with exactly one, that group's alerts (the alert list filters one group at a time); with
 * several or none, the organization's (the widget's caption says so).
 */
export function activeAlertsQuery(groupIds: readonly string[] = []) {
  const groupId = groupIds.length === 1 ? groupIds[0] : undefined;
  return queryOptions({
    // Under ['alerts'], so a live alert event or a change on the Alerts screen refreshes it.
    queryKey: ['alerts', 'list', groupId ? { ...ACTIVE_ALERTS, groupId } : ACTIVE_ALERTS] as const,
    queryFn: ({ signal }) => getActiveAlerts(groupId, signal),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useActiveAlerts(groupIds: readonly string[] = []) {
  return useQuery(activeAlertsQuery(groupIds));
}

/**
 * Asks for what a widget's component asks for as it renders (widgets.tsx, with RenderWidget's props), so a
 * dashboard's data is on its way while its screen and widgets render. The map and the analytics trends fetch
 * for themselves.
 */
export function prefetchWidgetData(
  client: QueryClient,
  widget: Pick<Widget, 'type' | 'details'>,
  dashboard: Pick<Dashboard, 'id' | 'groupIds'>,
): Promise<void> {
  const groupIds = widgetGroupIds(widget, dashboard.groupIds);
  switch (widget.type) {
    case 'DeviceTotals':
      return client.prefetchQuery(statusCountsQuery(groupIds));
    case 'Uptime':
      return client.prefetchQuery(uptimeQuery(dashboard.id, widgetDuration(widget)));
    case 'DeviceTable':
      return client.prefetchQuery(problemDevicesQuery(groupIds));
    case 'SiteTable':
      return client.prefetchQuery(problemSitesQuery(groupIds));
    case 'ActiveAlerts':
      return client.prefetchQuery(activeAlertsQuery(groupIds));
    case 'SiteMap':
      // All the map asks before its first view (that one needs its size): its tiles, where its sites are, the
      // rings of their alerts.
      return Promise.all([
        client.prefetchQuery(mapSettingsQuery),
        client.prefetchQuery(mapSummaryQuery({ groupIds })),
        client.prefetchQuery(siteSeveritiesQuery),
        client.prefetchQuery(currentMaintenanceQuery),
      ]).then(() => undefined);
    default:
      return Promise.resolve();
  }
}

/**
 * The dashboards list, then the data of the widgets of the dashboard a navigation opens (`did`, else the
 * caller's default): asked for as the navigation starts (app/router.tsx), not once the screen has rendered.
 */
export async function prefetchDashboardData(client: QueryClient, did?: string): Promise<void> {
  const dashboards = await client.fetchQuery(getDashboardsQueryOptions());
  const dashboard = did ? dashboards.find((d) => d.id === did) : defaultDashboard(dashboards);
  if (!dashboard) return;
  await Promise.all(dashboard.widgets.map((widget) => prefetchWidgetData(client, widget, dashboard)));
}
