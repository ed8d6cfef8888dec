import type { Claims } from '@vnoc/contracts';
import { guardPublicPaths, paths } from '../lib/paths.ts';
import { loginPathFor } from '../lib/return-path.ts';
import { isExpired } from '../lib/session.ts';

export interface GuardInput {
  /** Path being navigated to (pathname only). */
  path: string;
  /** The whole location asked for (path, query, hash), which sign-in returns to; default `path`. */
  asked?: string;
  /** Where the user was before this navigation (a full href), or null on the first load. */
  previousPath: string | null;
  auth: { jwt: string | null; claims: Claims | null; captivity: string | null };
  nowMs: number;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'stay' };

function normalize(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean || '/';
}

export function isGuardPublicPath(path: string): boolean {
  return guardPublicPaths.includes(normalize(path));
}

/** Paths only ADMINISTRATOR may open (spec part 2 and 6): /sites/search and anything under /admin. */
export function isAdministratorPath(path: string): boolean {
  const p = normalize(path);
  return p === paths.sitesSearch || p === paths.admin || p.startsWith(`${paths.admin}/`);
}

/**
 * The screens the provider's support staff use signed in as themselves (issue 37): the support area, devices to
 * connect and their profile. Every other screen shows a customer's data, which they have none of.
 */
export function isSupportStaffPath(path: string): boolean {
  const p = normalize(path);
  // /profile is the older address of the profile (it redirects there).
  return [paths.support, paths.provisioning, paths.settingsProfile, '/profile'].some(
    (allowed) => p === allowed || p.startsWith(`${allowed}/`),
  );
}

/**
 * The navigation guard of spec part 2, in its order:
 * 1. no token, or an expired token, on a non-public path → /login (with the page asked for, issue 37);
 * 2. a stored captivity path forces the user to it, unless already on it or on a public path;
 * 3. a role other than ADMINISTRATOR requesting /sites/search or /admin… goes back to the previous path
 *    (stays where it was), or to /dashboard when there is none;
 * 4. support staff signed in as themselves (not acting as a customer) go to the support area from any screen
 *    of a customer's data (issue 37: no page of 'not allowed' errors; /dashboard, where sign-in leads, too).
 */
export function decideNavigation({ path, asked, previousPath, auth, nowMs }: GuardInput): GuardDecision {
  const target = normalize(path);
  const isPublic = isGuardPublicPath(target);
  const expired = !auth.jwt || isExpired(auth.claims, nowMs);
  if (expired && !isPublic) return { kind: 'redirect', to: loginPathFor(asked ?? path) };

  if (auth.captivity && !isPublic && target !== normalize(auth.captivity)) {
    return { kind: 'redirect', to: auth.captivity };
  }

  if (isAdministratorPath(target) && auth.claims?.role !== 'ADMINISTRATOR') {
    if (previousPath && !isAdministratorPath(previousPath)) return { kind: 'stay' };
    return { kind: 'redirect', to: paths.dashboard };
  }

  const claims = auth.claims;
  if (!isPublic && claims?.role === 'SUPPORT' && !claims.impersonatedBy && !isSupportStaffPath(target)) {
    return { kind: 'redirect', to: paths.support };
  }
  return { kind: 'allow' };
}
