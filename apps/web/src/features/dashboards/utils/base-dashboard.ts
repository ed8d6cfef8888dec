/** A widget's place on the 12-column dashboard grid (spec part 3: layout h, w, x, y). */
export interface WidgetLayout {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  moved?: boolean;
}

export type WidgetType = 'SiteMap' | 'DeviceTable' | 'ActiveAlerts' | 'SiteTable' | 'Uptime' | 'DeviceTotals';

export interface Widget {
  i: string;
  type: WidgetType;
  name: string;
  details: Record<string, unknown>;
  layout: WidgetLayout;
}

export interface Dashboard {
  id: string;
  name: string;
  editable: boolean;
  default: boolean;
  widgets: Widget[];
}

/** Spec part 9: "Dashboard grid 12 columns wide." */
export const GRID_COLUMNS = 12;

/** Statuses of a problem device (spec part 3: offline, onbackup, rebooting). */
export const PROBLEM_STATUSES = ['offline', 'onbackup', 'rebooting'] as const;

/** Spec part 9: "Base uptime widget duration LAST_6_HOURS." */
export const BASE_UPTIME_DURATION = 'LAST_6_HOURS';

const widget = (i: string, type: WidgetType, layout: Omit<WidgetLayout, 'i'>, details = {}): Widget => ({
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
  id: 'vnoc',
  name: 'vNOC',
  editable: false,
  default: true,
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

/**
 * CSS grid placement of a layout on the 12-column grid: 1-based lines, the width clamped to the columns
 * left of x, at least one row and one column.
 */
export function gridPlacement(layout: Pick<WidgetLayout, 'x' | 'y' | 'w' | 'h'>): {
  gridColumn: string;
  gridRow: string;
} {
  const x = Math.min(Math.max(0, Math.floor(layout.x)), GRID_COLUMNS - 1);
  const w = Math.min(Math.max(1, Math.floor(layout.w)), GRID_COLUMNS - x);
  const y = Math.max(0, Math.floor(layout.y));
  const h = Math.max(1, Math.floor(layout.h));
  return { gridColumn: `${x + 1} / span ${w}`, gridRow: `${y + 1} / span ${h}` };
}
