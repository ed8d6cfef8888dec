/**
 * The job engine (diagnostics are jobs): a PostgreSQL queue shared by any number of
 * workers, and the worker that runs device actions. `createJobEngine` binds the queue to a database
 * and starts a worker on demand; the functions in ./queue.ts are usable on their own (and inside
 * transactions).
 */
import type { Db } from '../../plugins/db.ts';
import * as queue from './queue.ts';
import { defaultWorkerId, type JobChange, startWorker, type Worker, type WorkerOptions } from './worker.ts';

export * from './queue.ts';
export * from './worker.ts';

export type JobEngineOptions = Omit<WorkerOptions, 'db' | 'handlers'> & {
  db: Db;
  /** The actions this process runs; may instead be given to `start` (after the device driver is up). */
  handlers?: WorkerOptions['handlers'];
};

export type JobEngine = {
  readonly workerId: string;
  /** Queues a job (and wakes this process's worker). */
  enqueue: (input: queue.EnqueueInput) => Promise<queue.Job>;
  /** Queues a job unless the device runs one of the same action already: null then (a refusal). */
  enqueueUnlessActive: (input: queue.EnqueueInput) => Promise<queue.Job | null>;
  /** Queues the action on several devices; answers the batch id. */
  enqueueBatch: (input: queue.EnqueueBatchInput) => Promise<string>;
  hasActiveJob: (deviceId: string, action: string) => Promise<boolean>;
  getJob: (jobId: string, organizationId: string) => Promise<queue.Job | null>;
  getBatch: (batchId: string, organizationId: string) => Promise<queue.BatchState | null>;
  listDeviceJobs: (deviceId: string, organizationId: string, limit?: number) => Promise<queue.Job[]>;
  cancelBatch: (batchId: string, organizationId: string) => Promise<queue.CancelResult | null>;
  cancelJob: (jobId: string, organizationId: string) => Promise<queue.JobState | null>;
  /** Looks for queued jobs now (after jobs were queued outside this engine, e.g. in a transaction). */
  wake: () => void;
  /**
   * Tells the `onChange` hook about jobs changed outside the engine (queued or cancelled in the caller's
   * transaction): call it after that transaction commits.
   */
  changed: (changes: readonly JobChange[]) => void;
  /** Starts this process's worker (once) with these handlers; an instance that only serves the API need not. */
  start: (handlers?: WorkerOptions['handlers']) => Worker;
  /** Stops the worker, waiting for its jobs in flight (call before the pool closes). */
  stop: () => Promise<void>;
};

export function createJobEngine(options: JobEngineOptions): JobEngine {
  const { db } = options;
  const workerId = options.workerId ?? defaultWorkerId();
  let worker: Worker | undefined;
  let stopped = false;
  const changed = (changes: readonly JobChange[]) => {
    if (changes.length > 0) options.onChange?.(changes);
  };
  const wake = <T extends { id: string; state: queue.JobState } | null>(job: T): T => {
    if (job) changed([{ id: job.id, state: job.state }]);
    worker?.wake();
    return job;
  };
  /** A batch's jobs in `state`, as changes (only looked up when someone listens). */
  const batchJobs = async (batchId: string, organizationId: string, state: queue.JobState) =>
    options.onChange
      ? ((await queue.getBatch(db, batchId, organizationId))?.jobs ?? [])
          .filter((j) => j.state === state)
          .map((j) => ({ id: j.jobId, state }))
      : [];
  return {
    workerId,
    enqueue: async (input) => wake(await queue.enqueue(db, input)),
    enqueueUnlessActive: async (input) => wake(await queue.enqueueUnlessActive(db, input)),
    async enqueueBatch(input) {
      const batchId = await queue.enqueueBatch(db, input);
      changed(await batchJobs(batchId, input.organizationId, 'queued'));
      worker?.wake();
      return batchId;
    },
    hasActiveJob: (deviceId, action) => queue.hasActiveJob(db, deviceId, action),
    getJob: (jobId, organizationId) => queue.getJob(db, jobId, organizationId),
    getBatch: (batchId, organizationId) => queue.getBatch(db, batchId, organizationId),
    listDeviceJobs: (deviceId, organizationId, limit) =>
      queue.listDeviceJobs(db, deviceId, organizationId, limit),
    async cancelBatch(batchId, organizationId) {
      const result = await queue.cancelBatch(db, batchId, organizationId);
      if (result?.cancelled) changed(await batchJobs(batchId, organizationId, 'cancelled'));
      return result;
    },
    async cancelJob(jobId, organizationId) {
      const state = await queue.cancelJob(db, jobId, organizationId);
      if (state === 'cancelled') changed([{ id: jobId, state }]);
      return state;
    },
    wake: () => worker?.wake(),
    changed,
    start(handlers = options.handlers) {
      if (stopped) throw new Error('the job engine was stopped');
      if (!handlers) throw new Error('the job engine needs handlers to start');
      worker ??= startWorker({ ...options, handlers, workerId });
      return worker;
    },
    async stop() {
      stopped = true;
      await worker?.stop();
    },
  };
}
