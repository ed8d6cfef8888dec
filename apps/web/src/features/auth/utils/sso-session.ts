/**
 * The provider this tab signed in with, kept beside oidc-client-ts's own transaction state in sessionStorage
 * (its `oidc.` prefix): the callback and sign-out need its issuer and client id. Apart from sso-client.ts so that
 * asking whether there is one does not load oidc-client-ts.
 */
export const PROVIDER_KEY = 'oidc.vnoc.provider';

/** Whether this tab signed in with single sign-on. */
export const hasProviderSession = () => window.sessionStorage.getItem(PROVIDER_KEY) !== null;
