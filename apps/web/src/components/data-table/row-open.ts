import type { KeyboardEvent } from 'react';

/**
 * What makes a row (or its card) open the item: focusable, named, opened by a click or by Enter on the row
 * itself (Enter on a control inside it, such as its checkbox, stays that control's). Nothing when rows do not open.
 */
export function rowOpenProps(open: (() => void) | undefined, label: string | undefined) {
  if (!open) return { 'aria-label': label };
  return {
    tabIndex: 0,
    'aria-label': label,
    onClick: open,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) {
        event.preventDefault();
        open();
      }
    },
    style: { cursor: 'pointer' },
  };
}
