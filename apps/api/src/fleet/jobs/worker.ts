/**
 * A job worker: polls the queue, claims as many jobs as it has free slots for (only actions it has
 * handlers for), runs each handler while extending the job's lease, and records the result or the
 * failure. It also reaps jobs whose worker died. Polls never overlap; `stop` stops claiming and waits
 * for the jobs in flight (their leases kept alive) — call it before the pool closes.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../plugins/db.ts';
import {
  claim,
  complete,
  extendLeases,
  fail,
  type Job,
  type JobState,
  reapExpired,
  release,
} from './queue.ts';

/**
 * A failure whose message is written for users (e.g. 'The device is offline.'): stored on the job as
 * is. Any other error a handler throws is logged and stored as {@link UNEXPECTED_ERROR}.
 */
export class JobFailure extends Error {
  override name = 'JobFailure';
}

export const UNEXPECTED_ERROR = 'The action failed unexpectedly.';

/**
 * Runs one job's action and answers its result (stored as JSON); throws {@link JobFailure} to fail it.
 * `signal` aborts when the worker stops: a handler that gives up then (throws while it is aborted)
 * has its job put back in the queue, to run again from the start.
 */
export type JobHandler = (job: Job, signal: AbortSignal) => Promise<unknown>;

export type WorkerOptions = {
  db: Db;
  /** Unique per worker; default `<host>:<pid>:<random>`. */
  workerId?: string;
  handlers: Readonly<Record<string, JobHandler>>;
  /** How often to look for queued jobs; default 1 s. */
  pollMs?: number;
  /** How long a claimed job is held without news of its worker; default 30 s (extended every third). */
  leaseMs?: number;
  /** Jobs run at once by this worker; default 8. */
  concurrency?: number;
  /** How often to reap jobs whose lease expired; default `leaseMs / 2`. */
  reapEveryMs?: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Told the jobs whose state this worker changed (claimed, finished, released, reaped), once stored. */
  onChange?: (changes: readonly JobChange[]) => void;
};

/** A job's new state, for the `onChange` hook (live events). */
export type JobChange = { id: string; state: JobState };

export type Worker = {
  readonly workerId: string;
  /** Looks for queued jobs now (e.g. right after enqueueing) instead of at the next poll. */
  wake: () => void;
  /** One poll (reap when due, claim, start the jobs); answers how many jobs it started. */
  poll: () => Promise<number>;
  /** Jobs running now. */
  readonly inFlight: number;
  /** Stops claiming, aborts the handlers' signal and waits for the jobs in flight to finish or be released. */
  stop: () => Promise<void>;
};

export const defaultWorkerId = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export function startWorker(options: WorkerOptions): Worker {
  const { db, handlers, log } = options;
  const changed = (changes: readonly JobChange[]) => {
    if (changes.length === 0 || !options.onChange) return;
    try {
      options.onChange(changes);
    } catch (error) {
      log.error({ err: error }, 'the job change hook failed');
    }
  };
  const workerId = options.workerId ?? defaultWorkerId();
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const reapEveryMs = options.reapEveryMs ?? leaseMs / 2;
  const actions = Object.keys(handlers);

  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let polling: Promise<number> | undefined;
  let again = false;
  let lastReap = 0;
  let stopped = false;

  async function run(job: Job): Promise<void> {
    const handler = handlers[job.action];
    let outcome: { ok: true; result: unknown } | { ok: false; error: string } | { released: true };
    try {
      if (!handler) throw new JobFailure(`Unknown action: ${job.action}.`);
      outcome = { ok: true, result: await handler(job, stopping.signal) };
    } catch (error) {
      if (stopping.signal.aborted && !(error instanceof JobFailure)) outcome = { released: true };
      else {
        if (!(error instanceof JobFailure))
          log.error({ err: error, jobId: job.id, action: job.action }, 'job handler failed');
        outcome = { ok: false, error: error instanceof JobFailure ? error.message : UNEXPECTED_ERROR };
      }
    }
    try {
      const held =
        'released' in outcome
          ? await release(db, job.id, workerId, job.attempts)
          : outcome.ok
            ? await complete(db, job.id, workerId, outcome.result, job.attempts)
            : await fail(db, job.id, workerId, outcome.error, job.attempts);
      if (held)
        changed([
          { id: job.id, state: 'released' in outcome ? 'queued' : outcome.ok ? 'succeeded' : 'failed' },
        ]);
      else log.warn({ jobId: job.id }, 'job finished after its lease was lost; its outcome is ignored');
    } catch (error) {
      // The lease runs out and the reaper retries or fails the job.
      log.error({ err: error, jobId: job.id }, 'recording a job outcome failed');
    }
  }

  async function pollOnce(): Promise<number> {
    if (stopped) return 0;
    const now = Date.now();
    if (now - lastReap >= reapEveryMs) {
      lastReap = now;
      const reaped = await reapExpired(db);
      changed([
        ...reaped.requeued.map((id) => ({ id, state: 'queued' as const })),
        ...reaped.failed.map((id) => ({ id, state: 'failed' as const })),
      ]);
      if (reaped.requeued.length + reaped.failed.length > 0)
        log.warn(
          { requeued: reaped.requeued.length, failed: reaped.failed.length },
          'jobs whose worker stopped answering were reaped',
        );
    }
    // `stop` may have come while the reaper's query ran, and the jobs it waits for may have finished meanwhile: a
    // worker that is stopping claims nothing more (it would run, and `stop` wait for it, a job no one was to run).
    if (stopped) return 0;
    const free = concurrency - running.size;
    if (free <= 0) return 0;
    const claimed = await claim(db, workerId, leaseMs, free, { actions });
    changed(claimed.map((job) => ({ id: job.id, state: job.state })));
    // Claimed jobs run even when `stop` came meanwhile: they are ours until finished.
    for (const job of claimed) {
      const done = run(job).finally(() => {
        running.delete(job.id);
        if (!stopped) worker.wake(); // a free slot: look for the next job at once
      });
      running.set(job.id, done);
    }
    return claimed.length;
  }

  const worker: Worker = {
    workerId,
    poll() {
      if (polling) {
        again = true;
        return polling;
      }
      const current = pollOnce()
        .catch((error: unknown) => {
          log.error({ err: error }, 'job poll failed');
          return 0;
        })
        .finally(() => {
          polling = undefined;
          // Woken during the poll (a job finished or was enqueued): poll again at once.
          if (again && !stopped) {
            again = false;
            void worker.poll();
          }
        });
      polling = current;
      return current;
    },
    wake() {
      if (stopped) return;
      if (polling) again = true;
      else setImmediate(() => void worker.poll());
    },
    get inFlight() {
      return running.size;
    },
    async stop() {
      stopped = true;
      clearInterval(pollTimer);
      stopping.abort();
      await polling?.catch(() => undefined);
      while (running.size > 0) await Promise.allSettled([...running.values()]);
      clearInterval(leaseTimer);
    },
  };

  const pollTimer = setInterval(() => void worker.poll(), pollMs);
  pollTimer.unref();
  // Keeps the leases of the jobs in flight alive (also while `stop` waits for them).
  const leaseTimer = setInterval(
    () => {
      if (running.size === 0) return;
      extendLeases(db, workerId, [...running.keys()], leaseMs).catch((error: unknown) =>
        log.error({ err: error }, 'extending job leases failed'),
      );
    },
    Math.max(10, Math.floor(leaseMs / 3)),
  );
  leaseTimer.unref();
  void worker.poll();
  return worker;
}
