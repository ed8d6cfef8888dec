import type { UIMatch } from 'react-router';

/** One breadcrumb item: a translation key and, for sections, where it links. */
export interface Crumb {
  label: string;
  to?: string;
}

/** What every route declares: its name, its title key and its breadcrumb. */
export interface RouteHandle {
  name: string;
  /** Translation key of the page title ({title} | vNOC). */
  title: string;
  /** Breadcrumb trail; the page itself is the last item. */
  breadcrumb?: Crumb[];
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'name' in handle && 'title' in handle;
}

/** The deepest route's handle among the current matches. */
export function currentHandle(matches: readonly UIMatch[]): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}

/** Page title format of spec part 2: '{page title} | {product name}'. */
export function formatPageTitle(title: string, productName = 'vNOC'): string {
  return `${title} | ${productName}`;
}
