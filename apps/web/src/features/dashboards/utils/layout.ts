import {
  type AnalyticsDuration,
  type Dashboard,
  type DashboardSave,
  GRID_COLUMNS,
  MAX_WIDGET_HEIGHT,
  sortWidgets,
  WIDGET_TYPES,
  type Widget,
  type WidgetLayout,
  type WidgetType,
} from '@vnoc/contracts';
import type { CSSProperties } from 'react';
import {
  bottom,
  calcGridItemPosition,
  cloneLayout,
  correctBounds,
  type Layout,
  type LayoutItem,
  type PositionParams,
  transformStrategy,
  verticalCompactor,
} from 'react-grid-layout/core';

/** The class of a widget's drag handle in the editor (the grid drags by it). */
export const DRAG_HANDLE_CLASS = 'dashboard-drag-handle';

/** Below this width the widgets stack in y-then-x order (phones): no grid, no dragging. */
export const STACK_BELOW_PX = 768;

/** Size a widget takes when added from the catalogue, and the smallest it may be resized to. */
export const WIDGET_SIZES: Readonly<
  Record<WidgetType, { w: number; h: number; minW: number; minH: number }>
> = {
  SiteMap: { w: 8, h: 5, minW: 3, minH: 3 },
  DeviceTable: { w: 6, h: 5, minW: 3, minH: 3 },
  ActiveAlerts: { w: 12, h: 4, minW: 4, minH: 3 },
  SiteTable: { w: 6, h: 5, minW: 3, minH: 3 },
  Uptime: { w: 4, h: 2, minW: 2, minH: 2 },
  DeviceTotals: { w: 4, h: 3, minW: 2, minH: 3 },
  VanList: { w: 6, h: 4, minW: 3, minH: 3 },
  TopUsage: { w: 6, h: 4, minW: 3, minH: 3 },
  TroubledSites: { w: 6, h: 4, minW: 3, minH: 3 },
  WanLatencyTrend: { w: 6, h: 3, minW: 3, minH: 3 },
  CellularHealthTrend: { w: 6, h: 3, minW: 3, minH: 3 },
  FailoversOverTime: { w: 6, h: 3, minW: 3, minH: 3 },
};

/** Widgets fed by the fleet lists, whose calls take a site-group filter of their own. */
export const GROUP_FILTER_WIDGETS: ReadonlySet<WidgetType> = new Set<WidgetType>([
  'SiteMap',
  'DeviceTable',
  'SiteTable',
  'DeviceTotals',
  'ActiveAlerts',
]);

/**
 * Widgets whose data comes from the analytics calls (the `analytics` entitlement): every widget the fleet lists
 * do not feed, so a widget type is always one or the other.
 */
export const ANALYTICS_WIDGETS: ReadonlySet<WidgetType> = new Set<WidgetType>(
  WIDGET_TYPES.filter((type) => !GROUP_FILTER_WIDGETS.has(type)),
);

/** The widget types an organization cannot use: the analytics ones without the `analytics` feature. */
export function unavailableWidgets(analytics: boolean): ReadonlySet<WidgetType> {
  return analytics ? new Set<WidgetType>() : ANALYTICS_WIDGETS;
}

/**
 * The widgets a dashboard shows: while it is only viewed, those the organization cannot use are left out (issue
 * 37: the base dashboard's Uptime said in red "Your organization does not have this feature" to organizations
 * without analytics); while it is edited they stay, so they can be removed.
 */
export function shownWidgets<T extends { type: WidgetType }>(
  widgets: readonly T[],
  unavailable: ReadonlySet<WidgetType>,
  editing: boolean,
): readonly T[] {
  return editing || unavailable.size === 0 ? widgets : widgets.filter((w) => !unavailable.has(w.type));
}

/** Widgets whose analytics call takes a window (VanList is the current fleet and does not depend on one). */
export const DURATION_WIDGETS: ReadonlySet<WidgetType> = new Set<WidgetType>(
  [...ANALYTICS_WIDGETS].filter((type) => type !== 'VanList'),
);

/** The window a widget shows when it has none of its own. */
export function defaultDuration(type: WidgetType): AnalyticsDuration {
  return type === 'TroubledSites' ? 'LAST_24_HOURS' : 'LAST_6_HOURS';
}

const DURATIONS: readonly AnalyticsDuration[] = [
  'LAST_HOUR',
  'LAST_6_HOURS',
  'LAST_24_HOURS',
  'LAST_7_DAYS',
  'LAST_30_DAYS',
];

/** The widget's window (`details.duration`), or the default for its type when missing or unknown. */
export function widgetDuration(widget: Pick<Widget, 'type' | 'details'>): AnalyticsDuration {
  const value = widget.details.duration;
  return DURATIONS.includes(value as AnalyticsDuration)
    ? (value as AnalyticsDuration)
    : defaultDuration(widget.type);
}

/** The widget's own group filter (`details.groupIds`), else the dashboard's groups. */
export function widgetGroupIds(
  widget: Pick<Widget, 'details'>,
  dashboardGroupIds: readonly string[],
): string[] {
  const own = widget.details.groupIds;
  if (Array.isArray(own) && own.length > 0) return own.filter((g): g is string => typeof g === 'string');
  return [...dashboardGroupIds];
}

/** The grid's layout items for the widgets, with each type's minimum size (react-grid-layout's Layout). */
export function toGridLayout(widgets: readonly Widget[]): LayoutItem[] {
  return widgets.map((w) => ({
    i: w.i,
    x: w.layout.x,
    y: w.layout.y,
    w: w.layout.w,
    h: w.layout.h,
    minW: WIDGET_SIZES[w.type].minW,
    minH: WIDGET_SIZES[w.type].minH,
    maxH: MAX_WIDGET_HEIGHT,
  }));
}

/**
 * The widgets placed as the grid's layout says (x, y, w, h and `moved`), in y-then-x order; a widget the
 * layout does not name keeps its place.
 */
export function applyLayout(widgets: readonly Widget[], layout: Layout): Widget[] {
  const byId = new Map(layout.map((item) => [item.i, item]));
  return sortWidgets(
    widgets.map((widget) => {
      const item = byId.get(widget.i);
      if (!item) return widget;
      const place: WidgetLayout = { i: widget.i, x: item.x, y: item.y, w: item.w, h: item.h };
      if (item.moved) place.moved = true;
      return { ...widget, layout: place };
    }),
  );
}

/** Height of one grid row in pixels (a widget of h rows is h × this, plus the gaps). */
export const ROW_HEIGHT = 104;
/** The space between two widgets, across and down, in pixels. */
export const GAP = 16;

/** The grid's configuration: the editor's react-grid-layout is given it, and the positions of a viewed grid use it. */
export const GRID_CONFIG = {
  cols: GRID_COLUMNS,
  rowHeight: ROW_HEIGHT,
  margin: [GAP, GAP],
  containerPadding: [0, 0],
} as const satisfies Pick<PositionParams, 'cols' | 'rowHeight' | 'margin' | 'containerPadding'>;

/**
 * The layout the grid draws: a widget past the columns brought inside them, then every widget moved up as far as
 * it goes without overlapping, as react-grid-layout does with a layout it is given (its own functions: a layout
 * saved with gaps or overlaps through the API shows the same whether viewed or edited).
 */
export function drawnLayout(widgets: readonly Widget[]): LayoutItem[] {
  return compact(correctBounds(cloneLayout(toGridLayout(widgets)), { cols: GRID_COLUMNS }));
}

/** Where a viewed grid of this width draws each widget, and its height, in pixels. */
export interface GridPlaces {
  height: number;
  /** By widget key: react-grid-layout's own style of a placed item (a transform, the width and height). */
  styles: ReadonlyMap<string, CSSProperties>;
}

/**
 * The positions, sizes and height react-grid-layout gives the widgets on a grid `width` pixels wide, by its own
 * formula (calcGridItemPosition: columns of (width − the gaps) / 12, rounded to whole pixels, each gap exactly
 * GAP), so a dashboard looks the same viewed without the library's components as in the editor with them.
 */
export function gridPlaces(widgets: readonly Widget[], width: number): GridPlaces {
  const layout = drawnLayout(widgets);
  const params: PositionParams = { ...GRID_CONFIG, containerWidth: width, maxRows: Number.POSITIVE_INFINITY };
  const styles = new Map(
    layout.map((item) => {
      const place = calcGridItemPosition(params, item.x, item.y, item.w, item.h);
      return [item.i, transformStrategy.calcStyle(place)] as const;
    }),
  );
  const rows = bottom(layout);
  return { height: rows > 0 ? rows * ROW_HEIGHT + (rows - 1) * GAP : 0, styles };
}

/** Compacts the layout upwards, as the grid does after every drag and resize. */
function compact(layout: Layout): LayoutItem[] {
  return [...verticalCompactor.compact(layout, GRID_COLUMNS)];
}

const overlaps = (a: LayoutItem, b: LayoutItem) =>
  a.i !== b.i && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const sharesColumns = (a: LayoutItem, b: LayoutItem) => a.i !== b.i && a.x < b.x + b.w && b.x < a.x + a.w;

/**
 * Places `fixed` items where they are, then the others in y-then-x order, each pushed down below whatever
 * it would overlap; then compacts upwards as the grid does. Nothing overlaps afterwards.
 */
function settle(layout: readonly LayoutItem[], fixed: readonly LayoutItem[]): LayoutItem[] {
  const placed: LayoutItem[] = fixed.map((l) => ({ ...l }));
  const fixedIds = new Set(fixed.map((l) => l.i));
  const rest = layout
    .filter((l) => !fixedIds.has(l.i))
    .map((l) => ({ ...l }))
    .sort((a, b) => a.y - b.y || a.x - b.x);
  for (const item of rest) {
    let hit = placed.find((p) => overlaps(p, item));
    while (hit) {
      item.y = hit.y + hit.h;
      hit = placed.find((p) => overlaps(p, item));
    }
    placed.push(item);
  }
  return compact(placed);
}

export type Direction = 'left' | 'right' | 'up' | 'down';
export type SizeChange = 'wider' | 'narrower' | 'taller' | 'shorter';

/**
 * Moves one widget a cell in a direction (the keyboard path), inside the 12 columns. Up and down swap it
 * with the nearest widget above or below in its columns (the grid keeps widgets packed upwards, so a
 * one-row step would fall back); the others make room below, then the grid compacts upwards.
 */
export function moveWidget(widgets: readonly Widget[], i: string, direction: Direction): Widget[] {
  const layout = toGridLayout(widgets);
  const item = layout.find((l) => l.i === i);
  if (!item) return [...widgets];
  if (direction === 'left' || direction === 'right') {
    const x = Math.min(Math.max(0, item.x + (direction === 'left' ? -1 : 1)), GRID_COLUMNS - item.w);
    if (x === item.x) return [...widgets];
    return applyLayout(widgets, settle(layout, [{ ...item, x, moved: true }]));
  }
  const others = layout.filter((l) => sharesColumns(l, item));
  if (direction === 'up') {
    const above = others
      .filter((l) => l.y + l.h <= item.y)
      .sort((a, b) => b.y + b.h - (a.y + a.h) || b.y - a.y)[0];
    if (!above) return [...widgets];
    const y = above.y;
    return applyLayout(
      widgets,
      settle(layout, [
        { ...item, y, moved: true },
        { ...above, y: y + item.h },
      ]),
    );
  }
  const below = others.filter((l) => l.y >= item.y + item.h).sort((a, b) => a.y - b.y || a.x - b.x)[0];
  if (!below) return [...widgets];
  const y = item.y;
  return applyLayout(
    widgets,
    settle(layout, [
      { ...below, y },
      { ...item, y: y + below.h, moved: true },
    ]),
  );
}

/**
 * Resizes one widget by a cell (the keyboard path): width between its type's minimum and the columns
 * right of x, height between its minimum and MAX_WIDGET_HEIGHT; what it now covers moves down.
 */
export function resizeWidget(widgets: readonly Widget[], i: string, change: SizeChange): Widget[] {
  const layout = toGridLayout(widgets);
  const item = layout.find((l) => l.i === i);
  const type = widgets.find((w) => w.i === i)?.type;
  if (!item || !type) return [...widgets];
  const { minW, minH } = WIDGET_SIZES[type];
  const dw = change === 'wider' ? 1 : change === 'narrower' ? -1 : 0;
  const dh = change === 'taller' ? 1 : change === 'shorter' ? -1 : 0;
  const w = Math.min(Math.max(minW, item.w + dw), GRID_COLUMNS - item.x);
  const h = Math.min(Math.max(minH, item.h + dh), MAX_WIDGET_HEIGHT);
  if (w === item.w && h === item.h) return [...widgets];
  return applyLayout(widgets, settle(layout, [{ ...item, w, h }]));
}

/** The first row below every widget (where a new widget goes). */
export function bottomRow(widgets: readonly Widget[]): number {
  return widgets.reduce((max, w) => Math.max(max, w.layout.y + w.layout.h), 0);
}

/** A new widget of a type at the bottom left, at its catalogue size, with its default settings. */
export function newWidget(type: WidgetType, widgets: readonly Widget[], id: string): Widget {
  const { w, h } = WIDGET_SIZES[type];
  const details: Record<string, unknown> = DURATION_WIDGETS.has(type)
    ? { duration: defaultDuration(type) }
    : {};
  return { i: id, type, name: '', details, layout: { i: id, x: 0, y: bottomRow(widgets), w, h } };
}

/** What the dashboard settings form edits. */
export interface DashboardFields {
  name: string;
  description: string;
  icon: string | null;
  tagNames: string[];
  groupIds: string[];
  shared: boolean;
  default: boolean;
}

export function fieldsOf(dashboard: Dashboard): DashboardFields {
  return {
    name: dashboard.name,
    description: dashboard.description,
    icon: dashboard.icon,
    tagNames: [...dashboard.tagNames],
    groupIds: [...dashboard.groupIds],
    shared: dashboard.shared,
    default: dashboard.default,
  };
}

/**
 * The body of POST dashboard/save: the fields, and the widgets in y-then-x order with their layouts
 * exactly {i, x, y, w, h} (+ moved). Without an id it creates a dashboard.
 */
export function savePayload(fields: DashboardFields, widgets: readonly Widget[], id?: string): DashboardSave {
  const payload: DashboardSave = {
    name: fields.name.trim(),
    description: fields.description.trim(),
    icon: fields.icon || null,
    tagNames: fields.tagNames.map((t) => t.trim()).filter(Boolean),
    groupIds: [...fields.groupIds],
    shared: fields.shared,
    default: fields.default,
    widgets: sortWidgets(widgets).map((w) => {
      const layout: WidgetLayout = { i: w.i, x: w.layout.x, y: w.layout.y, w: w.layout.w, h: w.layout.h };
      if (w.layout.moved) layout.moved = true;
      const widget: Widget = { type: w.type, name: w.name.trim(), details: w.details, layout, i: w.i };
      if (w.layout.moved) widget.moved = true;
      return widget;
    }),
  };
  if (id !== undefined) payload.id = id;
  return payload;
}

/** Whether the edited widgets differ from the saved ones (order aside). */
export function widgetsChanged(saved: readonly Widget[], draft: readonly Widget[]): boolean {
  const key = (ws: readonly Widget[]) =>
    JSON.stringify(
      sortWidgets(ws).map((w) => [
        w.i,
        w.type,
        w.name,
        w.details,
        w.layout.x,
        w.layout.y,
        w.layout.w,
        w.layout.h,
      ]),
    );
  return key(saved) !== key(draft);
}

/** The dashboard /dashboard opens: the one marked default, else the first (the base dashboard). */
export function defaultDashboard<T extends Pick<Dashboard, 'default'>>(
  dashboards: readonly T[],
): T | undefined {
  return dashboards.find((d) => d.default) ?? dashboards[0];
}
