import { readJson, StorageKeys, writeJson } from '../../../lib/storage.ts';

/** The site last opened on this browser (a site's overview or one of its devices), as the menu names it. */
export interface LastViewedSite {
  id: string;
  name: string;
  lastVisited: string;
}

/**
 * The `sites` storage item (spec part 3, the Site state's "last viewed"): the site last opened, so the menu's
 * Last Visited Site names it at once on the next load, before site/recent answers. Sign-out clears it.
 */
interface StoredSites {
  lastViewed: LastViewedSite | null;
}

export function readLastViewedSite(): LastViewedSite | null {
  const stored = readJson<Partial<StoredSites>>(StorageKeys.sites);
  const site = stored?.lastViewed;
  return site && typeof site.id === 'string' && typeof site.name === 'string' ? site : null;
}

export function writeLastViewedSite(site: { id: string; name: string }, at: Date): void {
  const stored: StoredSites = { lastViewed: { id: site.id, name: site.name, lastVisited: at.toISOString() } };
  writeJson(StorageKeys.sites, stored);
}
