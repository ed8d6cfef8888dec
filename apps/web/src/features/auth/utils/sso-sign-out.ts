import { hasProviderSession } from './sso-session.ts';

/**
 * Spec part 4 logout: a single sign-on session also ends at the identity provider. oidc-client-ts (about 18 KB
 * gzipped) is loaded only when this tab signed in with single sign-on, so the console's first load goes without
 * it. Answers whether the browser is on its way to the provider.
 */
export async function signOutOfProvider(options: { expired?: boolean } = {}): Promise<boolean> {
  if (!hasProviderSession()) return false;
  const { endProviderSession } = await import('./sso-client.ts');
  return endProviderSession(options);
}
