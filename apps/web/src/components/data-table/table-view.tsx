import { Box, Paper, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { flexRender, type Header, type Row } from '@tanstack/react-table';
import { memo, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadable } from '../../lib/preloadable.tsx';
import { columnLabel } from './column-label.ts';
import { cellStyle } from './column-meta.ts';
import type { TableRow, TableViewProps } from './data-table-props.ts';
import { rowOpenProps } from './row-open.ts';
import { type RowViewProps, sameRow, useRowView } from './row-view.ts';
import { nextSort, sortDirection } from './table-sort.ts';

/** Pages longer than this render only the rows in view. */
export const VIRTUALIZE_AFTER = 100;
const ROW_HEIGHT = 45;
/** The rows a virtualized page draws while its virtualizer loads: those in its box's first view (720 px at most). */
const ROWS_BEFORE_VIRTUAL = Math.ceil(720 / ROW_HEIGHT);

// TanStack Virtual comes only with a page longer than VIRTUALIZE_AFTER: fetched as such a page size is chosen
// (or read from the address), beside the page's data.
const VirtualRows = preloadable(() => import('./table-virtual-rows.tsx').then((m) => m.VirtualRows));

/** A column header: a button that cycles the sort when the column sorts, with `aria-sort` saying how. */
function SortHeader<T extends TableRow>({
  header,
  props,
}: { header: Header<T, unknown> } & Pick<TableViewProps<T>, 'props'>) {
  const { t } = useTranslation('table');
  const { sort, onSortChange } = props;
  const canSort = header.column.columnDef.enableSorting !== false;
  const direction = sortDirection(sort, header.column.id);
  const content = header.isPlaceholder
    ? null
    : flexRender(header.column.columnDef.header, header.getContext());
  const Icon =
    direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={canSort ? (direction ?? 'none') : undefined} style={{ whiteSpace: 'nowrap' }}>
      {canSort ? (
        <UnstyledButton
          onClick={() => onSortChange(nextSort(sort, header.column.id))}
          fw={700}
          fz="sm"
          title={t('sortBy', { column: columnLabel(header.column) })}
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
}

/**
 * A row: drawn again only when its item, place, shown columns, open label or selection changed (`sameRow`). A
 * live refresh of the list or a change of the screen around it (a filter, the sort, an open drawer) then
 * redraws the rows that changed, not the whole page (issue 39: the Alerts screen's interactions at ×4 CPU).
 */
const DataRow = memo(function DataRow<T extends TableRow>({
  row,
  index,
  label,
  open,
  selection,
}: RowViewProps<T>) {
  return (
    <Table.Tr
      data-index={index}
      {...rowOpenProps(open && (() => open(row.original)), label(row.original))}
      data-testid="data-row"
    >
      {selection && (
        // The cell only stops a click from opening the row; the checkbox takes keyboard and clicks.
        <Table.Td w={44} onClick={(event) => event.stopPropagation()}>
          <selection.checkboxes.RowCheckbox row={row} selection={selection} />
        </Table.Td>
      )}
      {row.getVisibleCells().map((cell) => (
        <Table.Td key={cell.id} style={cellStyle(cell.column.columnDef.meta)}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}, sameRow) as <T extends TableRow>(props: RowViewProps<T>) => ReactNode;

/** The page as a table (wide screens): sortable headers, skeleton rows while loading, long pages virtualized. */
export function TableView<T extends TableRow>({ table, props }: TableViewProps<T>) {
  const rows = table.getRowModel().rows;
  const { selection } = props;
  const columns = table.getVisibleLeafColumns().length + (selection ? 1 : 0);
  const virtual = rows.length > VIRTUALIZE_AFTER;
  const scrollRef = useRef<HTMLDivElement>(null);
  const longPages = props.pageSize > VIRTUALIZE_AFTER;
  useEffect(() => {
    if (longPages) VirtualRows.preload().catch(() => undefined);
  }, [longPages]);
  const rowView = useRowView(table, props);
  const rowAt = (row: Row<T>, index: number) => <DataRow key={row.id} {...rowView(row)} index={index} />;

  let body: ReactNode;
  if (props.loading && !props.data) {
    body = Array.from({ length: Math.min(props.pageSize, 8) }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Table.Tr key={i} data-testid="skeleton-row">
        {Array.from({ length: columns }, (_, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Table.Td key={j}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (virtual) {
    const at = (index: number) => {
      const row = rows[index];
      return row ? rowAt(row, index) : null;
    };
    body = (
      <Suspense fallback={rows.slice(0, ROWS_BEFORE_VIRTUAL).map(rowAt)}>
        <VirtualRows.Component
          count={rows.length}
          rowAt={at}
          scrollRef={scrollRef}
          rowHeight={ROW_HEIGHT}
          columns={columns}
        />
      </Suspense>
    );
  } else {
    body = rows.map(rowAt);
  }

  return (
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
                    <selection.checkboxes.PageCheckbox rows={rows} selection={selection} />
                  </Table.Th>
                )}
                {group.headers.map((header) => (
                  <SortHeader key={header.id} header={header} props={props} />
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Box>
    </Paper>
  );
}
