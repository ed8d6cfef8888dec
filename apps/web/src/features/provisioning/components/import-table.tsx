import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollTable } from '../../../components/scroll-table.tsx';

interface ImportTableProps {
  /** The table's accessible name. */
  label: string;
  /** The column headers, in order. */
  columns: readonly string[];
  minWidth: number;
  maxHeight?: number;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}

/** A table of the CSV import (its bad rows, the rows ready to add, the secrets made): striped, bordered, small. */
export function ImportTable({ label, columns, minWidth, maxHeight, children }: ImportTableProps) {
  return (
    <ScrollTable
      minWidth={minWidth}
      maxHeight={maxHeight}
      striped
      withTableBorder
      fz="sm"
      aria-label={label}
      head={columns.map((column) => (
        <Table.Th key={column} scope="col">
          {column}
        </Table.Th>
      ))}
    >
      {children}
    </ScrollTable>
  );
}
