import { Group, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error.tsx';
import { CardList, showsCards } from './card-list.tsx';
import { defaultVisibility } from './column-meta.ts';
import { ColumnPicker } from './column-picker.tsx';
import { useColumnVisibility } from './column-visibility.ts';
import type { DataTableProps, TableRow } from './data-table-props.ts';
import { TableFooter } from './table-footer.tsx';
import { TableView } from './table-view.tsx';

/**
 * A server-paged, server-sorted list with a column picker, footer, and loading / empty / error states: a table
 * on wide screens, cards on narrow ones (`card-list.tsx`), the same rows and choices in both.
 */
export function DataTable<T extends TableRow>(props: DataTableProps<T>) {
  const { t } = useTranslation('table');
  const { columns, tableId, data } = props;
  const { ref: sizeRef, width } = useElementSize();
  const defaults = useMemo(() => defaultVisibility(columns), [columns]);
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(tableId, defaults);

  const table = useReactTable({
    data: data ?? [],
    columns,
    getRowId: props.getRowId ?? ((row) => row.id),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    state: { columnVisibility },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility(typeof updater === 'function' ? updater(columnVisibility) : updater),
  });

  const failed = props.error !== undefined && props.error !== null;
  const isEmpty = !failed && !props.loading && data !== undefined && table.getRowModel().rows.length === 0;
  const View = showsCards(width) ? CardList : TableView;

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
      ) : (
        <View table={table} props={props} />
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
