import type { FastifyBaseLogger } from 'fastify';
import type { ProductAnalyticsConfig } from '../../plugins/config.ts';
import type { StampedEvent } from './stamp.ts';

/** Events sent per request to the service (Mixpanel's /track takes at most 50). */
export const FORWARD_BATCH = 50;
/** Events waiting while the service is slow or down; beyond it the oldest are dropped (with a warning). */
export const FORWARD_QUEUE_MAX = 5_000;
/** Waits before the 2nd and 3rd attempt of a batch; after the 3rd failure the batch is dropped. */
export const FORWARD_RETRY_MS = [1_000, 5_000] as const;
const REQUEST_TIMEOUT_MS = 5_000;

type Forwarding = Exclude<ProductAnalyticsConfig, { mode: 'store' }>;
type HttpRequest = { url: string; body: unknown };

/** The events as Mixpanel's ingestion API takes them: `POST {host}/track`, a JSON array, the project token in each. */
export function mixpanelRequest(
  config: { apiHost: string; token: string },
  events: readonly StampedEvent[],
): HttpRequest {
  return {
    url: `${config.apiHost}/track?ip=0`,
    body: events.map((e) => ({
      event: e.name,
      properties: {
        ...e.properties,
        token: config.token,
        distinct_id: e.userId,
        time: e.at.getTime(),
        $insert_id: e.insertId,
        organization_id: e.organizationId,
        ...(e.sessionId ? { session_id: e.sessionId } : {}),
        ...(e.impersonatorUserId ? { impersonator_user_id: e.impersonatorUserId } : {}),
      },
    })),
  };
}

/** The events as PostHog's capture API takes them: `POST {host}/batch/` with the project key once. */
export function posthogRequest(
  config: { host: string; key: string },
  events: readonly StampedEvent[],
): HttpRequest {
  return {
    url: `${config.host}/batch/`,
    body: {
      api_key: config.key,
      batch: events.map((e) => ({
        event: e.name,
        distinct_id: e.userId,
        timestamp: e.at.toISOString(),
        uuid: e.insertId,
        properties: {
          ...e.properties,
          organization_id: e.organizationId,
          ...(e.sessionId ? { $session_id: e.sessionId } : {}),
          ...(e.impersonatorUserId ? { impersonator_user_id: e.impersonatorUserId } : {}),
        },
      })),
    },
  };
}

export type ProductAnalyticsForwarder = {
  /** Queues events and returns at once; they are sent in the background. */
  enqueue: (events: readonly StampedEvent[]) => void;
  /** Resolves once nothing is queued or in flight (tests, shutdown). */
  idle: () => Promise<void>;
  /** Stops: what is still queued gets one last attempt without retries. */
  close: () => Promise<void>;
};

/**
 * Sends events to the configured service in the background, in order, 50 at a time. A batch the service refuses
 * (4xx but 429) is dropped at once; a failed one (network, timeout, 5xx, 429) is tried 3 times, then dropped.
 * Warnings name the service's host and the HTTP status, never the token or the events.
 */
export function createForwarder(
  config: Forwarding,
  log: Pick<FastifyBaseLogger, 'warn'>,
  retryMs: readonly number[] = FORWARD_RETRY_MS,
): ProductAnalyticsForwarder {
  const queue: StampedEvent[] = [];
  const service = config.mode;
  const host = new URL(config.mode === 'mixpanel' ? config.apiHost : config.host).host;
  let running: Promise<void> | null = null;
  let closed = false;
  let wake: (() => void) | null = null;

  const toRequest = (events: readonly StampedEvent[]) =>
    config.mode === 'mixpanel' ? mixpanelRequest(config, events) : posthogRequest(config, events);

  /** 'sent', 'refused' (do not retry) or 'failed' (retry). */
  async function post(
    events: readonly StampedEvent[],
  ): Promise<{ outcome: 'sent' | 'refused' | 'failed'; status?: number }> {
    const { url, body } = toRequest(events);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return { outcome: 'sent' };
      const retry = response.status >= 500 || response.status === 429;
      return { outcome: retry ? 'failed' : 'refused', status: response.status };
    } catch {
      return { outcome: 'failed' };
    }
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      // close() cuts a wait short.
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, FORWARD_BATCH);
      let result = await post(batch);
      for (let attempt = 0; result.outcome === 'failed' && attempt < retryMs.length && !closed; attempt++) {
        await pause(retryMs[attempt] ?? 0);
        wake = null;
        result = await post(batch);
      }
      if (result.outcome !== 'sent') {
        log.warn(
          { service, host, status: result.status, dropped: batch.length },
          result.outcome === 'refused'
            ? 'product analytics: the service refused a batch; dropped'
            : 'product analytics: the service could not be reached; batch dropped',
        );
      }
    }
  }

  function start() {
    if (running) return;
    running = drain().finally(() => {
      running = null;
      if (queue.length > 0 && !closed) start();
    });
  }

  return {
    enqueue(events) {
      queue.push(...events);
      const over = queue.length - FORWARD_QUEUE_MAX;
      if (over > 0) {
        queue.splice(0, over);
        log.warn({ service, host, dropped: over }, 'product analytics: queue full; oldest events dropped');
      }
      if (!closed) start();
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      wake?.();
      while (running) await running;
      if (queue.length > 0) {
        running = drain();
        await running;
        running = null;
      }
    },
  };
}
