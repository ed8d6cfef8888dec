import type { LiveEvent } from '@vnoc/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveConnection } from './live.ts';
import {
  createSseParser,
  type EventSchemas,
  retryDelay,
  type SseMessage,
  startLiveEvents,
} from './live-events.ts';

function parse(chunks: string[]) {
  const messages: SseMessage[] = [];
  const parser = createSseParser((m) => messages.push(m));
  const ids: string[] = [];
  for (const chunk of chunks) {
    parser.push(chunk);
    ids.push(parser.lastEventId);
  }
  return { messages, lastEventId: parser.lastEventId, ids };
}

describe('server-sent events parser', () => {
  it.each([
    ['one event', ['id: 1\nevent: x\ndata: {"a":1}\n\n'], [{ event: 'x', data: '{"a":1}', id: '1' }], '1'],
    [
      'split anywhere',
      ['id: 1\nev', 'ent: x\nda', 'ta: y\n', '\n'],
      [{ event: 'x', data: 'y', id: '1' }],
      '1',
    ],
    ['CRLF lines', ['id: 2\r\ndata: y\r\n\r\n'], [{ event: 'message', data: 'y', id: '2' }], '2'],
    [
      'CR lines, CRLF split over chunks',
      ['data: a\r', '\ndata: b\r\r'],
      [{ event: 'message', data: 'a\nb', id: '' }],
      '',
    ],
    ['multi-line data', ['data: a\ndata: b\n\n'], [{ event: 'message', data: 'a\nb', id: '' }], ''],
    [
      'comments (heartbeats) are ignored',
      [': heartbeat\n\n: hi\ndata: z\n\n'],
      [{ event: 'message', data: 'z', id: '' }],
      '',
    ],
    ['an id without data moves the position only', [': heartbeat\nid: 7\n\n'], [], '7'],
    ['an empty id resets it', ['id: 7\n\nid\n\n'], [], ''],
    ['an id with NUL is ignored', ['id: 7\n\nid: a\0b\n\n'], [], '7'],
    ['no space after the colon', ['data:x\n\n'], [{ event: 'message', data: 'x', id: '' }], ''],
    ['an unfinished event is not dispatched', ['id: 9\ndata: x\n'], [], ''],
  ])('%s', (_name, chunks, messages, lastEventId) => {
    const result = parse(chunks);
    expect(result.messages).toEqual(messages);
    expect(result.lastEventId).toBe(lastEventId);
  });
});

describe('retry delays', () => {
  it.each([
    [0, 0, 500],
    [0, 1, 1000],
    [1, 0, 1000],
    [3, 1, 8000],
    [10, 1, 30_000],
    [10, 0, 15_000],
  ])('attempt %i with random %f → %i ms', (attempt, random, expected) => {
    expect(retryDelay(attempt, 1000, 30_000, () => random)).toBe(expected);
  });
});

/** A fetch whose responses the test writes to: each call waits for the test's answer. */
function fakeServer() {
  const calls: {
    at: number;
    headers: Record<string, string>;
    signal: AbortSignal;
    answer: (r: Response) => void;
  }[] = [];
  const waiters: (() => void)[] = [];
  const fetch = vi.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init?.signal as AbortSignal;
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        calls.push({
          at: Date.now(),
          headers: init?.headers as Record<string, string>,
          signal,
          answer: resolve,
        });
        for (const w of waiters.splice(0)) w();
      }),
  );
  const call = async (n: number) => {
    while (calls.length <= n) await new Promise<void>((r) => waiters.push(r));
    return calls[n] as (typeof calls)[number];
  };
  return { fetch, calls, call };
}

/** A 200 event-stream response the test writes to and ends. */
function stream(signal: AbortSignal) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const event: LiveEvent = {
  type: 'device.status',
  siteId: 's',
  deviceId: 'd',
  from: 'online',
  to: 'offline',
  at: '2026-01-01T00:00:00.000Z',
};
const frame = (id: string, e: LiveEvent = event) =>
  `id: ${id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
const tick = () => new Promise((r) => setTimeout(r, 0));
/** A promise the test settles (Node 20 has no Promise.withResolvers). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('live event stream', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the token, hands over events, resumes with Last-Event-ID after the server ends the stream', async () => {
    const server = fakeServer();
    const events: LiveEvent[] = [];
    const states: LiveConnection[] = [];
    let token = 'token-1';
    const live = startLiveEvents({
      getToken: () => token,
      onEvent: (e) => events.push(e),
      onState: (s) => states.push(s),
      fetch: server.fetch,
      random: () => 0,
    });
    const first = await server.call(0);
    expect(first.headers).toMatchObject({ Authorization: 'Bearer token-1', Accept: 'text/event-stream' });
    expect(first.headers['Last-Event-ID']).toBeUndefined();
    const s1 = stream(first.signal);
    first.answer(s1.response);
    s1.write(': heartbeat\nid: 5-1-a\n\n');
    s1.write(frame('5-2-a'));
    s1.write('data: not json\n\n');
    await vi.waitFor(() => expect(events).toEqual([event]));
    expect(states).toEqual(['connecting', 'open']);

    token = 'token-2';
    s1.end();
    const second = await server.call(1);
    expect(second.headers).toMatchObject({ Authorization: 'Bearer token-2', 'Last-Event-ID': '5-2-a' });
    expect(states).toEqual(['connecting', 'open', 'retrying']);
    live.stop();
    expect(states.at(-1)).toBe('off');
  });

  it('reconnects at once with the new token when asked, staying open', async () => {
    const server = fakeServer();
    const states: LiveConnection[] = [];
    let token = 'a';
    const live = startLiveEvents({
      getToken: () => token,
      onEvent: () => undefined,
      onState: (s) => states.push(s),
      fetch: server.fetch,
    });
    const first = await server.call(0);
    const s1 = stream(first.signal);
    first.answer(s1.response);
    s1.write(': heartbeat\nid: 1-1-a\n\n');
    await vi.waitFor(() => expect(states).toEqual(['connecting', 'open']));
    token = 'b';
    live.reconnect();
    expect(first.signal.aborted).toBe(true);
    const second = await server.call(1);
    expect(second.headers).toMatchObject({ Authorization: 'Bearer b', 'Last-Event-ID': '1-1-a' });
    await tick();
    expect(states).toEqual(['connecting', 'open']);
    live.stop();
  });

  it('stops retrying on 401 until a new token comes, and never connects without one', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const states: LiveConnection[] = [];
    let token: string | null = 'expired';
    const live = startLiveEvents({
      getToken: () => token,
      onEvent: () => undefined,
      onState: (s) => states.push(s),
      fetch: server.fetch,
      minDelayMs: 1,
    });
    (await server.call(0)).answer(new Response('{"id":"unauthorized"}', { status: 401 }));
    await vi.waitFor(() => expect(states.at(-1)).toBe('off'));
    // A whole backoff's worth of time passes (minDelayMs is 1): no retry.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    token = null;
    live.reconnect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    token = 'fresh';
    live.reconnect();
    expect((await server.call(1)).headers.Authorization).toBe('Bearer fresh');
    live.stop();
  });

  it('backs off after failures and reports retrying meanwhile', async () => {
    vi.useFakeTimers();
    const at: number[] = [];
    const states: LiveConnection[] = [];
    const live = startLiveEvents({
      getToken: () => 't',
      onEvent: () => undefined,
      onState: (s) => states.push(s),
      fetch: async () => {
        at.push(Date.now());
        return new Response('down', { status: 503 });
      },
      random: () => 1,
    });
    await vi.advanceTimersByTimeAsync(4_000);
    // First retry within half a second, then 1 s, 2 s, … (random = 1: the full delay).
    expect(at.slice(1).map((t, i) => t - (at[i] as number))).toEqual([500, 1000, 2000]);
    expect(states).toEqual(['connecting', 'retrying']);
    live.stop();
  });

  it('treats a silent connection as dead (no heartbeat for silenceMs) and reconnects', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const live = startLiveEvents({
      getToken: () => 't',
      onEvent: () => undefined,
      onState: () => undefined,
      fetch: server.fetch,
      silenceMs: 45_000,
      random: () => 0,
    });
    const first = await server.call(0);
    const s1 = stream(first.signal);
    first.answer(s1.response);
    s1.write(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(44_000);
    expect(first.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(first.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.calls).toHaveLength(2);
    live.stop();
  });

  it('imports the schemas with the first event, not at opening; events before them wait, in order, checked', async () => {
    const server = fakeServer();
    const events: LiveEvent[] = [];
    const states: LiveConnection[] = [];
    const schemas = deferred<EventSchemas>();
    const loadSchemas = vi.fn(() => schemas.promise);
    const live = startLiveEvents({
      getToken: () => 't',
      onEvent: (e) => events.push(e),
      onState: (s) => states.push(s),
      fetch: server.fetch,
      loadSchemas,
    });
    const first = await server.call(0);
    const s1 = stream(first.signal);
    first.answer(s1.response);
    s1.write(': heartbeat\nid: 1-1-a\n\n');
    await vi.waitFor(() => expect(states).toEqual(['connecting', 'open']));
    expect(loadSchemas).not.toHaveBeenCalled();

    const second: LiveEvent = { ...event, deviceId: 'd2', from: 'offline', to: 'online' };
    const third: LiveEvent = { type: 'resync' };
    s1.write(frame('1-2-a'));
    s1.write('data: not json\n\n');
    s1.write(`id: 1-3-a\ndata: ${JSON.stringify({ ...event, to: 'sideways' })}\n\n`);
    s1.write(frame('1-4-a', second));
    await vi.waitFor(() => expect(loadSchemas).toHaveBeenCalledTimes(1));
    await tick();
    expect(events).toEqual([]);

    schemas.resolve(await import('@vnoc/contracts/events'));
    await vi.waitFor(() => expect(events).toEqual([event, second]));
    s1.write(frame('1-5-a', third));
    await vi.waitFor(() => expect(events).toEqual([event, second, third]));
    expect(loadSchemas).toHaveBeenCalledTimes(1);
    live.stop();
  });

  it('drops the waiting events when their schemas fail to load, and resumes the stream from before them', async () => {
    const server = fakeServer();
    const events: LiveEvent[] = [];
    const failed = deferred<EventSchemas>();
    const loads = [failed.promise, import('@vnoc/contracts/events')];
    const live = startLiveEvents({
      getToken: () => 't',
      onEvent: (e) => events.push(e),
      onState: () => undefined,
      fetch: server.fetch,
      random: () => 0,
      loadSchemas: () => loads.shift() as Promise<EventSchemas>,
    });
    const first = await server.call(0);
    const s1 = stream(first.signal);
    first.answer(s1.response);
    s1.write(': heartbeat\nid: 2-1-a\n\n');
    s1.write(frame('2-2-a'));
    await vi.waitFor(() => expect(loads).toHaveLength(1));
    failed.reject(new Error('chunk failed to load'));

    const second = await server.call(1);
    expect(first.signal.aborted).toBe(true);
    expect(second.headers['Last-Event-ID']).toBe('2-1-a');
    const s2 = stream(second.signal);
    second.answer(s2.response);
    s2.write(frame('2-2-a'));
    await vi.waitFor(() => expect(events).toEqual([event]));
    live.stop();
  });
});
