import { Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { Paged } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { SearchInput } from '../../../components/data-table/search-input.tsx';
import { serverPageProps, useListParams } from '../../../components/data-table/server-list.ts';
import { readTableParams } from '../../../components/data-table/table-params.ts';
import { EmptyState } from '../../../components/empty-state.tsx';

/** A support list's state in the address bar: the search text and paging (the server orders the rows). */
export function readSupportListState(params: URLSearchParams) {
  return { q: params.get('q')?.trim() ?? '', table: readTableParams(params, []) };
}

/** The list's state and the page request it makes of the server. */
export function useSupportListParams() {
  const list = useListParams(readSupportListState);
  const { q, table } = list.state;
  return { ...list, request: { q, page: table.page, pageSize: table.pageSize } };
}

/** The organization column of a support list: the organization's name, with what the list tells under it. */
export function organizationColumn<T extends { organization: { name: string } }>(
  header: string,
  below: (row: T) => ReactNode,
): ColumnDef<T> {
  return {
    id: 'organization',
    header,
    enableSorting: false,
    cell: ({ row }) => (
      <Stack gap={2} align="flex-start">
        <Text size="sm">{row.original.organization.name}</Text>
        {below(row.original)}
      </Stack>
    ),
  };
}

interface SupportListProps<T extends { id: string }> {
  tableId: string;
  label: string;
  columns: ColumnDef<T>[];
  list: ReturnType<typeof useSupportListParams>;
  query: UseQueryResult<Paged<T>>;
  icon: Icon;
  /** Opens a row (its page or panel); `openLabel` names it for the row's open action. */
  onOpen?: (row: T) => void;
  openLabel?: (row: T) => string;
  /**
   * The list's words: its search box (a short placeholder, or, when what it searches is too long for a phone's
   * box, a description under its label), and what it says when empty and when the search matches nothing.
   */
  words: {
    searchLabel: string;
    searchPlaceholder?: string;
    searchHelp?: string;
    emptyTitle: string;
    emptyText: string;
    noMatchTitle: string;
    noMatchText: string;
  };
}

/** A support list: one search box over the server's pages, every organization's rows. */
export function SupportList<T extends { id: string }>({
  tableId,
  label,
  columns,
  list: { state, update },
  query,
  icon,
  onOpen,
  openLabel,
  words,
}: SupportListProps<T>) {
  return (
    <DataTable<T>
      tableId={tableId}
      label={label}
      columns={columns}
      {...serverPageProps(query, state.table, update)}
      getRowId={(row) => row.id}
      {...(onOpen ? { onOpen } : {})}
      {...(openLabel ? { openLabel } : {})}
      empty={
        state.q ? (
          <EmptyState icon={icon} title={words.noMatchTitle} text={words.noMatchText} />
        ) : (
          <EmptyState icon={icon} title={words.emptyTitle} text={words.emptyText} />
        )
      }
      toolbar={
        <SearchInput
          label={words.searchLabel}
          placeholder={words.searchPlaceholder}
          description={words.searchHelp}
          value={state.q}
          onChange={(q) => update({ q: q || null })}
        />
      }
    />
  );
}
