import { readJson, StorageKeys, writeJson } from '../../lib/storage.ts';

/** Spec part 3: "A saved filter entry has key, route, value list." `value` holds `name=value` pairs. */
export interface SavedFilter {
  key: string;
  route: string;
  value: string[];
}

/** Spec parts 5 and 9: "Saved search name: required and not blank …; max 75 characters." */
export const SAVED_SEARCH_NAME_MAX = 75;

export type SavedSearchNameError = 'required' | 'tooLong';

export function validateSavedSearchName(name: string): SavedSearchNameError | null {
  if (name.trim() === '') return 'required';
  if (name.trim().length > SAVED_SEARCH_NAME_MAX) return 'tooLong';
  return null;
}

function isSavedFilter(entry: unknown): entry is SavedFilter {
  const e = entry as SavedFilter | null;
  return (
    typeof e?.key === 'string' &&
    typeof e.route === 'string' &&
    Array.isArray(e.value) &&
    e.value.every((v) => typeof v === 'string')
  );
}

function readAll(): SavedFilter[] {
  const stored = readJson<unknown>(StorageKeys.filters);
  return Array.isArray(stored) ? stored.filter(isSavedFilter) : [];
}

/** The saved searches of one route, in the order they were saved. */
export function listSavedSearches(route: string): SavedFilter[] {
  return readAll().filter((entry) => entry.route === route);
}

/** The search params a list keeps in a saved search: its filters and sort, not its page. */
export function searchToValue(params: URLSearchParams): string[] {
  return [...params.entries()].filter(([name]) => name !== 'page').map(([name, v]) => `${name}=${v}`);
}

export function valueToSearch(value: readonly string[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const pair of value) {
    const at = pair.indexOf('=');
    if (at > 0) params.append(pair.slice(0, at), pair.slice(at + 1));
  }
  return params;
}

/**
 * Saves (or replaces, same name on the same route) a search; throws on an invalid name so a caller can
 * never store one. The name is kept trimmed.
 */
export function saveSearch(route: string, name: string, params: URLSearchParams): SavedFilter {
  const error = validateSavedSearchName(name);
  if (error) throw new Error(`Invalid saved search name: ${error}`);
  const entry: SavedFilter = { key: name.trim(), route, value: searchToValue(params) };
  const others = readAll().filter((e) => !(e.route === route && e.key === entry.key));
  writeJson(StorageKeys.filters, [...others, entry]);
  return entry;
}

export function deleteSavedSearch(route: string, key: string): void {
  writeJson(
    StorageKeys.filters,
    readAll().filter((e) => !(e.route === route && e.key === key)),
  );
}
