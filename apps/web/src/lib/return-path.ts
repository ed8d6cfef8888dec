import { guardPublicPaths, paths } from './paths.ts';

/**
 * Where sign-in returns to (issue 37): the page that was asked for while signed out — a link from an alert
 * email — rather than /dashboard. The guard sends the person to `/login?originalUri=…` (the spec's word for it
 * in single sign-on); /login keeps it for the tab while the steps go on (code, enrolment, the identity
 * provider's round trip), and the step that completes sign-in takes it.
 */
export const RETURN_PARAM = 'originalUri';
const RETURN_KEY = 'vnoc-return-to';
const ORIGIN = 'https://console.invalid';
/** The sign-in screens the guard does not let through without a token: no page to return to either. */
const SIGN_IN_STEPS: readonly string[] = [
  paths.authentication,
  paths.multiFactorEnroll,
  paths.emailValidation,
  paths.updatePassword,
];

/**
 * A path of this console sign-in may lead to, or null: only a same-origin relative path ("/alerts?alert=…"),
 * never another site ("//evil.example", "https://evil", "/\evil"), a script ("javascript:…"), a path a browser
 * would rewrite (control characters or spaces: "/\t/evil" reads as "//evil"), nor a sign-in screen.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s\p{Cc}]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (guardPublicPaths.includes(pathname) || SIGN_IN_STEPS.includes(pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login for a signed-out person who asked for `asked`: with it to return to, unless it is the console's start. */
export function loginPathFor(asked: string | null | undefined): string {
  const back = safeReturnPath(asked);
  if (!back || back === paths.root || back === paths.dashboard) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`;
}

/** Keeps (or, with null, forgets) where this tab's sign-in returns to. */
export function rememberReturnPath(value: unknown): void {
  const back = safeReturnPath(value);
  try {
    if (back) window.sessionStorage.setItem(RETURN_KEY, back);
    else window.sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Storage disabled: sign-in ends on the dashboard, as before.
  }
}

/** Where sign-in returns to, once (it is forgotten); null when nothing was asked for. */
export function takeReturnPath(): string | null {
  try {
    const back = safeReturnPath(window.sessionStorage.getItem(RETURN_KEY));
    window.sessionStorage.removeItem(RETURN_KEY);
    return back;
  } catch {
    return null;
  }
}
