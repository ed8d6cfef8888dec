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
  UptimeSchema,
  type Widget,
} from '@vnoc/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth-store.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { currentMaintenanceQuery, siteSeveritiesQuery } from '../../../lib/map-alerts.ts';
import { mapSettingsQuery } from '../../../lib/map-settings.ts';
import { mapSummaryQuery } from '../../../lib/map-view.ts';
import { hasEntitlement } from '../../../lib/permissions.ts';
import { groupKey, statusCountsQuery } from '../../../lib/status-counts.ts';
import {
  defaultDashboard,
  shownWidgets,
  unavailableWidgets,
  widgetDuration,
  widgetGroupIds,
} from '../utils/layout.ts';
import { analyticsQuery, WIDGET_ROWS } from './analytics.ts';
import { getDashboardsQueryOptions } from './get-dashboards.ts';

/** A group filter as the fleet calls take it: comma-separated, left out when empty. */
function commaList(values: readonly string[]): string | undefined {
  return values.length > 0 ? values.join(',') : undefined;
}

// Answers are checked against their schemas in development and tests only (docs/decisions/web.md): built at
// module load, these pulled zod and the contracts' fleet and alert schemas into the dashboard's first load.
const PageOfDevices = import.meta.env.DEV ? PagedSchema(DeviceSummarySchema) : undefined;
const PageOfSites = import.meta.env.DEV ? PagedSchema(SiteSummarySchema) : undefined;

/**
 * A page of a fleet list's problem items (offline, on backup, rebooting), `sorting` first: GET `path` for the
 * widget's groups, under [list, 'problem', rows, groups] and refreshed as live events say.
 */
function problemListQuery<S extends z.ZodType>(
  list: 'devices' | 'sites',
  path: string,
  schema: S | undefined,
  sorting: string,
  groupIds: readonly string[],
) {
  const query = {
    page: 0,
    pageSize: WIDGET_ROWS,
    sorting,
    status: PROBLEM_STATUSES.join(','),
    groupId: commaList(groupIds),
  };
  return queryOptions({
    queryKey: [list, 'problem', WIDGET_ROWS, ...groupKey(groupIds)] as const,
    queryFn: ({ signal }): Promise<z.infer<S>> => apiRequest(path, { schema, query, signal }),
    refetchInterval: () => liveRefetchInterval(),
  });
}

/** GET device/search/filtered: the problem devices by impact, an edge device down (its site cut off) first. */
export function problemDevicesQuery(groupIds: readonly string[] = []) {
  return problemListQuery('devices', 'device/search/filtered', PageOfDevices, 'impact-asc', groupIds);
}

export function useProblemDevices(groupIds: readonly string[] = []) {
  return useQuery(problemDevicesQuery(groupIds));
}

/** GET site/search/filtered: the problem sites (a device offline, on backup or rebooting), worst first. */
export function problemSitesQuery(groupIds: readonly string[] = []) {
  return problemListQuery('sites', 'site/search/filtered', PageOfSites, 'status-asc', groupIds);
}

export function useProblemSites(groupIds: readonly string[] = []) {
  return useQuery(problemSitesQuery(groupIds));
}

/** GET analytics/network/uptime: the share of device-time online or on backup, and its downtime. */
export function uptimeQuery(
  dashboardId: string = BASE_DASHBOARD_ID,
  duration: AnalyticsDuration = 'LAST_6_HOURS',
) {
  const schema = import.meta.env.DEV ? UptimeSchema : undefined;
  return analyticsQuery('uptime', 'analytics/network/uptime', schema, dashboardId, duration);
}

export function useUptime(dashboardId: string, duration: AnalyticsDuration) {
  return useQuery(uptimeQuery(dashboardId, duration));
}

const PageOfAlerts = import.meta.env.DEV ? PagedSchema(AlertSchema) : undefined;
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
  // Only the widgets the screen shows: none the organization cannot use (their call would be refused).
  const unavailable = unavailableWidgets(hasEntitlement(authStore.get().claims, 'analytics'));
  const widgets = shownWidgets(dashboard.widgets, unavailable, false);
  await Promise.all(widgets.map((widget) => prefetchWidgetData(client, widget, dashboard)));
}
