/**
 * An expired single sign-on session ends at the identity provider (its end-session page returns to /login):
 * noted in this tab's sessionStorage before leaving, so /login can say why. Kept apart from sso-client.ts so
 * /login does not load oidc-client-ts.
 */
const EXPIRED_KEY = 'vnoc.sso.expired';

export function noteExpiredSignOut(): void {
  window.sessionStorage.setItem(EXPIRED_KEY, '1');
}

/** Whether the last sign-out of this tab was an expired session ending at the provider (answered once). */
export function takeExpiredSignOut(): boolean {
  const expired = window.sessionStorage.getItem(EXPIRED_KEY) === '1';
  window.sessionStorage.removeItem(EXPIRED_KEY);
  return expired;
}
