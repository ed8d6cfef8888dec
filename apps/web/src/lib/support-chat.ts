import {
  CHAT_POLL_MAX_MS,
  CHAT_POLL_MIN_MS,
  CHAT_UPDATE_DEBOUNCE_MS,
  CHAT_WAIT_MS,
  type ChatToken,
  ChatTokenSchema,
  normalizePhone,
  type User,
} from '@vnoc/contracts';
import { useSyncExternalStore } from 'react';
import { apiRequest } from './api-client.ts';
import { authStore } from './auth-store.ts';
import { ownCustomerSession } from './permissions.ts';
import { displayName } from './user-name.ts';

/**
 * The support chat widget (spec parts 4, 5, 9; issue 10 part 6): booted after multi-factor validation
 * and shut down on logout. `GET userProfile/intercomjwt` decides which one: the Intercom messenger when the
 * server names an Intercom app, else vNOC's own chat (the launcher the signed-in layout shows).
 */
export type ChatMode = 'off' | 'own' | 'intercom';

/** The messenger settings the Intercom SDK boots with. */
export type IntercomSettings = {
  app_id: string;
  user_id: string;
  name: string;
  email: string;
  phone?: string;
  intercom_user_jwt: string;
  company?: { company_id: string; name: string };
};

export type IntercomSdk = {
  Intercom: (settings: IntercomSettings) => void;
  update: (settings: Partial<IntercomSettings>) => void;
  shutdown: () => void;
};

type Deps = {
  fetchToken: () => Promise<ChatToken>;
  loadIntercom: () => Promise<IntercomSdk>;
  /** Whether the messenger has loaded (the SDK's window.Intercom with its booted flag). */
  messengerReady: () => boolean;
  sleep: (ms: number) => Promise<void>;
};

const defaultDeps: Deps = {
  fetchToken: () =>
    apiRequest('userProfile/intercomjwt', { schema: import.meta.env.DEV ? ChatTokenSchema : undefined }),
  loadIntercom: () => import('@intercom/messenger-js-sdk') as unknown as Promise<IntercomSdk>,
  messengerReady: () =>
    typeof window !== 'undefined' &&
    Boolean((window as { Intercom?: { booted?: boolean } }).Intercom?.booted),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Spec part 9: waits up to CHAT_WAIT_MS for `ready`, polling first after CHAT_POLL_MIN_MS and then less
 * often, doubling up to CHAT_POLL_MAX_MS. Answers whether it became ready.
 */
export async function waitUntil(ready: () => boolean, sleep: Deps['sleep']): Promise<boolean> {
  let waited = 0;
  let delay = CHAT_POLL_MIN_MS;
  while (!ready()) {
    if (waited >= CHAT_WAIT_MS) return false;
    const step = Math.min(delay, CHAT_WAIT_MS - waited);
    await sleep(step);
    waited += step;
    delay = Math.min(delay * 2, CHAT_POLL_MAX_MS);
  }
  return true;
}

const phoneOf = (user: User) =>
  normalizePhone(user.contact.mobileNumber) ?? normalizePhone(user.contact.officeNumber);

/** The person as the messenger knows them; the phone by the spec part 5 rule, dropped when it does not fit. */
export function messengerUser(user: User, token: ChatToken): Omit<IntercomSettings, 'app_id'> {
  const phone = phoneOf(user);
  return {
    user_id: user.id,
    name: displayName(user),
    email: user.username,
    ...(phone ? { phone } : {}),
    intercom_user_jwt: token.token,
    company: { company_id: user.organization.id, name: user.organization.name },
  };
}

/** Who may chat: a person of a customer organization in their own name (not support staff, not acting as one). */
export function mayChat(): boolean {
  const { claims } = authStore.get();
  return ownCustomerSession(claims) && Boolean(claims?.isMfaValidated);
}

export function createSupportChat(deps: Deps = defaultDeps) {
  let mode: ChatMode = 'off';
  let sdk: IntercomSdk | null = null;
  let booting: Promise<ChatMode> | null = null;
  let updateTimer: ReturnType<typeof setTimeout> | null = null;
  let generation = 0;
  const listeners = new Set<() => void>();
  const set = (next: ChatMode) => {
    if (next === mode) return;
    mode = next;
    for (const listener of listeners) listener();
  };

  async function start(user: User, run: number): Promise<ChatMode> {
    const token = await deps.fetchToken();
    if (run !== generation) return 'off';
    if (!token.intercomAppId) return 'own';
    const loaded = await deps.loadIntercom();
    if (run !== generation) return 'off';
    sdk = loaded;
    loaded.Intercom({ app_id: token.intercomAppId, ...messengerUser(user, token) });
    // The messenger loads from Intercom; without it (offline, blocked) nothing is shown.
    return (await waitUntil(deps.messengerReady, deps.sleep)) ? 'intercom' : 'off';
  }

  return {
    get mode(): ChatMode {
      return mode;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Boots the widget for the signed-in person (once; again after a shutdown). */
    boot(user: User | null = authStore.get().user): Promise<ChatMode> {
      if (!user || !mayChat()) return Promise.resolve('off');
      if (mode !== 'off') return Promise.resolve(mode);
      if (booting) return booting;
      const run = generation;
      booting = start(user, run)
        .catch(() => 'off' as const)
        .then((next) => {
          booting = null;
          if (run === generation) set(next);
          return mode;
        });
      return booting;
    },
    /** The person's details changed: the messenger hears of it once things settle (spec part 9: 500 ms). */
    update(user: User) {
      if (updateTimer) clearTimeout(updateTimer);
      updateTimer = setTimeout(() => {
        updateTimer = null;
        if (mode !== 'intercom' || !sdk) return;
        const phone = phoneOf(user);
        sdk.update({ name: displayName(user), email: user.username, ...(phone ? { phone } : {}) });
      }, CHAT_UPDATE_DEBOUNCE_MS);
    },
    /** Logout: the messenger forgets the person; vNOC's own launcher goes away. */
    shutdown() {
      generation += 1;
      booting = null;
      if (updateTimer) clearTimeout(updateTimer);
      updateTimer = null;
      if (mode === 'intercom') sdk?.shutdown();
      set('off');
    },
  };
}

export const supportChat = createSupportChat();

// Logout (or an expired session) ends the chat, whoever triggered it.
authStore.subscribe(() => {
  if (!authStore.get().jwt && supportChat.mode !== 'off') supportChat.shutdown();
});

export function useChatMode(): ChatMode {
  return useSyncExternalStore(
    supportChat.subscribe,
    () => supportChat.mode,
    () => supportChat.mode,
  );
}
