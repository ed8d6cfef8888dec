/** Spec part 9: "Recent sites default page size 50, page 0."; part 5: sorting default lastVisited-desc. */
export const RECENT_SITES_DEFAULTS = { page: 0, pageSize: 50, sorting: 'lastVisited-desc' } as const;

export interface RecentSitesQuery {
  page: number;
  pageSize: number;
  sorting: string;
}

/** The request as it may arrive: from code, or as text from the address bar. */
export interface RecentSitesQueryInput {
  page?: unknown;
  pageSize?: unknown;
  sorting?: unknown;
}

// A page is counted in whole numbers, so 1.5 is as invalid as -1; "2" from the address bar is 2.
function wholeNumber(value: unknown): number | null {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : null;
}

/**
 * Spec part 5: "Recently-viewed request: page non-negative number (default 0); pageSize positive number
 * (default 50); sorting text containing lastVisited (default lastVisited-desc); invalid values fall back
 * to defaults." Each value falls back on its own; "number" is read as whole number.
 */
export function recentSitesQuery(input: RecentSitesQueryInput = {}): RecentSitesQuery {
  const page = wholeNumber(input.page);
  const pageSize = wholeNumber(input.pageSize);
  const sorting = typeof input.sorting === 'string' ? input.sorting.trim() : '';
  return {
    page: page !== null && page >= 0 ? page : RECENT_SITES_DEFAULTS.page,
    pageSize: pageSize !== null && pageSize > 0 ? pageSize : RECENT_SITES_DEFAULTS.pageSize,
    sorting: sorting.includes('lastVisited') ? sorting : RECENT_SITES_DEFAULTS.sorting,
  };
}

/** A recently viewed site as listed: its visit record carries usa.lastVisited (spec part 3). */
export interface VisitedEntry {
  usa?: { lastVisited?: string | number | Date | null } | null;
}

/** Spec part 5: "Results keep only entries with a non-null last-visited time." Order is kept. */
export function keepVisited<T extends VisitedEntry>(list: readonly T[] | null | undefined): T[] {
  return (list ?? []).filter(
    (entry) => entry.usa?.lastVisited !== null && entry.usa?.lastVisited !== undefined,
  );
}
