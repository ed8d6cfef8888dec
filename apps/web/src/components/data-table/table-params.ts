/** The state of a server-paged list as it lives in the address bar, so a reload keeps it. */

export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

export interface TableSort {
  id: string;
  desc: boolean;
}

export interface TableParams {
  /** Zero-based, as the API counts pages. */
  page: number;
  pageSize: number;
  sort: TableSort | null;
}

function wholeNumber(value: string | null): number | null {
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * Reads `page` (one-based in the address bar, for people), `size` and `sort` (`field-asc`/`field-desc`).
 * Anything out of range or unknown falls back: page 1, size 50, no sort (the server's default order).
 */
export function readTableParams(params: URLSearchParams, sortFields: readonly string[]): TableParams {
  const page = wholeNumber(params.get('page'));
  const size = wholeNumber(params.get('size'));
  const sortMatch = /^(\w+)-(asc|desc)$/.exec(params.get('sort') ?? '');
  const sortField = sortMatch?.[1];
  return {
    page: page !== null && page >= 1 ? page - 1 : 0,
    pageSize: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort:
      sortField && sortFields.includes(sortField) ? { id: sortField, desc: sortMatch?.[2] === 'desc' } : null,
  };
}

/** A comma-separated list parameter, keeping only allowed values (in their given order, without repeats). */
export function readList<T extends string>(
  params: URLSearchParams,
  key: string,
  allowed?: readonly T[],
): T[] {
  const parts = (params.get(key) ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const kept = allowed
    ? parts.filter((p): p is T => (allowed as readonly string[]).includes(p))
    : (parts as T[]);
  return [...new Set(kept)];
}

export function sortParam(sort: TableSort | null): string | undefined {
  return sort ? `${sort.id}-${sort.desc ? 'desc' : 'asc'}` : undefined;
}

export type ParamPatch = Record<string, string | number | readonly string[] | null | undefined>;

/**
 * The next search params: each patched key set, or removed when empty, null or its default (page 1, size 50).
 * Changing anything but the page goes back to the first page.
 */
export function patchParams(current: URLSearchParams, patch: ParamPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, raw] of Object.entries(patch)) {
    const value = Array.isArray(raw) ? raw.join(',') : raw === null || raw === undefined ? '' : String(raw);
    const isDefault =
      (key === 'page' && value === '1') || (key === 'size' && value === String(DEFAULT_PAGE_SIZE));
    if (value === '' || isDefault) next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/** The footer's range: first and last item shown (one-based), 0–0 when there are none. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min(page * pageSize + 1, total);
  return { from, to: Math.min((page + 1) * pageSize, total) };
}

export function pageCount(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
