/**
 * Stores many devices' reports in one transaction (ingest.ts): what comes in while the database is busy gathers
 * into the next batch, so a busy ingest writes more per statement instead of queueing one transaction per report.
 *
 * - Per-key order: a key's items are stored in the order they were added, never two in one batch, never in two
 *   batches at once (the later waits for the batch that holds the earlier).
 * - Each item's promise settles with its own answer once its batch is committed (so a device is acknowledged
 *   only after its report is stored), or rejects when it could not be stored.
 * - A batch that fails is retried item by item, so one item the database refuses fails alone; when the database
 *   itself fails, every item of the batch rejects and nothing is acknowledged.
 */

export type KeyedBatcherOptions<I, R> = {
  key: (item: I) => string;
  /** Stores the items in one transaction; answers one result per item, in their order. */
  store: (items: readonly I[]) => Promise<R[]>;
  /** At most this many items per batch. */
  maxItems: number;
  /** At most this many batches being stored at once. */
  concurrency: number;
};

export type KeyedBatcher<I, R> = {
  add: (item: I) => Promise<R>;
  /** Items waiting or being stored. */
  pending: () => number;
  /** Settles once nothing waits or is being stored (a stop waits for it before the pool closes). */
  idle: () => Promise<void>;
};

type Entry<I, R> = { item: I; key: string; resolve: (r: R) => void; reject: (e: unknown) => void };

export function createKeyedBatcher<I, R>(options: KeyedBatcherOptions<I, R>): KeyedBatcher<I, R> {
  const { key, store, maxItems, concurrency } = options;
  /** Each key's items waiting, oldest first (a key is here only while it has some). */
  const waiting = new Map<string, Entry<I, R>[]>();
  /**
   * Keys with items waiting and none being stored, in the order they became so: a batch takes their oldest
   * items, so building one costs its own size, not the whole backlog's (a scan of every waiting item per batch
   * took a seventh of the gateway's CPU with thousands waiting; bench/README.md, "Device ingest").
   */
  const ready = new Set<string>();
  /** Keys of the batches being stored. */
  const busy = new Set<string>();
  let running = 0;
  let inFlight = 0;
  let scheduled = false;
  let idleWaiters: (() => void)[] = [];
  const settleIdle = () => {
    if (inFlight > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  async function storeAlone(entry: Entry<I, R>): Promise<void> {
    try {
      const [result] = await store([entry.item]);
      entry.resolve(result as R);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function run(batch: Entry<I, R>[]): Promise<void> {
    try {
      const results = await store(batch.map((e) => e.item));
      batch.forEach((e, i) => {
        e.resolve(results[i] as R);
      });
    } catch (error) {
      if (batch.length === 1) (batch[0] as Entry<I, R>).reject(error);
      // One at a time: an item the database refuses fails alone; the others are stored.
      else for (const entry of batch) await storeAlone(entry);
    }
  }

  function pump(): void {
    while (running < concurrency && ready.size > 0) {
      const batch: Entry<I, R>[] = [];
      for (const k of ready) {
        if (batch.length >= maxItems) break;
        ready.delete(k);
        busy.add(k);
        const items = waiting.get(k) as Entry<I, R>[];
        batch.push(items.shift() as Entry<I, R>);
        if (items.length === 0) waiting.delete(k);
      }
      if (batch.length === 0) return; // maxItems below 1
      running += 1;
      void run(batch).finally(() => {
        running -= 1;
        inFlight -= batch.length;
        for (const { key: k } of batch) {
          busy.delete(k);
          if (waiting.has(k)) ready.add(k);
        }
        pump();
        settleIdle();
      });
    }
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        const k = key(item);
        const entry = { item, key: k, resolve, reject };
        const items = waiting.get(k);
        if (items) items.push(entry);
        else {
          waiting.set(k, [entry]);
          if (!busy.has(k)) ready.add(k);
        }
        inFlight += 1;
        // What arrives in the same turn of the event loop joins the same batch.
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            pump();
          });
        }
      });
    },
    pending: () => inFlight,
    idle: () =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)),
  };
}
