import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollTableProps extends TableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The header cells (`Table.Th`). */
  head: ReactNode;
  /** The body rows (`Table.Tr`). */
  children: ReactNode;
}

/** A small read-only table of a detail page: one header row, its rows, scrolling sideways on a phone. */
export function ScrollTable({ minWidth, head, children, ...table }: ScrollTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
