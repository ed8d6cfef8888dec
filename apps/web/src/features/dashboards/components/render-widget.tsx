import { Skeleton } from '@mantine/core';
import type { AnalyticsDuration, Dashboard, Widget } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { memo, Suspense, useMemo } from 'react';
import { type Preloadable, preloadable } from '../../../lib/preloadable.tsx';
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
const analytics = () => import('./analytics-widgets.tsx');

const widgets = {
  SiteMap: preloadable(() => fleet().then((m) => m.SiteMapWidget)),
  DeviceTable: preloadable(() => fleet().then((m) => m.DeviceTableWidget)),
  ActiveAlerts: preloadable(() => fleet().then((m) => m.ActiveAlertsWidget)),
  SiteTable: preloadable(() => fleet().then((m) => m.SiteTableWidget)),
  Uptime: preloadable(() => fleet().then((m) => m.UptimeWidget)),
  DeviceTotals: preloadable(() => fleet().then((m) => m.DeviceTotalsWidget)),
  VanList: preloadable(() => analytics().then((m) => m.VanListWidget)),
  TopUsage: preloadable(() => analytics().then((m) => m.TopUsageWidget)),
  TroubledSites: preloadable(() => analytics().then((m) => m.TroubledSitesWidget)),
  WanLatencyTrend: preloadable(() => analytics().then((m) => m.WanLatencyTrendWidget)),
  CellularHealthTrend: preloadable(() => analytics().then((m) => m.CellularHealthTrendWidget)),
  FailoversOverTime: preloadable(() => analytics().then((m) => m.FailoversOverTimeWidget)),
} satisfies Record<Widget['type'], Preloadable<WidgetProps>>;

/**
 * Starts loading the widgets of these types (a screen about to show a dashboard); resolves once they are all there
 * (or failed: a failed one is tried again by its first render).
 */
export function preloadWidgets(types: Iterable<Widget['type']>): Promise<void> {
  const loads = [...new Set(types)].map((type) => widgets[type].preload().catch(() => undefined));
  return Promise.all(loads).then(() => undefined);
}

interface RenderWidgetProps {
  widget: Widget;
  dashboard: Pick<Dashboard, 'id' | 'groupIds'>;
  t: TFunction<'dashboards'>;
  /** Names of the organization's groups by id (for the caption of a group-filtered widget). */
  groupNames: ReadonlyMap<string, string>;
}

/** One widget of a dashboard: its component, given its title, caption, window and scope. */
export function RenderWidget({ widget, dashboard, t, groupNames }: RenderWidgetProps) {
  const duration = widgetDuration(widget);
  const groupIds = widgetGroupIds(widget, dashboard.groupIds);
  const own = Array.isArray(widget.details.groupIds) && widget.details.groupIds.length > 0;
  const parts: string[] = [];
  if (DURATION_WIDGETS.has(widget.type) && widget.type !== 'Uptime') parts.push(t(`durations.${duration}`));
  if (own) parts.push(groupIds.map((id) => groupNames.get(id) ?? t('unknownGroup')).join(', '));
  if (widget.type === 'ActiveAlerts' && groupIds.length > 1) parts.push(t('alertsAllGroups'));
  return (
    <WidgetBody
      type={widget.type}
      title={widgetTitle(widget, t)}
      caption={parts.join(' · ') || undefined}
      dashboardId={dashboard.id}
      duration={duration}
      groups={groupIds.join(',')}
    />
  );
}

interface WidgetBodyProps {
  type: Widget['type'];
  title: string;
  caption: string | undefined;
  dashboardId: string;
  duration: AnalyticsDuration;
  /** The widget's groups, comma-separated: a value, so an equal scope is an equal prop. */
  groups: string;
}

/**
 * The widget itself, given values only: the screen rendering again (its groups' names arriving, the grid measuring
 * its width) leaves a widget whose inputs are the same as they were. Without it, every table row of every widget
 * rendered again once the groups arrived, ~950 components while the dashboard opened.
 */
const WidgetBody = memo(function WidgetBody({ type, groups, ...props }: WidgetBodyProps) {
  const Component = widgets[type].Component;
  const groupIds = useMemo(() => (groups ? groups.split(',') : []), [groups]);
  return (
    <Suspense fallback={<Skeleton h="100%" mih={120} radius="md" />}>
      <Component {...props} groupIds={groupIds} />
    </Suspense>
  );
});
