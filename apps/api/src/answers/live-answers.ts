import type { EventBus } from '../events/bus.ts';
import { createSharedAnswers } from './shared-answers.ts';

/**
 * The longest a shared live answer is given out. Alert changes and device status changes end an organization's
 * answers of that topic at once (their live events); this bounds what no such event announces: a device's
 * status on the map (kept under the alerts; the console refetches the map at most every 5 s on those), a site
 * or device renamed, an occurrence counted on an alert that stays active.
 */
export const LIVE_ANSWER_MAX_AGE_MS = 2_000;

/** What a live answer is built from: an organization's alerts, or its devices' statuses. */
export type LiveTopic = 'alerts' | 'devices';

/**
 * Answers of the live screens (the alert list's pages, the map's clusters, the fleet's status counts) shared
 * between the callers who see a whole organization. An open console asks for them again on live events (web
 * `live-invalidations.ts`), so every console of an organization asks the same question at the same moment; they
 * get one computation. An answer is kept under the organization's version of its topic: every `alert.*` event
 * the process receives from the bus moves the organization's alerts version on, every `device.status` event its
 * devices version (a `resync`, events missed, moves every organization's): no answer older than the newest event
 * of its topic is given, and none older than LIVE_ANSWER_MAX_AGE_MS. Events are published after their writes
 * commit.
 */
export function createLiveAnswers(bus: EventBus, maxAgeMs = LIVE_ANSWER_MAX_AGE_MS) {
  const answers = createSharedAnswers(maxAgeMs, maxAgeMs);
  const versions = new Map<string, number>();
  let epoch = 0;
  const versionKey = (organizationId: string, topic: LiveTopic) => `${topic}:${organizationId}`;
  const changed = (organizationId: string, topic: LiveTopic = 'alerts') => {
    const key = versionKey(organizationId, topic);
    versions.set(key, (versions.get(key) ?? 0) + 1);
  };
  const unsubscribe = bus.subscribe(({ organizationId, event }) => {
    if (event.type === 'resync' || organizationId === null) epoch += 1;
    else if (event.type.startsWith('alert.')) changed(organizationId, 'alerts');
    else if (event.type === 'device.status') changed(organizationId, 'devices');
  });
  const live = {
    /**
     * Ends the organization's answers of a topic at once, for a write of this process whose event comes back
     * through Redis only later: the person who made it asks again as soon as it is answered.
     */
    changed,
    /**
     * The answer of `call` with `params` in the organization as its `topic` now is, computed by `load` when
     * needed. The key must name everything else the answer depends on.
     */
    get<T>(
      call: string,
      organizationId: string,
      params: unknown,
      load: () => Promise<T>,
      topic: LiveTopic = 'alerts',
    ): Promise<T> {
      const version = versions.get(versionKey(organizationId, topic)) ?? 0;
      return answers.get(JSON.stringify([call, organizationId, epoch, topic, version, params]), load);
    },
    /** As `get` for a caller who sees the whole organization; a restricted caller's is computed for them. */
    forScope<T>(
      call: string,
      scope: { organizationId: string; restricted: boolean },
      params: unknown,
      load: () => Promise<T>,
      topic: LiveTopic = 'alerts',
    ): Promise<T> {
      return scope.restricted ? load() : live.get(call, scope.organizationId, params, load, topic);
    },
    close: unsubscribe,
  };
  return live;
}

export type LiveAnswers = ReturnType<typeof createLiveAnswers>;
