import type { Column, Row, Table } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableProps, RowSelection, TableRow } from './data-table-props.ts';

/** What a row (or its card) draws from; `sameRow` tells when it needs drawing again. */
export interface RowViewProps<T extends TableRow> {
  row: Row<T>;
  index?: number;
  /** The shown columns: a new array when a column's definition or the column choice changes. */
  columns: Column<T, unknown>[];
  /** The row's open action's accessible name: one function for the table's life, calling the latest `openLabel`. */
  label: (row: T) => string | undefined;
  /** Opens the row's item: one function for the table's life, calling the screen's latest `onOpen`. */
  open: ((row: T) => void) | undefined;
  selection: RowSelection<T> | undefined;
  /** The interface's language: its words and formats in every cell and label. */
  language: string;
}

/**
 * A row is drawn again only when what it shows changed: its item (a list's refresh keeps unchanged items the same
 * objects: TanStack Query's structural sharing), its place, the shown columns, the selection or the language. A
 * column's cells and the row's open label therefore read only their row's item, the language and what the columns'
 * definitions depend on (a screen builds its columns again, `useMemo`, when what they show changes).
 */
export function sameRow<T extends TableRow>(a: RowViewProps<T>, b: RowViewProps<T>): boolean {
  return (
    a.row.original === b.row.original &&
    a.row.id === b.row.id &&
    a.index === b.index &&
    a.columns === b.columns &&
    a.open === b.open &&
    a.language === b.language &&
    a.selection === b.selection
  );
}

/**
 * The props of each row of `table`. `open` and `label` are one function each for the table's life that call the
 * screen's `onOpen` and `openLabel` of the latest render (kept during the render, as the rows drawn in it read the
 * label), so that a screen's new callbacks on each render do not draw every row again.
 */
export function useRowView<T extends TableRow>(table: Table<T>, props: DataTableProps<T>) {
  const latest = useRef(props);
  latest.current = props;
  const [stable] = useState(() => ({
    open: (item: T) => latest.current.onOpen?.(item),
    label: (item: T) => latest.current.openLabel?.(item),
  }));
  const open = props.onOpen ? stable.open : undefined;
  const columns = table.getVisibleLeafColumns();
  const { selection } = props;
  const language = useTranslation().i18n.language;
  return (row: Row<T>): Omit<RowViewProps<T>, 'index'> => ({
    row,
    columns,
    label: stable.label,
    open,
    selection,
    language,
  });
}
