import { Skeleton } from '@mantine/core';
import type { Dashboard, Widget } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { DURATION_WIDGETS, widgetDuration, widgetGroupIds } from '../utils/layout.ts';
import type { WidgetProps } from './widgets.tsx';

/** A widget's title: the name given to it, else its type's name in the user's language. */
export function widgetTitle(widget: Pick<Widget, 'name' | 'type'>, t: TFunction<'dashboards'>): string {
  const name = widget.name.trim();
  return name && name !== widget.type ? name : t(`widgets.${widget.type}`);
}

// Widgets load after the screen's frame (the map and chart libraries are heavy), the analytics ones (and the
// chart library) only when a dashboard has one.
const loaders = {
  fleet: () => import('./widgets.tsx'),
  analytics: () => import('./analytics-widgets.tsx'),
};
type WidgetComponent = ComponentType<WidgetProps>;
/** The widget modules already loaded: their widgets render at once, without suspending. */
const loaded: Partial<Record<keyof typeof loaders, Record<string, unknown>>> = {};
const load = (name: keyof typeof loaders) =>
  loaders[name]().then((module) => {
    loaded[name] = module;
    return module as unknown as Record<string, WidgetComponent>;
  });

/** Each widget type's module and export. */
const WIDGETS = {
  SiteMap: ['fleet', 'SiteMapWidget'],
  DeviceTable: ['fleet', 'DeviceTableWidget'],
  ActiveAlerts: ['fleet', 'ActiveAlertsWidget'],
  SiteTable: ['fleet', 'SiteTableWidget'],
  Uptime: ['fleet', 'UptimeWidget'],
  DeviceTotals: ['fleet', 'DeviceTotalsWidget'],
  VanList: ['analytics', 'VanListWidget'],
  TopUsage: ['analytics', 'TopUsageWidget'],
  TroubledSites: ['analytics', 'TroubledSitesWidget'],
  WanLatencyTrend: ['analytics', 'WanLatencyTrendWidget'],
  CellularHealthTrend: ['analytics', 'CellularHealthTrendWidget'],
  FailoversOverTime: ['analytics', 'FailoversOverTimeWidget'],
} as const satisfies Record<Widget['type'], readonly [keyof typeof loaders, string]>;

const lazyWidgets = new Map<Widget['type'], WidgetComponent>();

/**
 * A widget type's component: the loaded module's own when it is there (no Suspense round: React holds a revealed
 * boundary back ~300 ms, and a widget's queries start only once it renders), else a lazy one that loads it.
 */
function widgetComponent(type: Widget['type']): WidgetComponent {
  const [module, name] = WIDGETS[type];
  const ready = loaded[module]?.[name] as WidgetComponent | undefined;
  if (ready) return ready;
  let component = lazyWidgets.get(type);
  if (!component) {
    component = lazy(() => load(module).then((m) => ({ default: m[name] as WidgetComponent })));
    lazyWidgets.set(type, component);
  }
  return component;
}

/** Starts loading the fleet widgets' module (a screen about to show a dashboard). */
export function preloadFleetWidgets(): void {
  load('fleet').catch(() => undefined);
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
  // Chosen once per widget: switching from the lazy component to the loaded one would remount it.
  const [Component] = useState(() => widgetComponent(widget.type));
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
