import { Checkbox } from '@mantine/core';
import type { Row } from '@tanstack/react-table';
import type { RowSelection } from './data-table-props.ts';
import { pageTickState, withTicked } from './row-selection.ts';

/** A row's (or card's) tick box. */
export function RowCheckbox<T>({ row, selection }: { row: Row<T>; selection: RowSelection<T> }) {
  return (
    <Checkbox
      size="sm"
      checked={selection.selected.has(row.id)}
      onChange={(event) =>
        selection.onChange(withTicked(selection.selected, [row.id], event.currentTarget.checked))
      }
      aria-label={selection.rowLabel(row.original)}
      data-testid="row-select"
    />
  );
}

/**
 * Ticks every row of the page. In a table header it is named by `aria-label`; above cards it shows its label.
 */
export function PageCheckbox<T>({
  rows,
  selection,
  visibleLabel,
}: {
  rows: Row<T>[];
  selection: RowSelection<T>;
  visibleLabel?: boolean;
}) {
  const pageIds = rows.map((row) => row.id);
  const { all, some } = pageTickState(selection.selected, pageIds);
  return (
    <Checkbox
      size="sm"
      label={visibleLabel ? selection.allLabel : undefined}
      aria-label={visibleLabel ? undefined : selection.allLabel}
      checked={all}
      indeterminate={some}
      disabled={pageIds.length === 0}
      onChange={(event) =>
        selection.onChange(withTicked(selection.selected, pageIds, event.currentTarget.checked))
      }
      data-testid="select-page"
    />
  );
}

/** Both, as a table with a selection is given them (`RowSelection.checkboxes`). */
export const CHECKBOXES = { RowCheckbox, PageCheckbox };
