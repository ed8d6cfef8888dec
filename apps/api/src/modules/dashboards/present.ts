import { type Dashboard, sortWidgets, type Widget, WidgetSchema } from '@vnoc/contracts';
import type { DashboardRow } from './repository.ts';

/** Stored widgets were checked on save; one that no longer parses (an older shape) is left out, not a 500. */
export function presentWidgets(stored: unknown[]): Widget[] {
  const widgets: Widget[] = [];
  for (const w of stored) {
    const parsed = WidgetSchema.safeParse(w);
    if (parsed.success) widgets.push(parsed.data);
  }
  return sortWidgets(widgets);
}

export function presentDashboard(
  row: DashboardRow,
  viewer: { userId: string; editable: boolean; defaultId: string },
): Dashboard {
  const id = String(row.id);
  return {
    id,
    name: row.name,
    description: row.description,
    tagNames: row.tagNames,
    groupIds: row.groupIds,
    default: viewer.defaultId === id,
    editable: viewer.editable,
    shared: row.shared,
    owned: row.ownerId === viewer.userId,
    icon: row.icon,
    widgets: presentWidgets(row.widgets),
  };
}
