import type { ColumnDef, Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { CHECKBOXES } from './row-checkboxes.tsx';
import type { TableSort } from './table-params.ts';

/** Rows the user can tick (e.g. to act on several at once); the selection is the caller's state. */
export interface RowSelection<T> {
  /** Ids (getRowId) of the ticked rows. */
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** Accessible name of a row's checkbox, e.g. "Select device TZ370 00DB at Acme Austin". */
  rowLabel: (row: T) => string;
  /** Accessible name of the header checkbox (ticks every row of the page). */
  allLabel: string;
  /**
   * The tick boxes (row-checkboxes.tsx's `CHECKBOXES`), given by the screen that selects rows: a table without a
   * selection loads no Checkbox.
   */
  checkboxes: typeof CHECKBOXES;
}

/** A row of a data table: its id names it (selection, React keys). */
export interface TableRow {
  id: string;
}

export interface DataTableProps<T extends TableRow> {
  /** Names the table, so its column choice is remembered. */
  tableId: string;
  /** Accessible name of the table. */
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  /** The rows of the current page; undefined while the first page loads. */
  data: T[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  sort: TableSort | null;
  onSortChange: (sort: TableSort | null) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  loading?: boolean;
  /** A newer page is on its way while the previous one shows. */
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** The row's id by default. */
  getRowId?: (row: T) => string;
  /** Opens the item (click, or Enter on the focused row). */
  onOpen?: (row: T) => void;
  /** Accessible text of a row's open action, e.g. "Open site Main St". */
  openLabel?: (row: T) => string;
  /** Shown when the page has no rows. */
  empty: ReactNode;
  /** Filters shown above the table. */
  toolbar?: ReactNode;
  /** Actions shown beside the column picker (e.g. saved searches). */
  actions?: ReactNode;
  /** A checkbox column to tick rows of the page. */
  selection?: RowSelection<T>;
}

/** What the table and the card layout both draw from: the page's rows as tanstack holds them, and the props. */
export interface TableViewProps<T extends TableRow> {
  table: Table<T>;
  props: DataTableProps<T>;
}
