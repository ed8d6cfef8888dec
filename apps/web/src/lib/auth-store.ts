import type { Claims, User } from '@vnoc/contracts';
import { useSyncExternalStore } from 'react';
import { jwtPayload } from './jwt-payload.ts';
import { loadedLater } from './loaded-later.ts';
import { isExpired } from './session.ts';
import { readItem, readJson, StorageKeys, writeItem, writeJson } from './storage.ts';
import { whenIdle } from './when-idle.ts';

/** A code sent and not yet used: where to (as shown) and when (ms), for "Code sent to …" and the resend wait. */
export interface SentCode {
  to: string;
  at: number;
}

/**
 * Spec part 3's code flags: emailCodeSent (the registered or the contact email), altSmsCodeSent (the contact,
 * alternate, mobile: registered-mobile with alt=true), mobileSMSCodeSent (the registered SMS number: sign-in,
 * enrolment, registered-mobile) and voiceCodeSent (a voice call). Set when the code is sent, cleared when it is
 * used and on sign-out; kept in memory only (they are not among the spec's storage items).
 */
export const CODE_SENT_FLAGS = [
  'emailCodeSent',
  'altSmsCodeSent',
  'mobileSMSCodeSent',
  'voiceCodeSent',
] as const;
export type CodeSentFlag = (typeof CODE_SENT_FLAGS)[number];
type CodesSent = Record<CodeSentFlag, SentCode | null>;

const NO_CODES_SENT: CodesSent = {
  emailCodeSent: null,
  altSmsCodeSent: null,
  mobileSMSCodeSent: null,
  voiceCodeSent: null,
};

/** Auth/session state of spec part 3 that outlives a screen; persisted under the spec's storage keys. */
export interface AuthState extends CodesSent {
  jwt: string | null;
  claims: Claims | null;
  user: User | null;
  captivity: string | null;
}

/*
 * Claims are checked with the contracts' schema, built with zod/mini (the `claims` group, ~16 KB gzipped: zod's
 * core without classic zod and the other schemas). A stored token's claims are taken as it carries them for the
 * first render, and checked once the first screen has drawn (`verifyStoredClaims`): the check is no part of what
 * a screen draws, and the server checks the token itself on every call (issue 39). A token received from the API
 * is stored only once they are checked: the API client waits for the decoder.
 */
const claimsDecoder = loadedLater(() => import('./jwt.ts'));

/** Fetches the claims decoder (once); `setToken` needs it. */
export function loadClaimsDecoder(): Promise<void> {
  return claimsDecoder.load().then(() => undefined);
}

function claimsOf(jwt: string): Claims | null {
  const decoder = claimsDecoder.current();
  if (!decoder) throw new Error('Claims read before their decoder loaded (await loadClaimsDecoder()).');
  return decoder.decodeClaims(jwt);
}

/** A stored token's claims as it carries them (the schema's one default applied), until they are checked. */
function carriedClaims(jwt: string): Claims | null {
  const payload = jwtPayload(jwt);
  return payload && ({ entitlements: [], ...payload } as unknown as Claims);
}

function load(): AuthState {
  const jwt = readItem(StorageKeys.jwt);
  return {
    jwt,
    claims: jwt ? (claimsDecoder.current() ? claimsOf(jwt) : carriedClaims(jwt)) : null,
    user: readJson<User>(StorageKeys.user),
    captivity: readItem(StorageKeys.captivity),
    ...NO_CODES_SENT,
  };
}

let state: AuthState = load();

/**
 * Checks the stored token's claims with the schema once the first screen has drawn (root layout), when the
 * browser is idle: where they do not pass, the session ends and `refused` runs (the root layout goes to /login,
 * as it does at once for an unreadable token).
 */
export function verifyStoredClaims(refused: () => void): void {
  const { jwt } = state;
  if (jwt) whenIdle(() => checkStoredClaims(jwt, refused), 2000);
}

function checkStoredClaims(jwt: string, refused: () => void): void {
  loadClaimsDecoder().then(
    () => {
      // Passed: the claims drawn with stay (the same values; no screen draws again for the check). A token
      // changed meanwhile (renewed, signed out) was checked as it came, or needs none.
      if (state.jwt !== jwt || claimsOf(jwt)) return;
      authStore.logout();
      refused();
    },
    // Not loaded (offline, a new release): the next sign-in or renewal loads it again.
    () => undefined,
  );
}

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
    const claims = claimsOf(jwt);
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
  /** Marks a code sent to `to` now (`to` null: the code was used, or is no longer awaited). */
  setCodeSent(flag: CodeSentFlag, to: string | null, nowMs = Date.now()) {
    emit({ ...state, [flag]: to === null ? null : { to, at: nowMs } });
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
    emit({
      jwt: null,
      claims: keepClaims ? state.claims : null,
      user: null,
      captivity: null,
      ...NO_CODES_SENT,
    });
  },
};

/**
 * Another tab of this browser stored a new token. When it renews this tab's session (same person, same
 * impersonation), this tab takes it: the server retires a renewed token 30 s after renewing it. Any other
 * token (another person signed in there, a support person acting as someone) is left to that tab.
 */
export function adoptRenewedToken(jwt: string | null): boolean {
  if (!jwt || jwt === state.jwt || !state.claims) return false;
  const claims = claimsOf(jwt);
  if (!claims || claims.sub !== state.claims.sub || claims.impersonatedBy !== state.claims.impersonatedBy)
    return false;
  emit({ ...state, jwt, claims });
  return true;
}

if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    // A tab with claims has their decoder; one without has no session to renew.
    if (event.key === StorageKeys.jwt) adoptRenewedToken(event.newValue);
  });

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
