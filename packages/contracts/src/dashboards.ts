import { z } from 'zod';
import {
  GRID_COLUMNS,
  MAX_DASHBOARD_GROUPS,
  MAX_WIDGET_HEIGHT,
  MAX_WIDGET_Y,
  MAX_WIDGETS,
  WIDGET_TYPES,
} from './dashboard-base.ts';
import { requiredText } from './fields.ts';

/**
 * Dashboards (spec part 3 "Dashboard", "Built-in base dashboard"; part 4 "Dashboards"; part 7
 * `GET dashboard/all`, `POST dashboard/save`, `POST dashboard/delete`).
 */

export const WidgetTypeSchema = z.enum(WIDGET_TYPES, { error: 'Unknown widget type.' });
export type WidgetType = z.infer<typeof WidgetTypeSchema>;

const widgetKey = requiredText(100, 'A widget needs an i.', "A widget's i");

const gridInt = (name: string) =>
  z
    .number({ error: `Layout ${name} must be a number.` })
    .int({ error: `Layout ${name} must be a whole number.` });

/** A widget's place on the 12-column grid (spec part 3: layout h, w, x, y; react-grid-layout's item). */
export const WidgetLayoutSchema = z
  .object({
    i: widgetKey,
    x: gridInt('x').min(0, { error: 'Layout x must be at least 0.' }),
    y: gridInt('y')
      .min(0, { error: 'Layout y must be at least 0.' })
      .max(MAX_WIDGET_Y, { error: `Layout y must be at most ${MAX_WIDGET_Y}.` }),
    w: gridInt('w')
      .min(1, { error: 'Layout w must be at least 1.' })
      .max(GRID_COLUMNS, { error: `Layout w must be at most ${GRID_COLUMNS}.` }),
    h: gridInt('h')
      .min(1, { error: 'Layout h must be at least 1.' })
      .max(MAX_WIDGET_HEIGHT, { error: `Layout h must be at most ${MAX_WIDGET_HEIGHT}.` }),
    moved: z.boolean().optional(),
  })
  .refine((l) => l.x + l.w <= GRID_COLUMNS, {
    error: `A widget must fit inside the ${GRID_COLUMNS} columns (x + w ≤ ${GRID_COLUMNS}).`,
  });
export type WidgetLayout = z.infer<typeof WidgetLayoutSchema>;

/**
 * A widget as sent: the spec lists its layout as h, w, x, y with `i` beside it, so a layout without `i` takes the
 * widget's own (issue 37 p15); one that names an `i` must name the widget's.
 */
const withLayoutKey = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const { layout, i } = value as { layout?: unknown; i?: unknown };
  if (typeof layout !== 'object' || layout === null || Array.isArray(layout) || 'i' in layout) return value;
  return { ...value, layout: { ...layout, i } };
};

export const WidgetSchema = z.preprocess(
  withLayoutKey,
  z
    .object({
      type: WidgetTypeSchema,
      name: z.string().trim().max(100, { error: "A widget's name is at most 100 characters." }).default(''),
      /** The widget's own settings (duration, statuses, group filter …). */
      details: z
        .record(z.string(), z.unknown())
        .default({})
        .refine((d) => JSON.stringify(d).length <= 10_000, { error: "A widget's details are too large." }),
      layout: WidgetLayoutSchema,
      i: widgetKey,
      moved: z.boolean().optional(),
    })
    .refine((w) => w.layout.i === w.i, { error: "A widget's layout i must equal its i." }),
);
export type Widget = z.infer<typeof WidgetSchema>;

/** `widgets` as an array or as JSON text of one (spec part 3), each checked; the i values unique. */
export const WidgetsSchema = z.preprocess(
  (v, ctx) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Widgets must be an array or JSON text of one.', input: v });
      return z.NEVER;
    }
  },
  z
    .array(WidgetSchema, { error: 'Widgets must be an array or JSON text of one.' })
    .max(MAX_WIDGETS, { error: `A dashboard has at most ${MAX_WIDGETS} widgets.` })
    .refine((ws) => new Set(ws.map((w) => w.i)).size === ws.length, {
      error: 'Each widget needs its own i.',
    }),
);

export const DashboardSchema = z.object({
  /** 'vnoc' for the built-in base dashboard, the numeric id as text otherwise. */
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tagNames: z.array(z.string()),
  /** Every widget of the dashboard is scoped to these site groups (empty: the caller's whole scope). */
  groupIds: z.array(z.string()),
  /** The dashboard /dashboard opens for the caller. */
  default: z.boolean(),
  /** Whether the caller may save and delete it (false for the base dashboard). */
  editable: z.boolean(),
  /** Shared with the caller's organization. */
  shared: z.boolean(),
  /** Whether the caller owns it (false for the base dashboard and for others' shared ones). */
  owned: z.boolean(),
  icon: z.string().nullable(),
  /** Sorted by y then x. */
  widgets: z.array(WidgetSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** `GET dashboard/all`: the base dashboard first, then the rest by id ascending. */
export const DashboardListSchema = z.array(DashboardSchema);

const dashboardId = z
  .union([z.string(), z.number()], { error: 'Enter a dashboard id.' })
  .transform((v) => String(v).trim())
  .pipe(
    z.string().min(1, { error: 'Enter a dashboard id.' }).max(20, { error: 'Enter a valid dashboard id.' }),
  );

/** `POST dashboard/save`: no id creates; an id updates. `widgets` as an array or JSON text. */
/**
 * `POST dashboard/save`: no id creates; an id updates. `widgets` as an array or JSON text. On update, a
 * field left out keeps its stored value (on create: empty, not shared); `name` is always required.
 */
export const DashboardSaveSchema = z.object({
  id: dashboardId.optional(),
  name: requiredText(100, 'Enter a name.', 'A name'),
  description: z.string().trim().max(1000, { error: 'A description is at most 1000 characters.' }).optional(),
  tagNames: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: 'A tag cannot be empty.' })
        .max(50, { error: 'A tag is at most 50 characters.' }),
    )
    .max(50, { error: 'At most 50 tags.' })
    .optional(),
  groupIds: z
    .array(z.uuid({ error: 'Enter a valid group id.' }))
    .max(MAX_DASHBOARD_GROUPS, { error: `At most ${MAX_DASHBOARD_GROUPS} groups.` })
    .optional(),
  /** true: make it the caller's default; false: clear the default if it was this one; absent: leave it. */
  default: z.boolean().optional(),
  shared: z.boolean().optional(),
  icon: z.string().trim().max(100, { error: 'An icon is at most 100 characters.' }).nullish(),
  widgets: WidgetsSchema.optional(),
  /** Accepted and ignored (the server decides). */
  editable: z.boolean().optional(),
});
export type DashboardSave = z.input<typeof DashboardSaveSchema>;

export const DashboardSavedSchema = z.object({ id: z.string(), message: z.string() });
export type DashboardSaved = z.infer<typeof DashboardSavedSchema>;

export const DashboardDeleteSchema = z.object({ id: dashboardId });
export type DashboardDelete = z.infer<typeof DashboardDeleteSchema>;

export const DashboardDeletedSchema = z.object({ message: z.string() });
