import type { EventBus } from '../../events/bus.ts';
import { createSharedAnswers } from '../shared-answers.ts';

/**
 * The longest a shared page of the alert list is given out. Alert changes end a page's sharing at once (their
 * live events); this bounds what no event announces: a site or device renamed, a person's name, an occurrence
 * counted on an alert that stays active.
 */
export const ALERT_LIST_MAX_AGE_MS = 2_000;

/**
 * Pages of `GET alert` shared between the callers who see a whole organization, until its alerts change.
 * Every open Alerts screen of an organization asks for its page again on each alert event, so one raised
 * alert brings all of them at once with the same question; they get one computation. A page is kept under
 * the organization's alert version, which every `alert.*` event the process receives from the bus moves on
 * (a `resync`, events missed, moves every organization's), so no page older than the newest alert event is
 * given, and none older than ALERT_LIST_MAX_AGE_MS. Events are published after their writes commit.
 */
export function createAlertListAnswers(bus: EventBus, maxAgeMs = ALERT_LIST_MAX_AGE_MS) {
  const answers = createSharedAnswers(maxAgeMs, maxAgeMs);
  const versions = new Map<string, number>();
  let epoch = 0;
  const unsubscribe = bus.subscribe(({ organizationId, event }) => {
    if (event.type === 'resync' || organizationId === null) epoch += 1;
    else if (event.type.startsWith('alert.'))
      versions.set(organizationId, (versions.get(organizationId) ?? 0) + 1);
  });
  return {
    /** The answer for `params` in the organization as its alerts now are, computed by `load` when needed. */
    get<T>(organizationId: string, params: unknown, load: () => Promise<T>): Promise<T> {
      const key = JSON.stringify([organizationId, epoch, versions.get(organizationId) ?? 0, params]);
      return answers.get(key, load);
    },
    close: unsubscribe,
  };
}

export type AlertListAnswers = ReturnType<typeof createAlertListAnswers>;
