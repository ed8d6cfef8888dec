import {
  Box,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconChevronRight } from '@tabler/icons-react';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type Row,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error.tsx';
import { columnLabel } from './column-label.ts';
import { ColumnPicker } from './column-picker.tsx';
import { useColumnVisibility } from './column-visibility.ts';
import { TableFooter } from './table-footer.tsx';
import type { TableSort } from './table-params.ts';

/** Pages longer than this render only the rows in view. */
export const VIRTUALIZE_AFTER = 100;
/** Narrower than this (a phone, a drawer), rows become cards: every shown column readable without scrolling. */
export const CARDS_BELOW_PX = 600;

/** Whether a list this wide shows cards; 0 = not measured yet (first render, or no layout), shown as a table. */
export function showsCards(width: number): boolean {
  return width > 0 && width < CARDS_BELOW_PX;
}
const ROW_HEIGHT = 45;

export interface ColumnMeta {
  /** Header text for the column picker when `header` is not a string. */
  label?: string;
  /** Hidden until the user picks it. */
  hiddenByDefault?: boolean;
  /** Long text (a target, details) wraps within this many px instead of widening the table. */
  wrapAt?: number;
}

/** Rows the user can tick (e.g. to act on several at once); the selection is the caller's state. */
export interface RowSelection<T> {
  /** Ids (getRowId) of the ticked rows. */
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** Accessible name of a row's checkbox, e.g. "Select device TZ370 00DB at Acme Austin". */
  rowLabel: (row: T) => string;
  /** Accessible name of the header checkbox (ticks every row of the page). */
  allLabel: string;
}

export interface DataTableProps<T> {
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
  getRowId: (row: T) => string;
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

/** Next sort when a header is clicked: ascending, then descending, then the server's default order. */
export function nextSort(current: TableSort | null, id: string): TableSort | null {
  if (current?.id !== id) return { id, desc: false };
  return current.desc ? null : { id, desc: true };
}

/** A server-paged, server-sorted table with a column picker, footer, and loading / empty / error states. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation('table');
  const { columns, tableId, data, sort, onSortChange } = props;
  const { ref: sizeRef, width } = useElementSize();
  const cards = showsCards(width);
  const defaults = useMemo(() => {
    const hidden: VisibilityState = {};
    for (const column of columns) {
      const id = column.id ?? (column as { accessorKey?: string }).accessorKey;
      if (id && (column.meta as ColumnMeta | undefined)?.hiddenByDefault) hidden[id] = false;
    }
    return hidden;
  }, [columns]);
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(tableId, defaults);

  const table = useReactTable({
    data: data ?? [],
    columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    state: { columnVisibility },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility(typeof updater === 'function' ? updater(columnVisibility) : updater),
  });

  const rows = table.getRowModel().rows;
  const { selection } = props;
  const visibleColumns = table.getVisibleLeafColumns().length + (selection ? 1 : 0);
  const pageIds = rows.map((row) => row.id);
  const tickedOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  const toggleRow = (id: string, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const togglePage = (checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of pageIds) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };
  const virtual = rows.length > VIRTUALIZE_AFTER;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  const open = (row: Row<T>) => props.onOpen?.(row.original);
  const handleRowKey = (event: KeyboardEvent<HTMLTableRowElement>, row: Row<T>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      open(row);
    }
  };

  const renderRow = (row: Row<T>, index: number) => (
    <Table.Tr
      key={row.id}
      data-index={index}
      tabIndex={props.onOpen ? 0 : undefined}
      aria-label={props.openLabel?.(row.original)}
      onClick={props.onOpen ? () => open(row) : undefined}
      onKeyDown={props.onOpen ? (event) => handleRowKey(event, row) : undefined}
      style={props.onOpen ? { cursor: 'pointer' } : undefined}
      data-testid="data-row"
    >
      {selection && (
        // The cell only stops a click from opening the row; the checkbox takes keyboard and clicks.
        <Table.Td w={44} onClick={(event) => event.stopPropagation()}>
          <Checkbox
            size="sm"
            checked={selection.selected.has(row.id)}
            onChange={(event) => toggleRow(row.id, event.currentTarget.checked)}
            aria-label={selection.rowLabel(row.original)}
            data-testid="row-select"
          />
        </Table.Td>
      )}
      {row.getVisibleCells().map((cell) => {
        const wrapAt = (cell.column.columnDef.meta as ColumnMeta | undefined)?.wrapAt;
        return (
          <Table.Td
            key={cell.id}
            style={
              wrapAt
                ? { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 96, maxWidth: wrapAt }
                : { whiteSpace: 'nowrap' }
            }
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );

  const renderCard = (row: Row<T>) => {
    const [first, ...rest] = row.getVisibleCells();
    return (
      <Paper
        key={row.id}
        withBorder
        radius="md"
        p="sm"
        role="listitem"
        tabIndex={props.onOpen ? 0 : undefined}
        aria-label={props.openLabel?.(row.original)}
        onClick={props.onOpen ? () => open(row) : undefined}
        onKeyDown={
          props.onOpen
            ? (event: KeyboardEvent<HTMLDivElement>) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) {
                  event.preventDefault();
                  open(row);
                }
              }
            : undefined
        }
        style={props.onOpen ? { cursor: 'pointer' } : undefined}
        data-testid="data-row"
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {selection && (
            <Box onClick={(event) => event.stopPropagation()} pt={2}>
              <Checkbox
                size="sm"
                checked={selection.selected.has(row.id)}
                onChange={(event) => toggleRow(row.id, event.currentTarget.checked)}
                aria-label={selection.rowLabel(row.original)}
                data-testid="row-select"
              />
            </Box>
          )}
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            {first && <Box fw={600}>{flexRender(first.column.columnDef.cell, first.getContext())}</Box>}
            {rest.map((cell) => (
              <Group key={cell.id} gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {columnLabel(cell.column)}
                </Text>
                <Box ta="right" fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Box>
              </Group>
            ))}
          </Stack>
          {props.onOpen && <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, opacity: 0.6 }} />}
        </Group>
      </Paper>
    );
  };

  const header = (h: Header<T, unknown>) => {
    const canSort = h.column.columnDef.enableSorting !== false;
    const direction = sort?.id === h.column.id ? (sort.desc ? 'descending' : 'ascending') : undefined;
    const content = h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext());
    const Icon =
      direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
    return (
      <Table.Th
        key={h.id}
        aria-sort={canSort ? (direction ?? 'none') : undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {canSort ? (
          <UnstyledButton
            onClick={() => onSortChange(nextSort(sort, h.column.id))}
            fw={700}
            fz="sm"
            title={t('sortBy', { column: columnLabel(h.column) })}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            {content}
            <Icon size={14} aria-hidden style={{ opacity: direction ? 1 : 0.45 }} />
          </UnstyledButton>
        ) : (
          content
        )}
      </Table.Th>
    );
  };

  let body: ReactNode;
  if (props.loading && !data) {
    body = Array.from({ length: Math.min(props.pageSize, 8) }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Table.Tr key={i} data-testid="skeleton-row">
        {Array.from({ length: visibleColumns }, (_, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Table.Td key={j}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (virtual) {
    const items = virtualizer.getVirtualItems();
    const before = items[0]?.start ?? 0;
    const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
    body = (
      <>
        {before > 0 && (
          <tr aria-hidden>
            <td colSpan={visibleColumns} style={{ height: before, padding: 0 }} />
          </tr>
        )}
        {items.map((item) => {
          const row = rows[item.index];
          return row ? renderRow(row, item.index) : null;
        })}
        {after > 0 && (
          <tr aria-hidden>
            <td colSpan={visibleColumns} style={{ height: after, padding: 0 }} />
          </tr>
        )}
      </>
    );
  } else {
    body = rows.map((row, index) => renderRow(row, index));
  }

  const sortable = table.getVisibleLeafColumns().filter((column) => column.columnDef.enableSorting !== false);
  const cardList = (
    <Stack gap="xs">
      {selection && rows.length > 0 && (
        <Checkbox
          size="sm"
          label={selection.allLabel}
          checked={tickedOnPage === pageIds.length}
          indeterminate={tickedOnPage > 0 && tickedOnPage < pageIds.length}
          onChange={(event) => togglePage(event.currentTarget.checked)}
          data-testid="select-page"
        />
      )}
      {sortable.length > 0 && (
        // The headers that sort a table are not there on cards: the same choice as a list.
        <NativeSelect
          size="xs"
          label={t('sortCards')}
          value={sort ? `${sort.id}-${sort.desc ? 'desc' : 'asc'}` : ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const dash = value.lastIndexOf('-');
            onSortChange(value ? { id: value.slice(0, dash), desc: value.slice(dash + 1) === 'desc' } : null);
          }}
          data={[
            { value: '', label: t('defaultOrder') },
            ...sortable.flatMap((column) => [
              { value: `${column.id}-asc`, label: t('ascending', { column: columnLabel(column) }) },
              { value: `${column.id}-desc`, label: t('descending', { column: columnLabel(column) }) },
            ]),
          ]}
          data-testid="card-sort"
        />
      )}
      <Stack
        gap="xs"
        role="list"
        aria-label={props.label}
        aria-busy={props.loading || props.fetching ? true : undefined}
        style={{ opacity: props.fetching ? 0.6 : 1, transition: 'opacity 150ms' }}
        data-testid="data-cards"
      >
        {props.loading && !data
          ? Array.from({ length: Math.min(props.pageSize, 4) }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Paper key={i} withBorder radius="md" p="sm" role="listitem" data-testid="skeleton-row">
                <Stack gap={8}>
                  <Skeleton height={14} width="60%" radius="sm" />
                  <Skeleton height={12} radius="sm" />
                  <Skeleton height={12} radius="sm" />
                </Stack>
              </Paper>
            ))
          : rows.map(renderCard)}
      </Stack>
    </Stack>
  );

  const failed = props.error !== undefined && props.error !== null;
  const isEmpty = !failed && !props.loading && data !== undefined && rows.length === 0;

  return (
    <Stack gap="sm" ref={sizeRef}>
      {props.toolbar}
      <Group justify="flex-end" align="flex-start" gap="sm" wrap="nowrap">
        {props.actions}
        <ColumnPicker table={table} />
      </Group>
      {failed ? (
        <LoadError
          error={props.error}
          onRetry={props.onRetry}
          retryLabel={t('retry')}
          title={t('loadFailed')}
          data-testid="table-error"
        />
      ) : isEmpty ? (
        props.empty
      ) : cards ? (
        cardList
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Box
            ref={scrollRef}
            style={{
              overflow: 'auto',
              maxHeight: virtual ? 'min(70vh, 720px)' : undefined,
              opacity: props.fetching ? 0.6 : 1,
              transition: 'opacity 150ms',
            }}
          >
            <Table
              highlightOnHover={Boolean(props.onOpen)}
              stickyHeader={virtual}
              verticalSpacing="sm"
              aria-label={props.label}
              aria-busy={props.loading || props.fetching ? true : undefined}
              aria-rowcount={virtual ? rows.length + 1 : undefined}
              data-testid="data-table"
            >
              <Table.Thead>
                {table.getHeaderGroups().map((group) => (
                  <Table.Tr key={group.id}>
                    {selection && (
                      <Table.Th w={44}>
                        <Checkbox
                          size="sm"
                          checked={pageIds.length > 0 && tickedOnPage === pageIds.length}
                          indeterminate={tickedOnPage > 0 && tickedOnPage < pageIds.length}
                          disabled={pageIds.length === 0}
                          onChange={(event) => togglePage(event.currentTarget.checked)}
                          aria-label={selection.allLabel}
                          data-testid="select-page"
                        />
                      </Table.Th>
                    )}
                    {group.headers.map(header)}
                  </Table.Tr>
                ))}
              </Table.Thead>
              <Table.Tbody>{body}</Table.Tbody>
            </Table>
          </Box>
        </Paper>
      )}
      {!failed && !isEmpty && (
        <TableFooter
          page={props.page}
          pageSize={props.pageSize}
          total={props.total}
          onPageChange={props.onPageChange}
          onPageSizeChange={props.onPageSizeChange}
          loading={Boolean(props.loading) && !data}
        />
      )}
    </Stack>
  );
}
