import type { SsoApp } from '@vnoc/contracts';
import { authStore } from '../../../lib/auth-store.ts';
import { StorageKeys, writeJson } from '../../../lib/storage.ts';
import { exchangeProviderToken } from '../api/sso.ts';
import { finishSsoSignIn, type SsoReturn } from './sso-client.ts';

/** Spec part 4: the callback waits 500 ms before exchanging the identity provider's token. */
export const SSO_CALLBACK_WAIT_MS = 500;

/** Spec part 4: "the list of other apps (excluding this app, sorted by sortOrder)". */
export function otherApps(apps: SsoApp[]): SsoApp[] {
  return apps.filter((app) => !app.isThisApp).sort((a, b) => a.sortOrder - b.sortOrder);
}

export type SsoCallbackOutcome =
  | { kind: 'signed-in'; to: string }
  | { kind: 'not-authenticated' }
  | { kind: 'failed' };

export type SsoCallbackSteps = {
  finish: (url: string) => Promise<SsoReturn>;
  exchange: (accessToken: string) => Promise<SsoApp[]>;
  wait: (ms: number) => Promise<void>;
};

const defaultSteps: SsoCallbackSteps = {
  finish: finishSsoSignIn,
  exchange: exchangeProviderToken,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Spec part 4 "Single sign-on callback": needs an authenticated identity-provider session; waits 500 ms;
 * logs out first; exchanges the provider's access token (the vNOC token, multi-factor validated, is stored
 * from the answer's Authorization header); saves the other apps under `vnoc-apps`; leads to originalUri.
 */
export async function processSsoCallback(
  url: string,
  steps: SsoCallbackSteps = defaultSteps,
): Promise<SsoCallbackOutcome> {
  let provider: SsoReturn;
  try {
    provider = await steps.finish(url);
  } catch {
    return { kind: 'failed' };
  }
  if (provider.kind === 'not-authenticated') return provider;
  await steps.wait(SSO_CALLBACK_WAIT_MS);
  authStore.logout();
  try {
    const apps = await steps.exchange(provider.accessToken);
    if (!authStore.get().claims?.isMfaValidated) throw new Error('no full session in the answer');
    writeJson(StorageKeys.apps, otherApps(apps));
  } catch {
    authStore.logout();
    return { kind: 'failed' };
  }
  return { kind: 'signed-in', to: provider.originalUri };
}
