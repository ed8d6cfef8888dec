/** Browser storage through one module, with the spec's keys (spec part 3). */
export const StorageKeys = {
  user: 'user',
  sites: 'sites',
  jwt: 'jwt',
  claims: 'claims',
  filters: 'vnoc-filters',
  apps: 'vnoc-apps',
  captivity: 'captivity',
  theme: 'theme',
  /** Not a spec key: the product analytics session (id and last activity, spec part 4). */
  analyticsSession: 'vnoc-analytics-session',
  /**
   * Not a spec key: the language a person chose on this browser (the spec's keys hold it only inside `user`,
   * which a signed-out person has not got), so a choice made on the sign-in page outlives the next load.
   */
  language: 'vnoc-language',
  /** Not a spec key: a wall display's key (issue 37), kept so the screen opens again after a reload. */
  display: 'vnoc-display-key',
} as const;
export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

export function readItem(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the app keeps working from memory.
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeItem(key, value === null || value === undefined ? null : JSON.stringify(value));
}
