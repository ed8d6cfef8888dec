import type { Column } from '@tanstack/react-table';

/** The text of a column's header: a string header, else its `meta.label`, else its id. */
export function columnLabel<T>(column: Column<T, unknown>): string {
  const header = column.columnDef.header;
  if (typeof header === 'string') return header;
  const meta = column.columnDef.meta as { label?: string } | undefined;
  return meta?.label ?? column.id;
}
