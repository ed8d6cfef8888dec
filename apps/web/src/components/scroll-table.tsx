import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollTableProps extends TableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** Above this height the rows scroll inside the table (a long list in a modal); unset, the table grows. */
  maxHeight?: number;
  /** The header cells (`Table.Th`). */
  head: ReactNode;
  /** The body rows (`Table.Tr`). */
  children: ReactNode;
}

/** A small read-only table of a detail page or modal: one header row, its rows, scrolling sideways on a phone. */
export function ScrollTable({ minWidth, maxHeight, head, children, ...table }: ScrollTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
