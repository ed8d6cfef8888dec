import type { VisibilityState } from '@tanstack/react-table';
import { useCallback, useSyncExternalStore } from 'react';

// The column picker's choice is remembered per table for the browser session, in memory: the spec's
// storage keys (part 3) have no place for it and column choices are not filters, so it is not written to
// `vnoc-filters`. A reload starts from each table's default columns.
const choices = new Map<string, VisibilityState>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getColumnVisibility(tableId: string): VisibilityState | undefined {
  return choices.get(tableId);
}

export function setColumnVisibility(tableId: string, visibility: VisibilityState): void {
  choices.set(tableId, visibility);
  for (const listener of listeners) listener();
}

/** For tests: forget every table's choice. */
export function resetColumnVisibility(): void {
  choices.clear();
  for (const listener of listeners) listener();
}

/** The remembered visibility of a table's columns (`defaults` until the user picks) and its setter. */
export function useColumnVisibility(
  tableId: string,
  defaults: VisibilityState,
): [VisibilityState, (next: VisibilityState) => void] {
  const chosen = useSyncExternalStore(
    subscribe,
    () => choices.get(tableId),
    () => choices.get(tableId),
  );
  const set = useCallback((next: VisibilityState) => setColumnVisibility(tableId, next), [tableId]);
  return [chosen ?? defaults, set];
}
