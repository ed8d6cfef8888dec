import type { SsoTile } from '@vnoc/contracts';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { paths } from '../../../lib/paths.ts';
import { safeReturnPath } from '../../../lib/return-path.ts';
import { noteExpiredSignOut } from './expired-sign-out.ts';
import { PROVIDER_KEY } from './sso-session.ts';

/** Spec part 7 "Identity provider": authorization code + PKCE with these scopes. */
export const SSO_SCOPES = 'openid profile email';
export type SsoProvider = Pick<SsoTile, 'issuer' | 'clientId'>;

function userManager(provider: SsoProvider): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: provider.issuer,
    client_id: provider.clientId,
    redirect_uri: `${origin}${paths.loginCallback}`,
    post_logout_redirect_uri: `${origin}${paths.login}`,
    response_type: 'code',
    scope: SSO_SCOPES,
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}

function rememberedProvider(): SsoProvider | null {
  try {
    const raw = window.sessionStorage.getItem(PROVIDER_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<SsoProvider>) : null;
    return value?.issuer && value.clientId ? { issuer: value.issuer, clientId: value.clientId } : null;
  } catch {
    return null;
  }
}

/** Only a path of this console (never another site) is where a sign-in may lead. */
export function safeOriginalUri(value: unknown): string {
  return safeReturnPath(value) ?? paths.root;
}

/** Begins the redirect to the provider (oidc-client-ts signinRedirect), keeping originalUri in its state. */
export async function beginSsoSignIn(
  provider: SsoProvider,
  options: { email?: string; originalUri?: string; language?: string },
): Promise<void> {
  window.sessionStorage.setItem(PROVIDER_KEY, JSON.stringify(provider));
  await userManager(provider).signinRedirect({
    state: { originalUri: safeOriginalUri(options.originalUri) },
    login_hint: options.email,
    ui_locales: options.language,
  });
}

export type SsoReturn =
  | { kind: 'authenticated'; accessToken: string; originalUri: string }
  | { kind: 'not-authenticated' };

/**
 * Finishes the redirect at /login/callback: the provider's answer (code) is exchanged for its tokens.
 * No answer, a refusal by the provider (the person cancelled) or no session → not authenticated; a
 * broken exchange throws.
 */
export async function finishSsoSignIn(url: string): Promise<SsoReturn> {
  const params = new URL(url).searchParams;
  const provider = rememberedProvider();
  if (!provider || !params.get('code') || !params.get('state')) return { kind: 'not-authenticated' };
  const user = await userManager(provider).signinRedirectCallback(url);
  if (!user || user.expired || !user.access_token) return { kind: 'not-authenticated' };
  const state = user.state as { originalUri?: unknown } | undefined;
  return {
    kind: 'authenticated',
    accessToken: user.access_token,
    originalUri: safeOriginalUri(state?.originalUri),
  };
}

/**
 * Spec part 4: logout "optionally signs out of the identity provider" — when this tab signed in through
 * one, the browser goes to its end-session page (which returns to /login); false when there is none.
 * `expired`: the session ran out (not the person's choice), which /login tells them after the round trip.
 */
export async function endProviderSession(options: { expired?: boolean } = {}): Promise<boolean> {
  const provider = rememberedProvider();
  if (!provider) return false;
  window.sessionStorage.removeItem(PROVIDER_KEY);
  const manager = userManager(provider);
  const user = await manager.getUser().catch(() => null);
  if (!user) return false;
  await manager.removeUser();
  if (options.expired) noteExpiredSignOut();
  await manager.signoutRedirect({ id_token_hint: user.id_token });
  return true;
}
