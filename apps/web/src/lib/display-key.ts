import { API_KEY_PATTERN } from '@vnoc/contracts/api-keys';
import { paths } from './paths.ts';
import { readItem, StorageKeys, writeItem } from './storage.ts';

/**
 * A wall display's credential (issue 37): a DISPLAY API key, carried to the screen by its display link
 * (`/wall#key=…`: in the fragment, so no server or proxy logs it) and kept in this browser for the next load.
 * While the wall is open it is the credential of every API call (`setDisplayCredential` in api-client.ts).
 */

/** The display link an administrator opens on the wall screen. */
export function displayLink(origin: string, key: string): string {
  return `${origin}${paths.wall}#key=${encodeURIComponent(key)}`;
}

/**
 * The key the wall opens with: the link's (stored, and taken out of the address bar), else the one this browser
 * kept; null when there is neither, or the text is not a key.
 */
export function takeDisplayKey(location: Pick<Location, 'hash' | 'pathname' | 'search'>): string | null {
  const fromLink = new URLSearchParams(location.hash.replace(/^#/, '')).get('key');
  if (fromLink !== null) {
    if (API_KEY_PATTERN.test(fromLink)) writeItem(StorageKeys.display, fromLink);
    window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}`);
  }
  const key = readItem(StorageKeys.display);
  return key && API_KEY_PATTERN.test(key) ? key : null;
}
