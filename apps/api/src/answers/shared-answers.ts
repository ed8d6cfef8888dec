import { LRUCache } from 'lru-cache';

/**
 * How long an analytics answer or a report page computed for one organization-wide scope is served to every
 * caller with that scope without computing it again. The console asks each widget again every 30 s
 * (LIVE_REFRESH_MS): a whole organization's uptime or top usage over days moves little in 15 s; a report reads
 * the rolled-up days, which change once a day and when the carrier reports; computing either reads up to
 * millions of rows (bench/README.md "Reports and analytics").
 */
export const SHARED_FRESH_MS = 15_000;
/**
 * An answer older than SHARED_FRESH_MS but younger than this is still answered at once while one fresh
 * computation runs behind it; older, the caller waits for the fresh one. No answer given is older than this:
 * one console alone, asking every 30 s, gets a fresh computation each time, as it did before sharing.
 */
export const SHARED_STALE_MS = 30_000;
const MAX_ANSWERS = 5_000;
/**
 * The most a process keeps, weighed as one per answer plus one per row of a page it holds (`content`): a row
 * of a report or an alert page is about a kilobyte in memory, so this stays within tens of megabytes.
 */
const MAX_WEIGHT = 20_000;
const weightOf = (answer: Answer) => {
  const content = (answer.value as { content?: unknown } | null)?.content;
  return 1 + (Array.isArray(content) ? content.length : 0);
};

type Answer = { value: unknown; at: number };

/**
 * Answers shared between callers who see the same thing: stored for SHARED_FRESH_MS, renewed behind the
 * callers until SHARED_STALE_MS, and computed once however many callers ask at the same time. The key
 * must name everything the answer depends on (call, organization, groups, parameters).
 */
export function createSharedAnswers(
  freshMs = SHARED_FRESH_MS,
  staleMs = SHARED_STALE_MS,
  now: () => number = Date.now,
) {
  const answers = new LRUCache<string, Answer>({
    max: MAX_ANSWERS,
    maxSize: MAX_WEIGHT,
    sizeCalculation: weightOf,
  });
  const running = new Map<string, Promise<Answer>>();

  const compute = (key: string, load: () => Promise<unknown>): Promise<Answer> => {
    const pending = running.get(key);
    if (pending) return pending;
    const at = now();
    const started = load()
      .then((value) => {
        const answer = { value, at };
        answers.set(key, answer);
        return answer;
      })
      .finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };

  const shared = {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = answers.get(key);
      const age = hit ? now() - hit.at : Number.POSITIVE_INFINITY;
      if (hit && age < freshMs) return hit.value as T;
      if (hit && age < staleMs) {
        // Renewed behind this caller; a failure leaves the old answer to the next one.
        compute(key, load).catch(() => undefined);
        return hit.value as T;
      }
      return (await compute(key, load)).value as T;
    },
    /**
     * A caller who sees the whole organization gets the answer shared under `key` (which must name the
     * organization and everything else it depends on); a caller restricted to site groups, whose groups are
     * read at each call, gets one computed for them.
     */
    forScope<T>(scope: { restricted: boolean }, key: readonly unknown[], load: () => Promise<T>): Promise<T> {
      return scope.restricted ? load() : shared.get(JSON.stringify(key), load);
    },
  };
  return shared;
}

export type SharedAnswers = ReturnType<typeof createSharedAnswers>;
