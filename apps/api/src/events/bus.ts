/**
 * The live event bus (docs/decisions/server-and-database.md, "Live events"): producers (the fleet gateway, the job engine, the
 * alert engine) publish an organization's events; every API process hands them to its open event streams,
 * which filter them by the caller's scope. Two implementations share this file's pieces: in-process
 * (`memory-bus.ts`) and Redis pub/sub (`redis-bus.ts`), chosen by `createEventBus`.
 */
import { randomBytes } from 'node:crypto';
import type { LiveEvent } from '@vnoc/contracts';

/** One published event as the bus carries it. */
export type LiveEnvelope = {
  /** Orders events: `<ms>-<seq>-<tag>` (see {@link compareEventIds}). */
  id: string;
  /** Whose event it is; null only for a `resync` the bus itself tells every stream (it missed events). */
  organizationId: string | null;
  event: LiveEvent;
};

export type LiveListener = (envelope: LiveEnvelope) => void;

export interface EventBus {
  /** Publishes an organization's event to every process (fire and forget: failures are logged). */
  publish(organizationId: string, event: LiveEvent): void;
  /** Calls `listener` with every event this process receives, in order; answers the unsubscribe. */
  subscribe(listener: LiveListener): () => void;
  /**
   * The events received after the one with id `lastId`, oldest first, from this process's replay buffer;
   * null when the id is unknown or older than the buffer (the caller must tell the client to resync).
   */
  since(lastId: string): LiveEnvelope[] | null;
  /** The id of the newest event this process received, if any. */
  readonly lastId: string | undefined;
  /** Resolves once the bus receives what is published (Redis: subscribed). */
  ready(): Promise<void>;
  /** Stops receiving and publishing; later publishes are ignored. */
  close(): Promise<void>;
}

export type BusLog = { info: (msg: string) => void; warn: (obj: object, msg?: string) => void };

const ID = /^(\d{1,15})-(\d{1,15})-([a-z0-9]{1,16})$/;

/** The parts of an event id, or undefined when it is not one. */
export function parseEventId(id: string): { ms: number; seq: number; tag: string } | undefined {
  const match = ID.exec(id);
  if (!match) return undefined;
  return { ms: Number(match[1]), seq: Number(match[2]), tag: match[3] as string };
}

/**
 * Orders two event ids: by the publisher's clock (ms), then its sequence, then its tag. Ids of one
 * publisher are strictly increasing; across processes the order is only as good as their clocks, so a
 * replay follows the order events were received (the buffer), and this comparison only answers whether
 * an id is older than everything a buffer remembers. Unparseable ids sort first (they are "too old").
 */
export function compareEventIds(a: string, b: string): number {
  const x = parseEventId(a);
  const y = parseEventId(b);
  if (!x || !y) return x ? 1 : y ? -1 : 0;
  return x.ms - y.ms || x.seq - y.seq || (x.tag < y.tag ? -1 : x.tag > y.tag ? 1 : 0);
}

/** Ids for one publisher (a process): strictly increasing even if the clock steps back. */
export function createIdGenerator(tag = randomBytes(4).toString('hex'), now: () => number = Date.now) {
  let lastMs = 0;
  let seq = 0;
  return {
    tag,
    next(): string {
      lastMs = Math.max(lastMs, now());
      seq += 1;
      return `${lastMs}-${seq}-${tag}`;
    },
  };
}

export type ReplayOptions = {
  /** Events kept at most (bounded memory); default 10 000. */
  maxEvents?: number;
  /** Events older than this are dropped (the newest is always kept); default 5 minutes. */
  maxAgeMs?: number;
  now?: () => number;
};

/**
 * The last few minutes of events a process received, in the order it received them, so a client that
 * reconnects (to this process or, with Redis, another one) gets what it missed.
 */
export class ReplayBuffer {
  readonly #maxEvents: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #entries: { envelope: LiveEnvelope; at: number }[] = [];
  /** Index in #entries of the oldest kept entry (the array is compacted now and then). */
  #head = 0;
  /** id → absolute position (#base + index), to find where a client left off. */
  readonly #positions = new Map<string, number>();
  #base = 0;

  constructor(options: ReplayOptions = {}) {
    this.#maxEvents = Math.max(1, options.maxEvents ?? 10_000);
    this.#maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.length - this.#head;
  }

  get lastId(): string | undefined {
    return this.#entries[this.#entries.length - 1]?.envelope.id;
  }

  push(envelope: LiveEnvelope): void {
    if (this.#positions.has(envelope.id)) return; // delivered twice: keep the first
    this.#positions.set(envelope.id, this.#base + this.#entries.length);
    this.#entries.push({ envelope, at: this.#now() });
    this.#evict();
  }

  since(lastId: string): LiveEnvelope[] | null {
    this.#evict();
    const position = this.#positions.get(lastId);
    if (position === undefined) return null;
    return this.#entries.slice(position - this.#base + 1).map((e) => e.envelope);
  }

  #evict(): void {
    const oldest = this.#now() - this.#maxAgeMs;
    while (this.size > 1 && (this.size > this.#maxEvents || (this.#entries[this.#head]?.at ?? 0) < oldest)) {
      const entry = this.#entries[this.#head];
      if (entry) this.#positions.delete(entry.envelope.id);
      this.#head += 1;
    }
    if (this.#head > 1024 && this.#head * 2 > this.#entries.length) {
      this.#entries = this.#entries.slice(this.#head);
      this.#base += this.#head;
      this.#head = 0;
    }
  }
}

/** Calls each listener; one that throws is logged and does not stop the others. */
export function deliver(listeners: Iterable<LiveListener>, envelope: LiveEnvelope, log: BusLog): void {
  for (const listener of listeners) {
    try {
      listener(envelope);
    } catch (err) {
      log.warn({ err }, 'a live event listener failed');
    }
  }
}

/**
 * This process's side of a bus: the replay buffer and the listeners of its event streams. Every event the
 * process receives (published here, or arrived from Redis) goes through `receive` once; `bus` completes a
 * bus's own publish, ready and close with the reading side both buses share (subscribe, since, lastId).
 */
export function localSide(log: BusLog, options: ReplayOptions) {
  const buffer = new ReplayBuffer(options);
  const listeners = new Set<LiveListener>();
  return {
    receive(envelope: LiveEnvelope) {
      buffer.push(envelope);
      deliver(listeners, envelope, log);
    },
    /** Forgets every listener: the bus is closing. */
    clear: () => listeners.clear(),
    bus: (own: Pick<EventBus, 'publish' | 'ready' | 'close'>): EventBus => ({
      ...own,
      subscribe(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
      since: (lastId) => buffer.since(lastId),
      get lastId() {
        return buffer.lastId;
      },
    }),
  };
}
