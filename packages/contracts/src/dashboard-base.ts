import type { Dashboard, Widget, WidgetLayout, WidgetType } from './dashboards.ts';

/**
 * The dashboards' constants and the built-in base dashboard, apart from their schemas (`dashboards.ts`): the
 * dashboard screen reads these and loads no zod with them (docs/decisions/web.md).
 */

/** Spec part 9: "Dashboard grid 12 columns wide." */
export const GRID_COLUMNS = 12;
/** Tallest widget, in grid rows. */
export const MAX_WIDGET_HEIGHT = 24;
/** Lowest row a widget may start on (keeps layouts sane). */
export const MAX_WIDGET_Y = 1000;
/** Widgets on one dashboard. */
export const MAX_WIDGETS = 50;
/** Site groups one dashboard may be scoped to. */
export const MAX_DASHBOARD_GROUPS = 100;
/** The id of the built-in base dashboard. */
export const BASE_DASHBOARD_ID = 'vnoc';

export const WIDGET_TYPES = [
  'SiteMap',
  'DeviceTable',
  'ActiveAlerts',
  'SiteTable',
  'Uptime',
  'DeviceTotals',
  'VanList',
  'TopUsage',
  'TroubledSites',
  'WanLatencyTrend',
  'CellularHealthTrend',
  'FailoversOverTime',
] as const;
/** Statuses of a problem device (spec part 3: offline, onbackup, rebooting). */
export const PROBLEM_STATUSES = ['offline', 'onbackup', 'rebooting'] as const;

/** Spec part 9: "Base uptime widget duration LAST_6_HOURS." */
export const BASE_UPTIME_DURATION = 'LAST_6_HOURS';

const widget = (
  i: string,
  type: WidgetType,
  layout: Omit<WidgetLayout, 'i'>,
  details: Record<string, unknown> = {},
): Widget => ({
  i,
  type,
  name: type,
  details,
  layout: { i, ...layout },
});

/**
 * The built-in base dashboard (spec part 3): id `vnoc`, not editable; SiteMap, DeviceTable (problem
 * devices), ActiveAlerts, SiteTable (problem sites), Uptime (LAST_6_HOURS) and DeviceTotals.
 */
export const BASE_DASHBOARD: Dashboard = {
  id: BASE_DASHBOARD_ID,
  name: 'vNOC',
  description: '',
  tagNames: [],
  groupIds: [],
  editable: false,
  default: true,
  shared: false,
  owned: false,
  icon: null,
  widgets: [
    widget('device-totals', 'DeviceTotals', { x: 8, y: 0, w: 4, h: 3 }),
    widget('site-map', 'SiteMap', { x: 0, y: 0, w: 8, h: 5 }),
    widget('uptime', 'Uptime', { x: 8, y: 3, w: 4, h: 2 }, { duration: BASE_UPTIME_DURATION }),
    widget('active-alerts', 'ActiveAlerts', { x: 0, y: 5, w: 12, h: 4 }, { status: 'active' }),
    widget('site-table', 'SiteTable', { x: 6, y: 9, w: 6, h: 5 }, { statuses: PROBLEM_STATUSES }),
    widget('device-table', 'DeviceTable', { x: 0, y: 9, w: 6, h: 5 }, { statuses: PROBLEM_STATUSES }),
  ],
};

/** Spec part 4: widgets sorted by y then x (top to bottom, then left to right); the input is not changed. */
export function sortWidgets<T extends { layout: Pick<WidgetLayout, 'x' | 'y'> }>(widgets: readonly T[]): T[] {
  return [...widgets].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
}
