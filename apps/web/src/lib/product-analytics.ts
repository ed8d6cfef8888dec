import {
  ANALYTICS_PREFERENCE,
  type Device,
  type ProductEvent,
  type ProductEventName,
  type ProductPropertyValue,
  ProductTrackResponseSchema,
  preferencesToMap,
  type Site,
  stripSensitiveProperties,
  type User,
} from '@vnoc/contracts';
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { apiRequest } from './api-client.ts';
import { authStore } from './auth-store.ts';
import { currentHandle } from './route-handle.ts';
import { readJson, StorageKeys, writeJson } from './storage.ts';

/** Spec parts 4 and 9: the analytics session id is reused while under 30 minutes since the last activity. */
export const ANALYTICS_SESSION_MS = 30 * 60_000;
/** Spec part 9: filtered-search tracking is debounced 5 s. */
export const SEARCH_TRACK_DEBOUNCE_MS = 5_000;
/** Queued events are sent this long after the first of them, or at once when the batch is full. */
export const FLUSH_DELAY_MS = 5_000;
export const MAX_BATCH = 50;
/** Events kept while the server cannot be reached; older ones are dropped. */
const MAX_QUEUE = 200;
/** Spec part 2: page views are tracked except for the routes named Site and Device (they send their own events). */
export const UNTRACKED_PAGE_ROUTES: readonly string[] = ['Site', 'Device'];

export type Properties = Record<string, ProductPropertyValue>;
export interface AnalyticsSession {
  id: string;
  /** When the last event was tracked (ms since the epoch). */
  lastActivity: number;
}

/** The session an event at `nowMs` belongs to: the stored one while under 30 minutes idle, else a new one. */
export function nextSession(
  stored: AnalyticsSession | null,
  nowMs: number,
  newId: () => string,
): AnalyticsSession {
  const reuse =
    stored !== null && nowMs - stored.lastActivity < ANALYTICS_SESSION_MS && nowMs >= stored.lastActivity;
  return { id: reuse ? stored.id : newId(), lastActivity: nowMs };
}

export function tracksPageView(routeName: string | null | undefined): boolean {
  return Boolean(routeName) && !UNTRACKED_PAGE_ROUTES.includes(routeName as string);
}

/** Spec part 3 "Analytics tags built from a site": site name, alias, account number, account holder names. */
export function siteAnalyticsTags(
  site: Pick<Site, 'name' | 'alias' | 'backOfficeAccountId' | 'accountHolders'>,
) {
  return {
    siteName: site.name,
    alias: site.alias,
    accountNumber: site.backOfficeAccountId,
    accountHolderNames: site.accountHolders.map((h) => h.name).slice(0, 20),
  };
}

/**
 * Spec part 3 "Analytics tags built from a device": manufacturer, model, MAC, site name, alias, account number,
 * account holder names (the last three from the device's site, null until it is known).
 */
export function deviceAnalyticsTags(
  device: Pick<Device, 'macAddress' | 'deviceModelType' | 'site'>,
  site?: Pick<Site, 'name' | 'alias' | 'backOfficeAccountId' | 'accountHolders'> | null,
) {
  return {
    manufacturer: device.deviceModelType.manufacturer,
    model: device.deviceModelType.model,
    mac: device.macAddress,
    ...(site
      ? siteAnalyticsTags(site)
      : { siteName: device.site.name, alias: null, accountNumber: null, accountHolderNames: [] }),
  };
}

/** Whether the user's preferences allow product analytics (the `analytics` preference; unset = on). */
export function analyticsAllowed(user: Pick<User, 'userPreferences'> | null | undefined): boolean {
  return preferencesToMap(user?.userPreferences ?? [])[ANALYTICS_PREFERENCE]?.value !== 'off';
}

/** A fleet list's search as tracked (spec part 9): its page, and its size, sorting and filters as properties. */
export interface FilteredSearch {
  page: number;
}

export interface AnalyticsClientOptions {
  /** Sends one batch; `keepalive` when the page is being hidden. Rejects when it could not be sent. */
  send: (events: ProductEvent[], keepalive: boolean) => Promise<void>;
  /** False while signed out, before sign-in is complete, or when the user opted out: nothing is queued or sent. */
  enabled: () => boolean;
  now?: () => number;
  newId?: () => string;
  loadSession: () => AnalyticsSession | null;
  saveSession: (session: AnalyticsSession) => void;
}

/**
 * The console's analytics: events are queued with the session id and sent in batches by `send` (the API client,
 * with the jwt). Nothing is queued or sent while `enabled()` is false; a disabled client also forgets its queue.
 */
export function createAnalyticsClient(options: AnalyticsClientOptions) {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  let queue: ProductEvent[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let sending = false;
  const searchTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function clearFlushTimer() {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
  }

  async function flush(keepalive = false): Promise<void> {
    clearFlushTimer();
    if (!options.enabled()) {
      queue = [];
      return;
    }
    if (sending || queue.length === 0) return;
    const batch = queue.splice(0, MAX_BATCH);
    sending = true;
    try {
      await options.send(batch, keepalive);
    } catch {
      // Unreachable server: keep the events for the next flush (bounded); a refusal would only repeat.
      queue = [...batch, ...queue].slice(-MAX_QUEUE);
      return;
    } finally {
      sending = false;
    }
    if (queue.length > 0) schedule();
  }

  function schedule() {
    if (queue.length >= MAX_BATCH) {
      void flush();
      return;
    }
    flushTimer ??= setTimeout(() => void flush(), FLUSH_DELAY_MS);
  }

  function track(name: ProductEventName, properties: Properties = {}) {
    if (!options.enabled()) return;
    const session = nextSession(options.loadSession(), now(), newId);
    options.saveSession(session);
    queue.push({ name, sessionId: session.id, properties: stripSensitiveProperties(properties) });
    if (queue.length > MAX_QUEUE) queue = queue.slice(-MAX_QUEUE);
    schedule();
  }

  /**
   * Spec part 9: a list's filtered search is tracked 5 s after it last changed (only the last one), and not at all
   * when its page number is above 0 (paging through results is not a new search).
   */
  function trackFilteredSearch<S extends FilteredSearch>(list: string, search: S) {
    const pending = searchTimers.get(list);
    if (pending !== undefined) clearTimeout(pending);
    searchTimers.delete(list);
    if (search.page > 0 || !options.enabled()) return;
    const { page: _page, ...rest } = search as FilteredSearch & Record<string, unknown>;
    const properties: Properties = { list };
    for (const [key, value] of Object.entries(rest)) {
      if (Array.isArray(value)) {
        const texts = value.filter((v): v is string => typeof v === 'string');
        if (texts.length > 0) properties[key] = texts.slice(0, 20);
      } else if (
        typeof value === 'number' ||
        typeof value === 'boolean' ||
        (typeof value === 'string' && value !== '')
      ) {
        properties[key] = value;
      }
    }
    searchTimers.set(
      list,
      setTimeout(() => {
        searchTimers.delete(list);
        track('search.filtered', properties);
      }, SEARCH_TRACK_DEBOUNCE_MS),
    );
  }

  function pageView(routeName: string, path: string) {
    if (tracksPageView(routeName)) track('page.viewed', { route: routeName, path });
  }

  return {
    track,
    pageView,
    trackFilteredSearch,
    flush,
    /** Events waiting to be sent (tests). */
    pending: () => queue.length,
    /**
     * For tests sharing one module graph: forgets the queue and every pending flush or search timer, as a new
     * client would start, so a file never sends or counts what an earlier file tracked.
     */
    resetForTests() {
      clearFlushTimer();
      for (const timer of searchTimers.values()) clearTimeout(timer);
      searchTimers.clear();
      queue = [];
      sending = false;
    },
  };
}

export type AnalyticsClient = ReturnType<typeof createAnalyticsClient>;

/** The console's client: signed in with every step done, and not opted out; sent with the jwt. */
export const productAnalytics = createAnalyticsClient({
  enabled: () => {
    const { jwt, claims, user } = authStore.get();
    return Boolean(jwt && claims?.isMfaValidated && !claims.isCredExpired) && analyticsAllowed(user);
  },
  send: async (events, keepalive) => {
    await apiRequest('mp/track', {
      method: 'POST',
      body: { events },
      schema: import.meta.env.DEV ? ProductTrackResponseSchema : undefined,
      keepalive,
    });
  },
  loadSession: () => readJson<AnalyticsSession>(StorageKeys.analyticsSession),
  saveSession: (session) => writeJson(StorageKeys.analyticsSession, session),
});

let flushOnHide = false;

/**
 * Page views of the signed-in frame (spec part 2: not the Site and Device routes), and the queue sent when the
 * page is hidden (fetch keepalive: sendBeacon cannot carry the Authorization header).
 */
export function usePageViews(client: AnalyticsClient = productAnalytics) {
  const { pathname } = useLocation();
  const routeName = currentHandle(useMatches())?.name;
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!routeName || last.current === pathname) return;
    last.current = pathname;
    client.pageView(routeName, pathname);
  }, [client, routeName, pathname]);
  useEffect(() => {
    if (flushOnHide) return;
    flushOnHide = true;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void client.flush(true);
    });
  }, [client]);
}

/** Tracks a fleet list's search (debounced 5 s, skipped past page 0) whenever its parameters change. */
export function useFilteredSearchTracking<S extends FilteredSearch>(list: string, search: S, enabled = true) {
  const key = JSON.stringify(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the search is compared by its JSON text
  useEffect(() => {
    if (enabled) productAnalytics.trackFilteredSearch(list, search);
  }, [list, key, enabled]);
}

/** Tracks `name` once per `key` (a site, a device), as soon as its properties are known (not null). */
export function useTrackOnce(name: ProductEventName, key: string, properties: Properties | null) {
  const tracked = useRef<string | null>(null);
  const ready = properties !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per key, with the properties of that moment
  useEffect(() => {
    if (!ready || tracked.current === key) return;
    tracked.current = key;
    productAnalytics.track(name, properties);
  }, [name, key, ready]);
}
