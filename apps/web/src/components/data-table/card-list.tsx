import { Box, Group, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { flexRender } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { columnLabel } from './column-label.ts';
import type { TableRow, TableViewProps } from './data-table-props.ts';
import { rowOpenProps } from './row-open.ts';
import { type RowViewProps, sameRow, useRowView } from './row-view.ts';
import { readSortOption, sortOptionValue } from './table-sort.ts';

/** Narrower than this (a phone, a drawer), rows become cards: every shown column readable without scrolling. */
export const CARDS_BELOW_PX = 600;

/** Whether a list this wide shows cards; 0 = not measured yet (first render, or no layout), shown as a table. */
export function showsCards(width: number): boolean {
  return width > 0 && width < CARDS_BELOW_PX;
}

/**
 * A row as a card: its first column as the title, every other shown column as a labelled line; drawn again only
 * when what it shows changed (`sameRow`, as the table's rows).
 */
const DataCard = memo(function DataCard<T extends TableRow>({
  row,
  label,
  open,
  selection,
}: RowViewProps<T>) {
  const [first, ...rest] = row.getVisibleCells();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="listitem"
      {...rowOpenProps(open && (() => open(row.original)), label(row.original))}
      data-testid="data-row"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {selection && (
          <Box onClick={(event) => event.stopPropagation()} pt={2}>
            <selection.checkboxes.RowCheckbox row={row} selection={selection} />
          </Box>
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          {first && <Box fw={600}>{flexRender(first.column.columnDef.cell, first.getContext())}</Box>}
          {rest.map((cell) => (
            <Group key={cell.id} gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
              {/* The label gives way too (down to its longest word): a long Spanish label beside a date kept on one
                  line pushed the date past the card's edge at 390 px ("Última actualización", issue 37). */}
              <Text size="xs" c="dimmed">
                {columnLabel(cell.column)}
              </Text>
              <Box ta="right" fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </Box>
            </Group>
          ))}
        </Stack>
        {open && <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, opacity: 0.6 }} />}
      </Group>
    </Paper>
  );
}, sameRow) as <T extends TableRow>(props: RowViewProps<T>) => ReactNode;

/** The page as cards (narrow screens), with the headers' sort offered as a select. */
export function CardList<T extends TableRow>({ table, props }: TableViewProps<T>) {
  const { t } = useTranslation('table');
  const { selection, sort, onSortChange } = props;
  const rows = table.getRowModel().rows;
  const rowView = useRowView(table, props);
  const sortable = table.getVisibleLeafColumns().filter((column) => column.columnDef.enableSorting !== false);
  return (
    <Stack gap="xs">
      {selection && rows.length > 0 && (
        <selection.checkboxes.PageCheckbox rows={rows} selection={selection} visibleLabel />
      )}
      {sortable.length > 0 && (
        // The headers that sort a table are not there on cards: the same choice as a list.
        <NativeSelect
          size="xs"
          label={t('sortCards')}
          value={sortOptionValue(sort)}
          onChange={(event) => onSortChange(readSortOption(event.currentTarget.value))}
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
        {props.loading && !props.data
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
          : rows.map((row) => <DataCard key={row.id} {...rowView(row)} />)}
      </Stack>
    </Stack>
  );
}
