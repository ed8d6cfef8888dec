/**
 * The notification sender: claims due messages from the queue, sends each through the delivery layer
 * (dev outbox, or SMTP and the SMS/voice provider), and marks it sent — or retries it with back-off, and
 * gives up after the last attempt. Every API process runs one; they share the queue safely.
 *
 * Delivery is at least once, never silently lost: a row is claimed (committed) before it is sent and
 * marked sent right after the provider accepted it. If the process dies between the two — the provider
 * has the message, the row does not say so — the row's lock expires and it is sent again. That window
 * is one UPDATE long; the idempotency key makes sure nothing else ever doubles a message.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Deliver } from '../delivery/index.ts';
import type { Db } from '../plugins/db.ts';
import {
  type ClaimedNotification,
  claimDue,
  failAbandoned,
  markAttemptFailed,
  markSent,
  skipInactiveRecipients,
} from './queue.ts';

export type NotificationDispatcher = {
  /** Polls every `pollMs` until stopped. */
  start: () => void;
  /** Looks for due messages now (e.g. right after queueing some) instead of at the next poll. */
  wake: () => void;
  /** One round: claims due messages and sends them; answers how many were claimed. */
  runOnce: () => Promise<number>;
  /** Stops polling and waits for the round in flight (call before the pool closes). */
  stop: () => Promise<void>;
};

export type DispatcherOptions = {
  db: Db;
  deliver: Deliver;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The clock (tests pass their own). */
  now?: () => Date;
  /** Default 2 s. */
  pollMs?: number;
  /** Messages claimed (and sent at once) per round; default 10. */
  batch?: number;
  /** How long a claim holds a message; longer than a send may take. Default 5 minutes. */
  leaseMs?: number;
  /** A send not answered by then counts as failed (and is retried); default 60 s. */
  sendTimeoutMs?: number;
};

const ABANDONED_CHECK_MS = 60_000;

export class SendTimeout extends Error {
  override name = 'SendTimeout';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createNotificationDispatcher(options: DispatcherOptions): NotificationDispatcher {
  const { db, deliver, log } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 2_000;
  const batch = options.batch ?? 10;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const sendTimeoutMs = Math.min(options.sendTimeoutMs ?? 60_000, leaseMs / 2);

  let timer: NodeJS.Timeout | undefined;
  let round: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  let lastAbandonedCheck = 0;

  async function send(n: ClaimedNotification): Promise<void> {
    try {
      await withTimeout(
        deliver({ channel: n.channel, to: n.destination, subject: n.subject ?? undefined, body: n.body }),
        sendTimeoutMs,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await markAttemptFailed(db, n.id, n.attempts, message, now());
      const entry = { notificationId: n.id, channel: n.channel, attempt: n.attempts, err: message };
      if (outcome === 'failed') log.error(entry, 'a notification could not be delivered; giving up');
      else log.warn(entry, 'a notification could not be delivered; it will be retried');
      return;
    }
    if (!(await markSent(db, n.id, n.attempts, now())))
      log.warn({ notificationId: n.id }, 'a notification was sent after its claim expired');
  }

  async function roundOnce(): Promise<number> {
    const at = now();
    if (at.getTime() - lastAbandonedCheck >= ABANDONED_CHECK_MS) {
      lastAbandonedCheck = at.getTime();
      const given = await failAbandoned(db, at);
      if (given > 0) log.warn({ count: given }, 'notifications whose sender stopped were given up');
    }
    // Checked again at sending: a person deactivated since their message was queued gets nothing.
    const inactive = await skipInactiveRecipients(db, at);
    if (inactive > 0)
      log.info({ count: inactive }, 'notifications to accounts no longer active were dropped');
    const claimed = await claimDue(db, { now: at, leaseMs, limit: batch });
    await Promise.all(
      claimed.map((n) =>
        send(n).catch((err: unknown) => {
          // The claim expires and the message is retried.
          log.error({ err, notificationId: n.id }, 'recording a notification outcome failed');
        }),
      ),
    );
    return claimed.length;
  }

  const dispatcher: NotificationDispatcher = {
    runOnce() {
      if (round) {
        // One round at a time per process; the caller waits for the current one, then runs its own.
        return round.then(() => dispatcher.runOnce());
      }
      round = roundOnce().finally(() => {
        round = undefined;
      });
      return round;
    },
    wake() {
      if (stopped || !timer) return;
      if (round) {
        again = true;
        return;
      }
      void poll();
    },
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void poll(), pollMs);
      timer.unref();
      void poll();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await round?.catch(() => undefined);
    },
  };

  async function poll(): Promise<void> {
    if (stopped || round) return;
    try {
      // A full batch or a wake-up during the round: there may be more due at once.
      let claimed: number;
      do {
        again = false;
        claimed = await dispatcher.runOnce();
      } while (!stopped && (again || claimed >= batch));
    } catch (err) {
      log.error({ err }, 'sending notifications failed');
    }
  }

  return dispatcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's notification sender (buildApp); main.ts starts it, app.close() stops it. */
    notifications: NotificationDispatcher;
  }
}
