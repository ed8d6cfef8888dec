import { Skeleton } from '@mantine/core';
import type { Dashboard, Widget } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { lazy, Suspense } from 'react';
import { DURATION_WIDGETS, widgetDuration, widgetGroupIds } from '../utils/layout.ts';
import type { WidgetProps } from './widgets.tsx';

/** A widget's title: the name given to it, else its type's name in the user's language. */
export function widgetTitle(widget: Pick<Widget, 'name' | 'type'>, t: TFunction<'dashboards'>): string {
  const name = widget.name.trim();
  return name && name !== widget.type ? name : t(`widgets.${widget.type}`);
}

// Widgets load after the screen's frame (the map and chart libraries are heavy), the analytics ones (and the
// chart library) only when a dashboard has one.
const fleet = () => import('./widgets.tsx');
const SiteMapWidget = lazy(() => fleet().then((m) => ({ default: m.SiteMapWidget })));
const DeviceTableWidget = lazy(() => fleet().then((m) => ({ default: m.DeviceTableWidget })));
const ActiveAlertsWidget = lazy(() => fleet().then((m) => ({ default: m.ActiveAlertsWidget })));
const SiteTableWidget = lazy(() => fleet().then((m) => ({ default: m.SiteTableWidget })));
const UptimeWidget = lazy(() => fleet().then((m) => ({ default: m.UptimeWidget })));
const DeviceTotalsWidget = lazy(() => fleet().then((m) => ({ default: m.DeviceTotalsWidget })));
const analytics = () => import('./analytics-widgets.tsx');
const VanListWidget = lazy(() => analytics().then((m) => ({ default: m.VanListWidget })));
const TopUsageWidget = lazy(() => analytics().then((m) => ({ default: m.TopUsageWidget })));
const TroubledSitesWidget = lazy(() => analytics().then((m) => ({ default: m.TroubledSitesWidget })));
const WanLatencyTrendWidget = lazy(() => analytics().then((m) => ({ default: m.WanLatencyTrendWidget })));
const CellularHealthTrendWidget = lazy(() =>
  analytics().then((m) => ({ default: m.CellularHealthTrendWidget })),
);
const FailoversOverTimeWidget = lazy(() => analytics().then((m) => ({ default: m.FailoversOverTimeWidget })));

const components = {
  SiteMap: SiteMapWidget,
  DeviceTable: DeviceTableWidget,
  ActiveAlerts: ActiveAlertsWidget,
  SiteTable: SiteTableWidget,
  Uptime: UptimeWidget,
  DeviceTotals: DeviceTotalsWidget,
  VanList: VanListWidget,
  TopUsage: TopUsageWidget,
  TroubledSites: TroubledSitesWidget,
  WanLatencyTrend: WanLatencyTrendWidget,
  CellularHealthTrend: CellularHealthTrendWidget,
  FailoversOverTime: FailoversOverTimeWidget,
} satisfies Record<Widget['type'], (props: WidgetProps) => unknown>;

interface RenderWidgetProps {
  widget: Widget;
  dashboard: Pick<Dashboard, 'id' | 'groupIds'>;
  t: TFunction<'dashboards'>;
  /** Names of the organization's groups by id (for the caption of a group-filtered widget). */
  groupNames: ReadonlyMap<string, string>;
}

/** One widget of a dashboard: its component, given its title, caption, window and scope. */
export function RenderWidget({ widget, dashboard, t, groupNames }: RenderWidgetProps) {
  const Component = components[widget.type];
  const duration = widgetDuration(widget);
  const groupIds = widgetGroupIds(widget, dashboard.groupIds);
  const own = Array.isArray(widget.details.groupIds) && widget.details.groupIds.length > 0;
  const parts: string[] = [];
  if (DURATION_WIDGETS.has(widget.type) && widget.type !== 'Uptime') parts.push(t(`durations.${duration}`));
  if (own) parts.push(groupIds.map((id) => groupNames.get(id) ?? t('unknownGroup')).join(', '));
  if (widget.type === 'ActiveAlerts' && groupIds.length > 1) parts.push(t('alertsAllGroups'));
  return (
    <Suspense fallback={<Skeleton h="100%" mih={120} radius="md" />}>
      <Component
        title={widgetTitle(widget, t)}
        caption={parts.join(' · ') || undefined}
        dashboardId={dashboard.id}
        duration={duration}
        groupIds={groupIds}
      />
    </Suspense>
  );
}
