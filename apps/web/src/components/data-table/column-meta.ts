import type { ColumnDef, VisibilityState } from '@tanstack/react-table';
import type { CSSProperties } from 'react';

/** What a column tells the table beyond tanstack's own column definition (its `meta`). */
export interface ColumnMeta {
  /** Header text for the column picker when `header` is not a string. */
  label?: string;
  /** Hidden until the user picks it. */
  hiddenByDefault?: boolean;
  /** Long text (a target, details) wraps within this many px instead of widening the table. */
  wrapAt?: number;
}

/** The columns shown before the user picks: all but those marked `hiddenByDefault`. */
// biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
export function defaultVisibility<T>(columns: ColumnDef<T, any>[]): VisibilityState {
  const hidden: VisibilityState = {};
  for (const column of columns) {
    const id = column.id ?? (column as { accessorKey?: string }).accessorKey;
    if (id && (column.meta as ColumnMeta | undefined)?.hiddenByDefault) hidden[id] = false;
  }
  return hidden;
}

/** A table cell stays on one line, unless its column wraps long text within `wrapAt` px. */
export function cellStyle(meta: unknown): CSSProperties {
  const wrapAt = (meta as ColumnMeta | undefined)?.wrapAt;
  return wrapAt
    ? { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 96, maxWidth: wrapAt }
    : { whiteSpace: 'nowrap' };
}
