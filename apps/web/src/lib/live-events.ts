/**
 * The live event stream (docs/decisions/server-and-database.md, "Live events"): reads `GET /api/events` with `fetch` streaming, so
 * the token travels in the Authorization header like every call (the native EventSource cannot send it),
 * resumes with Last-Event-ID, and reconnects with backoff. A small reader instead of a library: the
 * server-sent events format needs ~60 lines, and this module is in the signed-in entry.
 */
import type { LiveEvent } from '@vnoc/contracts';
import type { LiveConnection } from './live.ts';

/** The events' schemas: a chunk of their own (zod/mini's, on the core the claims already loaded), imported on demand. */
export type EventSchemas = typeof import('@vnoc/contracts/events');

/** One dispatched server-sent event. */
export type SseMessage = { event: string; data: string; id: string };

/**
 * A server-sent events parser (the WHATWG "event stream interpretation"): feed it text as it arrives;
 * it calls `onMessage` for each event with data, and keeps `lastEventId` (set by `id:` fields, even of
 * blocks without data such as heartbeats; an empty `id:` resets it).
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let idBuffer = '';
  let lastEventId = '';
  let pendingCr = false;

  const dispatch = () => {
    lastEventId = idBuffer;
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id: lastEventId });
    data = [];
    event = '';
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) idBuffer = value;
  };

  return {
    push(chunk: string) {
      let text = chunk;
      // A CR at the end of the previous chunk ended a line; a LF right after it belongs to it.
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        if (match[0] === '\r' && match.index === buffer.length - 1) pendingCr = true;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    get lastEventId() {
      return lastEventId;
    },
    set lastEventId(id: string) {
      lastEventId = id;
      idBuffer = id;
    },
  };
}

/** A stream open this long counts as healthy: its end is not a failure. */
const STABLE_MS = 5_000;

export type LiveEventsOptions = {
  /** The stored token now; null → signed out (the stream waits for `reconnect`). */
  getToken: () => string | null;
  onEvent: (event: LiveEvent) => void;
  onState: (state: LiveConnection) => void;
  url?: string;
  fetch?: typeof fetch;
  /** First retry delay, doubled up to `maxDelayMs` while attempts fail; default 1 s and 30 s. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** No byte (not even a heartbeat, every 15 s) for this long → the connection is dead; default 45 s. */
  silenceMs?: number;
  random?: () => number;
  /** Imports the events' schemas; default the contracts' module, with the first event. */
  loadSchemas?: () => Promise<EventSchemas>;
};

export type LiveEventsHandle = {
  /** Drops the connection and opens a new one now (the token changed); resumes from the last event. */
  reconnect: () => void;
  /** Closes the stream for good (sign-out, unmount). */
  stop: () => void;
};

/** The delay before retry `attempt` (0-based): exponential with full jitter between half and all of it. */
export function retryDelay(attempt: number, minMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Keeps the stream open while there is a token: connects, hands each event to `onEvent`, reports the
 * connection state, and reconnects — at once after the server ended the stream (its token expired, or
 * it restarted), with backoff after failures. A 401/403 means this token will never do: it waits for
 * `reconnect` (a new token) instead of retrying.
 */
export function startLiveEvents(options: LiveEventsOptions): LiveEventsHandle {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const url = options.url ?? '/api/events';
  const minDelay = options.minDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const silenceMs = options.silenceMs ?? 45_000;
  const random = options.random ?? Math.random;
  let lastEventId = '';
  let attempt = 0;
  let stopped = false;
  let current: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let state: LiveConnection | undefined;
  const loadSchemas = options.loadSchemas ?? (() => import('@vnoc/contracts/events'));
  // Each event is checked against its schema, imported with the first event, not with the signed-in frame or the
  // stream's opening (heartbeats need none): the events that arrive meanwhile wait for it, in order, whatever
  // connection brought them. If it fails to load, they are dropped and the stream resumes from before the first.
  let check: EventSchemas['LiveEventSchema'] | undefined;
  let waiting: string[] = [];
  let resumeFrom = '';

  const deliver = (data: string) => {
    const parsed = check?.safeParse(safeJson(data));
    if (parsed?.success) options.onEvent(parsed.data);
  };

  const receive = (data: string) => {
    if (check && waiting.length === 0) return deliver(data);
    waiting.push(data);
    if (waiting.length > 1) return;
    resumeFrom = lastEventId;
    loadSchemas().then(
      (schemas) => {
        check = schemas.LiveEventSchema;
        if (stopped) return;
        for (const data of waiting) deliver(data);
        waiting = [];
      },
      () => {
        waiting = [];
        if (stopped) return;
        lastEventId = resumeFrom;
        current?.abort(); // this connection fails, and the next resumes before the dropped events
      },
    );
  };

  const setState = (next: LiveConnection) => {
    if (next === state) return;
    state = next;
    options.onState(next);
  };

  const schedule = (ms: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), ms);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    current?.abort();
    clearTimeout(retryTimer);
    const token = options.getToken();
    if (!token) {
      setState('off');
      return;
    }
    const abort = new AbortController();
    current = abort;
    // A reconnect for a new token keeps 'open' (the replay covers the moment between the two streams).
    if (state !== 'open' && state !== 'retrying') setState('connecting');
    let silence: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), silenceMs);
    };
    let outcome: 'ended' | 'failed' | 'refused' = 'failed';
    let openedAt = 0;
    try {
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
      };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      watch();
      // Low priority: a page's own scripts and data go first, and the stream (open for as long as the page is) is
      // not a request the page's load waits on (Chromium ranks a fetch High; Lighthouse then waited its whole 45 s
      // on /dashboard and warned that the page had not finished loading).
      const response = await doFetch(url, {
        headers,
        signal: abort.signal,
        cache: 'no-store',
        priority: 'low',
      });
      if (response.status === 401 || response.status === 403) {
        outcome = 'refused';
        await response.body?.cancel().catch(() => undefined);
      } else if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
      } else {
        const parser = createSseParser((message) => receive(message.data));
        parser.lastEventId = lastEventId;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          watch();
          if (!openedAt) {
            openedAt = Date.now();
            setState('open');
          }
          parser.push(decoder.decode(value, { stream: true }));
          // Not once aborted: a newer connection, or the rewind of a failed schema load, owns the position.
          if (!abort.signal.aborted) lastEventId = parser.lastEventId;
        }
        outcome = 'ended';
      }
    } catch {
      outcome = 'failed';
    } finally {
      clearTimeout(silence);
    }
    if (stopped || current !== abort) return; // stopped, or replaced by a newer connection
    if (outcome === 'refused') {
      setState('off');
      return;
    }
    setState('retrying');
    // A stream that lived a while (ended by the server at token expiry or restart, or cut by the network)
    // reconnects at once; failed attempts, and streams that end as soon as they open, back off.
    if (openedAt && Date.now() - openedAt >= STABLE_MS) attempt = 0;
    schedule(
      attempt === 0 ? Math.round(random() * 500) : retryDelay(attempt - 1, minDelay, maxDelay, random),
    );
    attempt += 1;
  }

  void connect();
  return {
    reconnect() {
      if (stopped) return;
      attempt = 0;
      void connect();
    },
    stop() {
      stopped = true;
      waiting = [];
      clearTimeout(retryTimer);
      current?.abort();
      setState('off');
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
