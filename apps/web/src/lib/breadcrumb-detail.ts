import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * What a page adds to its route's breadcrumb once its data is in: the items between the section and the page
 * (e.g. the device's site) and the page's own name (issue 13: "Sites / Device" said neither). Plain text, not
 * translation keys: they are names.
 */
export interface CrumbDetail {
  parents: { label: string; to: string }[];
  name: string;
}

type Entry = CrumbDetail & { pathname: string };

let current: Entry | null = null;
const listeners = new Set<() => void>();

function publish(next: Entry | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A page names itself (and its parents) in the breadcrumb while it shows; null while its data loads. */
export function useCrumbDetail(detail: CrumbDetail | null): void {
  const { pathname } = useLocation();
  const key = detail ? JSON.stringify(detail) : null;
  useEffect(() => {
    if (!key) return;
    const entry: Entry = { ...(JSON.parse(key) as CrumbDetail), pathname };
    publish(entry);
    return () => {
      if (current === entry) publish(null);
    };
  }, [key, pathname]);
}

/** The detail the page at `pathname` published, if any. */
export function useCurrentCrumbDetail(pathname: string): CrumbDetail | null {
  const entry = useSyncExternalStore(subscribe, () => current);
  return entry && entry.pathname === pathname ? entry : null;
}
