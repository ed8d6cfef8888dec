/**
 * A small server-sent events client for tests over real HTTP (inject does not stream): collects the
 * frames of `GET /api/events` as they arrive and waits for the ones a test expects.
 */
import http from 'node:http';
import type { LiveEvent } from '@vnoc/contracts';

export type SseFrame = { id: string | undefined; event: string | undefined; data: LiveEvent | undefined };

export type SseClient = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Event frames (with data) received so far, in order. */
  frames: SseFrame[];
  /** The id the client would resume from (the last `id:` field seen, events and heartbeats alike). */
  readonly lastId: string | undefined;
  /** Comment lines (heartbeats) received so far. */
  comments: string[];
  /** Resolves with the first frame (from the start) matching `predicate`; rejects after `timeoutMs`. */
  next: (predicate: (frame: SseFrame) => boolean, timeoutMs?: number) => Promise<SseFrame>;
  /** Resolves once at least one comment or frame arrived (the stream is live). */
  opened: Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The whole body once the response ended (for refusals). */
  body: () => Promise<string>;
  close: () => void;
};

export async function connectEvents(
  baseUrl: string,
  token: string | undefined,
  options: { lastEventId?: string; query?: string } = {},
): Promise<SseClient> {
  // As a browser's EventSource asks: compression is on offer, and the stream must still not be compressed.
  const headers: Record<string, string> = {
    accept: 'text/event-stream',
    'accept-encoding': 'gzip, deflate, br',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  // node:http without an agent: one connection per stream, nothing pooled or opened ahead of time.
  const request = http.get(`${baseUrl}/api/events${options.query ?? ''}`, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  request.on('error', () => undefined); // aborted by the test
  const frames: SseFrame[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let lastId: string | undefined;
  let text = '';
  let markOpened: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    markOpened = resolve;
  });
  const notify = () => {
    markOpened();
    for (const w of waiters) w();
  };

  const parseBlock = (block: string) => {
    let id: string | undefined;
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
    if (id !== undefined) lastId = id;
    if (data.length > 0) frames.push({ id, event, data: JSON.parse(data.join('\n')) as LiveEvent });
    notify();
  };

  const ended = new Promise<void>((resolve) => {
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
      if (response.statusCode !== 200) return;
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    });
    response.on('close', () => {
      notify();
      resolve();
    });
  });

  const next = (predicate: (frame: SseFrame) => boolean, timeoutMs = 5_000) =>
    new Promise<SseFrame>((resolve, reject) => {
      const check = () => {
        const found = frames.find(predicate);
        if (found) {
          cleanup();
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    frames,
    get lastId() {
      return lastId;
    },
    comments,
    next,
    opened,
    ended,
    body: async () => {
      await ended;
      return text;
    },
    close: () => request.destroy(),
  };
}
