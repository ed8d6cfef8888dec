import type { Claims, User } from '@vnoc/contracts';
import { useSyncExternalStore } from 'react';
import { decodeClaims, isExpired } from './jwt.ts';
import { readItem, readJson, StorageKeys, writeItem, writeJson } from './storage.ts';

/** Auth/session state of spec part 3 that outlives a screen; persisted under the spec's storage keys. */
export interface AuthState {
  jwt: string | null;
  claims: Claims | null;
  user: User | null;
  captivity: string | null;
}

function load(): AuthState {
  const jwt = readItem(StorageKeys.jwt);
  return {
    jwt,
    claims: jwt ? decodeClaims(jwt) : null,
    user: readJson<User>(StorageKeys.user),
    captivity: readItem(StorageKeys.captivity),
  };
}

let state: AuthState = load();
const listeners = new Set<() => void>();

function emit(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

export const authStore = {
  get: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores a token received in an Authorization header; claims are decoded from it. */
  setToken(jwt: string) {
    const claims = decodeClaims(jwt);
    writeItem(StorageKeys.jwt, jwt);
    writeJson(StorageKeys.claims, claims);
    emit({ ...state, jwt, claims });
  },
  setUser(user: User | null) {
    writeJson(StorageKeys.user, user);
    emit({ ...state, user });
  },
  setCaptivity(path: string | null) {
    writeItem(StorageKeys.captivity, path);
    emit({ ...state, captivity: path });
  },
  clearClaims() {
    writeItem(StorageKeys.claims, null);
    emit({ ...state, claims: null });
  },
  /** For tests sharing one module graph: the state read again from storage (cleared first), as at start-up. */
  resetForTests() {
    emit(load());
  },
  /** Spec part 4 logout: removes user, sites, jwt, filters and apps (and claims unless expired), resets state. */
  logout(nowMs = Date.now()) {
    const keepClaims = state.claims !== null && isExpired(state.claims, nowMs);
    for (const key of [
      StorageKeys.user,
      StorageKeys.sites,
      StorageKeys.jwt,
      StorageKeys.filters,
      StorageKeys.apps,
      StorageKeys.captivity,
    ]) {
      writeItem(key, null);
    }
    if (!keepClaims) writeItem(StorageKeys.claims, null);
    emit({ jwt: null, claims: keepClaims ? state.claims : null, user: null, captivity: null });
  },
};

/**
 * Another tab of this browser stored a new token. When it renews this tab's session (same person, same
 * impersonation), this tab takes it: the server retires a renewed token 30 s after renewing it. Any other
 * token (another person signed in there, a support person acting as someone) is left to that tab.
 */
export function adoptRenewedToken(jwt: string | null): boolean {
  if (!jwt || jwt === state.jwt || !state.claims) return false;
  const claims = decodeClaims(jwt);
  if (!claims || claims.sub !== state.claims.sub || claims.impersonatedBy !== state.claims.impersonatedBy)
    return false;
  emit({ ...state, jwt, claims });
  return true;
}

if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === StorageKeys.jwt) adoptRenewedToken(event.newValue);
  });

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
