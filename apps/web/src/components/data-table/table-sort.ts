import { sortParam, type TableSort } from './table-params.ts';

/** Next sort when a header is clicked: ascending, then descending, then the server's default order. */
export function nextSort(current: TableSort | null, id: string): TableSort | null {
  if (current?.id !== id) return { id, desc: false };
  return current.desc ? null : { id, desc: true };
}

/** How a column is sorted now, in `aria-sort` words; undefined when the list is sorted by something else. */
export function sortDirection(sort: TableSort | null, id: string): 'ascending' | 'descending' | undefined {
  if (sort?.id !== id) return undefined;
  return sort.desc ? 'descending' : 'ascending';
}

/** The card layout's sort choice as one select value, written as the address bar writes it (`field-desc`). */
export function sortOptionValue(sort: TableSort | null): string {
  return sortParam(sort) ?? '';
}

/** Reads a sort choice back; '' (the server's default order) is null. Field ids may themselves hold dashes. */
export function readSortOption(value: string): TableSort | null {
  const dash = value.lastIndexOf('-');
  if (!value || dash < 0) return null;
  return { id: value.slice(0, dash), desc: value.slice(dash + 1) === 'desc' };
}
