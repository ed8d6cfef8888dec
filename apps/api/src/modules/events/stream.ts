import type { ServerResponse } from 'node:http';
import { findSessionUser } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { EventBus, LiveEnvelope } from '../../events/bus.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { openSessionOf } from '../../plugins/auth.ts';
import { canSee, type Viewer, viewerOf } from './service.ts';

export type StreamTimings = {
  /** A comment line this often keeps proxies and the client's idle timers from closing the stream. */
  heartbeatMs: number;
  /**
   * How often a stream checks its session as every request is checked (revoked, person deactivated, support's
   * own session and the organization's support access under impersonation) and reloads the caller's scope.
   */
  scopeRefreshMs: number;
};

export const DEFAULT_STREAM_TIMINGS: StreamTimings = { heartbeatMs: 15_000, scopeRefreshMs: 30_000 };

/** A client this far behind is dropped (it reconnects and resumes) rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const frames = new WeakMap<LiveEnvelope, string>();

/** The SSE frame of an event, built once however many streams write it. */
function frameOf(envelope: LiveEnvelope): string {
  let frame = frames.get(envelope);
  if (frame === undefined) {
    frame = `id: ${envelope.id}\nevent: ${envelope.event.type}\ndata: ${JSON.stringify(envelope.event)}\n\n`;
    frames.set(envelope, frame);
  }
  return frame;
}

/**
 * One open `GET /api/events` response. Every event the bus receives passes through `send`, which
 * remembers its id (the stream's position) and writes it only when the viewer may see it. Heartbeats
 * carry the position, so a client that reconnects resumes from there even when it was told nothing for
 * a while. The stream ends when the session token expires, the session is revoked, the client goes away
 * or lags too far behind, or the server closes.
 */
export class LiveStream {
  #viewer: Viewer;
  #position: string | undefined;
  #written: string | undefined;
  #ended = false;
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #cleanup: () => void;

  constructor(
    readonly res: ServerResponse,
    viewer: Viewer,
    /** The bus's newest event id when the stream subscribed. */
    position: string | undefined,
    /** The id the client already holds (its Last-Event-ID). */
    clientId: string | undefined,
    cleanup: () => void,
  ) {
    this.#viewer = viewer;
    this.#position = position;
    this.#written = clientId;
    this.#cleanup = cleanup;
    res.on('close', () => this.end());
  }

  get ended(): boolean {
    return this.#ended;
  }

  set viewer(viewer: Viewer) {
    this.#viewer = viewer;
  }

  /** Ends the stream after `ms` (capped to what a timer can wait). */
  endAfter(ms: number): void {
    const timer = setTimeout(() => this.end(), Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    timer.unref();
    this.#timers.push(timer);
  }

  every(ms: number, work: () => Promise<void>): void {
    const timer = setInterval(() => {
      if (!this.#ended) void work();
    }, ms);
    timer.unref();
    this.#timers.push(timer);
  }

  send(envelope: LiveEnvelope): void {
    if (this.#ended) return;
    this.#position = envelope.id;
    if (!canSee(this.#viewer, envelope)) return;
    this.#written = envelope.id;
    this.write(frameOf(envelope));
  }

  /** Tells the client to refetch everything: it asked to resume from an event this process does not know. */
  resync(): void {
    this.#written = this.#position;
    // An empty id resets the client's Last-Event-ID, so it does not ask for the unknown one again.
    this.write(`id: ${this.#position ?? ''}\nevent: resync\ndata: {"type":"resync"}\n\n`);
  }

  /** A comment that keeps the connection alive, with the stream's position when the client lacks it. */
  heartbeat(): void {
    if (this.#position !== undefined && this.#position !== this.#written) {
      this.#written = this.#position;
      this.write(`: heartbeat\nid: ${this.#position}\n\n`);
    } else this.write(': heartbeat\n\n');
  }

  write(chunk: string): void {
    if (this.#ended) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.end();
      return;
    }
    this.res.write(chunk);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#cleanup();
    if (!this.res.writableEnded) this.res.end();
  }
}

export type OpenStreamInput = {
  ctx: Pick<AppContext, 'db' | 'log'> & { events: EventBus };
  auth: AuthContext;
  /** The Last-Event-ID the client sent, if any. */
  lastEventId: string | undefined;
  timings: StreamTimings;
  /** Takes the response over from Fastify (reply.hijack) and answers the raw response; undefined when the client left. */
  takeOver: () => ServerResponse | undefined;
  /** Every open stream (the server ends them when it closes). */
  streams: Set<LiveStream>;
  /** Told once when the opened stream ends. */
  onEnd?: () => void;
};

/**
 * Opens the caller's event stream: subscribes first (so nothing published meanwhile is missed), takes the
 * replay from the bus in the same turn, loads the caller's view, then writes the replay — or `resync` when
 * the Last-Event-ID is unknown or too old — and what arrived meanwhile, and goes live.
 */
export async function openStream(input: OpenStreamInput): Promise<LiveStream | undefined> {
  const { ctx, auth, lastEventId, timings, streams } = input;
  const pending: LiveEnvelope[] = [];
  let stream: LiveStream | undefined;
  const unsubscribe = ctx.events.subscribe((envelope) => {
    if (stream) stream.send(envelope);
    else pending.push(envelope);
  });
  const replay = lastEventId === undefined ? [] : ctx.events.since(lastEventId);
  const position = ctx.events.lastId;

  let viewer: Viewer;
  try {
    viewer = await viewerOf(ctx, auth.user);
  } catch (error) {
    unsubscribe();
    throw error;
  }
  const res = input.takeOver();
  if (!res) {
    unsubscribe();
    return undefined;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // Proxies (nginx) must pass events on at once; the connection is not reused after the stream ends.
    'x-accel-buffering': 'no',
    connection: 'close',
  });
  const opened = new LiveStream(res, viewer, position, lastEventId, () => {
    unsubscribe();
    streams.delete(opened);
    input.onEnd?.();
  });
  streams.add(opened);
  if (replay === null) opened.resync();
  else for (const envelope of replay) opened.send(envelope);
  for (const envelope of pending) opened.send(envelope);
  stream = opened;
  // Sends the headers now, and the stream's position to a client that has none yet.
  opened.heartbeat();

  // The client reconnects with its refreshed token; a stream never outlives the token it was opened with.
  opened.endAfter(auth.exp * 1000 - Date.now());
  opened.every(timings.scopeRefreshMs, async () => {
    try {
      const { user } = await openSessionOf(auth.claims, (sub, jti, options) =>
        findSessionUser(ctx.db, sub, jti, options),
      );
      opened.viewer = await viewerOf(ctx, user);
    } catch (err) {
      if (err instanceof AppError) opened.end();
      else ctx.log.warn({ err }, 'refreshing a live event stream scope failed');
    }
  });
  return opened;
}
