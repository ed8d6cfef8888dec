import type { EventBus } from '../events/bus.ts';
import { createSharedAnswers } from './shared-answers.ts';

/**
 * The longest a shared live answer is given out. Alert changes end an organization's answers at once (their
 * live events); this bounds what no such event announces: a device's status (the console refetches the map
 * at most every 5 s on those), a site or device renamed, an occurrence counted on an alert that stays active.
 */
export const LIVE_ANSWER_MAX_AGE_MS = 2_000;

/**
 * Answers of the live screens (the alert list's pages, the map's clusters) shared between the callers who see
 * a whole organization. An open console asks for them again on live events (web `live-invalidations.ts`), so
 * every console of an organization asks the same question at the same moment; they get one computation. An
 * answer is kept under the organization's alert version, which every `alert.*` event the process receives from
 * the bus moves on (a `resync`, events missed, moves every organization's): no answer older than the newest
 * alert event is given, and none older than LIVE_ANSWER_MAX_AGE_MS. Events are published after their writes
 * commit.
 */
export function createLiveAnswers(bus: EventBus, maxAgeMs = LIVE_ANSWER_MAX_AGE_MS) {
  const answers = createSharedAnswers(maxAgeMs, maxAgeMs);
  const versions = new Map<string, number>();
  let epoch = 0;
  const changed = (organizationId: string) =>
    versions.set(organizationId, (versions.get(organizationId) ?? 0) + 1);
  const unsubscribe = bus.subscribe(({ organizationId, event }) => {
    if (event.type === 'resync' || organizationId === null) epoch += 1;
    else if (event.type.startsWith('alert.')) changed(organizationId);
  });
  const live = {
    /**
     * Ends the organization's answers at once, for a write of this process whose event comes back through
     * Redis only later: the person who made it asks again as soon as it is answered.
     */
    changed,
    /**
     * The answer of `call` with `params` in the organization as its alerts now are, computed by `load` when
     * needed. The key must name everything else the answer depends on.
     */
    get<T>(call: string, organizationId: string, params: unknown, load: () => Promise<T>): Promise<T> {
      const version = versions.get(organizationId) ?? 0;
      return answers.get(JSON.stringify([call, organizationId, epoch, version, params]), load);
    },
    /** As `get` for a caller who sees the whole organization; a restricted caller's is computed for them. */
    forScope<T>(
      call: string,
      scope: { organizationId: string; restricted: boolean },
      params: unknown,
      load: () => Promise<T>,
    ): Promise<T> {
      return scope.restricted ? load() : live.get(call, scope.organizationId, params, load);
    },
    close: unsubscribe,
  };
  return live;
}

export type LiveAnswers = ReturnType<typeof createLiveAnswers>;
