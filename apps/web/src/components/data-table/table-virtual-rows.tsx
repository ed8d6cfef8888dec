import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode, RefObject } from 'react';

/** A spacer row standing for the rows scrolled out of view. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden>
      <td colSpan={columns} style={{ height, padding: 0 }} />
    </tr>
  );
}

export interface VirtualRowsProps {
  /** How many rows the page has. */
  count: number;
  /** The row at an index. */
  rowAt: (index: number) => ReactNode;
  /** The box that scrolls them. */
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  /** Columns of the table, for the spacers' cells. */
  columns: number;
}

/**
 * A long page's rows, only those in view (TanStack Virtual), with spacers for the rest: loaded by `TableView`
 * when a page is longer than VIRTUALIZE_AFTER, so a list's first load at its usual page sizes carries none of it.
 */
export function VirtualRows({ count, rowAt, scrollRef, rowHeight, columns }: VirtualRowsProps) {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <>
      <Spacer height={items[0]?.start ?? 0} columns={columns} />
      {items.map((item) => rowAt(item.index))}
      <Spacer height={virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)} columns={columns} />
    </>
  );
}
