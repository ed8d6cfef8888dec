/**
 * The job queue in PostgreSQL: device actions are enqueued as jobs, claimed by
 * workers with `FOR UPDATE SKIP LOCKED` (so any number of workers share the queue), run under a lease,
 * and finished only by the worker that holds them. A job whose worker died is reaped when its lease
 * expires: requeued while it has attempts left, failed otherwise — never left running.
 *
 * Every function takes the database (or a transaction) first; reads for users take the caller's
 * organization, and another organization's job or batch reads as missing.
 */
import { and, asc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type JOB_STATES, jobBatches, jobs } from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';

export type JobState = (typeof JOB_STATES)[number];
export type Job = typeof jobs.$inferSelect;
export type JobParams = Record<string, unknown>;

/** Why a job failed when its worker stopped answering and it had no attempts left. */
export const LEASE_EXPIRED_ERROR = 'The device did not answer in time.';

export type EnqueueInput = {
  organizationId: string;
  deviceId: string;
  action: string;
  params?: JobParams;
  requestedBy: string;
  batchId?: string;
  /** Runs (claims) allowed before a job whose worker keeps dying is failed; default 2. */
  maxAttempts?: number;
};

export type EnqueueBatchInput = Omit<EnqueueInput, 'deviceId' | 'batchId'> & { deviceIds: readonly string[] };

/** A time for a query: the given instant, or the database's clock. */
const at = (now?: Date): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** Queues one job. */
export async function enqueue(db: DbOrTx, input: EnqueueInput): Promise<Job> {
  const [job] = await db
    .insert(jobs)
    .values({
      organizationId: input.organizationId,
      deviceId: input.deviceId,
      batchId: input.batchId ?? null,
      action: input.action,
      params: input.params ?? {},
      requestedBy: input.requestedBy,
      ...(input.maxAttempts !== undefined ? { maxAttempts: input.maxAttempts } : {}),
    })
    .returning();
  if (!job) throw new Error('the job was not inserted');
  return job;
}

/**
 * Queues one job unless the device already has a queued or running job of the same action
 * (e.g. a second reboot while one runs): answers null then. Concurrent calls for the same device and
 * action are serialized by a transaction-scoped advisory lock, so only one of them queues a job.
 */
export async function enqueueUnlessActive(db: DbOrTx, input: EnqueueInput): Promise<Job | null> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`job:${input.deviceId}:${input.action}`}, 0))`,
    );
    if (await hasActiveJob(tx, input.deviceId, input.action)) return null;
    return enqueue(tx, input);
  });
}

/** Whether the device has a queued or running job of this action. */
export async function hasActiveJob(db: DbOrTx, deviceId: string, action: string): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.deviceId, deviceId), eq(jobs.action, action), inArray(jobs.state, ['queued', 'running'])),
    )
    .limit(1);
  return rows.length > 0;
}

/** Queues the same action on several devices as one batch (one transaction); answers the batch id. */
export async function enqueueBatch(db: DbOrTx, input: EnqueueBatchInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(jobBatches)
      .values({ organizationId: input.organizationId, action: input.action, requestedBy: input.requestedBy })
      .returning({ id: jobBatches.id });
    if (!batch) throw new Error('the batch was not inserted');
    if (input.deviceIds.length > 0)
      await tx.insert(jobs).values(
        input.deviceIds.map((deviceId) => ({
          organizationId: input.organizationId,
          deviceId,
          batchId: batch.id,
          action: input.action,
          params: input.params ?? {},
          requestedBy: input.requestedBy,
          ...(input.maxAttempts !== undefined ? { maxAttempts: input.maxAttempts } : {}),
        })),
      );
    return batch.id;
  });
}

export type ClaimOptions = {
  /** Only jobs of these actions (the ones this worker has handlers for). */
  actions?: readonly string[];
  /** The current time (tests); default the database's clock. */
  now?: Date;
};

/**
 * Claims up to `limit` queued jobs, oldest first, for `workerId` with a lease of `leaseMs`: they are
 * running, attempted once more, and locked by the worker. Rows another worker is claiming are skipped,
 * so concurrent claims never answer the same job.
 */
export async function claim(
  db: DbOrTx,
  workerId: string,
  leaseMs: number,
  limit: number,
  options: ClaimOptions = {},
): Promise<Job[]> {
  if (limit <= 0 || options.actions?.length === 0) return [];
  const now = at(options.now);
  // A CTE with FOR UPDATE is materialized (run once): `id IN (subquery … LIMIT)` may be rescanned
  // by the planner and claim more than `limit` rows.
  const next = db.$with('next').as(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.state, 'queued'),
          options.actions ? inArray(jobs.action, [...options.actions]) : undefined,
        ),
      )
      .orderBy(asc(jobs.createdAt), asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
  const claimed = await db
    .with(next)
    .update(jobs)
    .set({
      state: 'running',
      lockedBy: workerId,
      leaseUntil: sql`${now} + ${leaseMs} * interval '1 millisecond'`,
      startedAt: now,
      attempts: sql`${jobs.attempts} + 1`,
    })
    .from(next)
    .where(eq(jobs.id, next.id))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/**
 * Writes `values` to a job only while the worker holds it (in the attempt it claimed, when given): only that
 * worker may finish or release it. Answers whether it did.
 */
async function updateHeld(
  db: DbOrTx,
  jobId: string,
  workerId: string,
  attempt: number | undefined,
  values: PgUpdateSetSource<typeof jobs>,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set(values)
    .where(
      and(
        eq(jobs.id, jobId),
        eq(jobs.state, 'running'),
        eq(jobs.lockedBy, workerId),
        attempt !== undefined ? eq(jobs.attempts, attempt) : undefined,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records the result of a job the worker still holds; answers false (and writes nothing) when it no
 * longer does — a late worker whose job was reaped, requeued or cancelled.
 */
export async function complete(
  db: DbOrTx,
  jobId: string,
  workerId: string,
  result: unknown,
  attempt?: number,
): Promise<boolean> {
  return updateHeld(db, jobId, workerId, attempt, {
    state: 'succeeded',
    result: result ?? null,
    error: null,
    finishedAt: sql`now()`,
    leaseUntil: null,
  });
}

/** Records the failure of a job the worker still holds (as `complete`): the message is for users. */
export async function fail(
  db: DbOrTx,
  jobId: string,
  workerId: string,
  error: string,
  attempt?: number,
): Promise<boolean> {
  return updateHeld(db, jobId, workerId, attempt, {
    state: 'failed',
    error,
    finishedAt: sql`now()`,
    leaseUntil: null,
  });
}

/**
 * Puts back in the queue a job the worker holds but will not finish (it is stopping): the attempt is
 * not counted, and the next worker runs it from the start. Answers false when the worker no longer
 * holds it.
 */
export async function release(
  db: DbOrTx,
  jobId: string,
  workerId: string,
  attempt?: number,
): Promise<boolean> {
  return updateHeld(db, jobId, workerId, attempt, {
    state: 'queued',
    lockedBy: null,
    leaseUntil: null,
    startedAt: null,
    attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
  });
}

/** Extends the lease of the worker's running jobs among `jobIds`; answers how many it still holds. */
export async function extendLeases(
  db: DbOrTx,
  workerId: string,
  jobIds: readonly string[],
  leaseMs: number,
  now?: Date,
): Promise<number> {
  if (jobIds.length === 0) return 0;
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: sql`${at(now)} + ${leaseMs} * interval '1 millisecond'` })
    .where(and(inArray(jobs.id, [...jobIds]), eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length;
}

export type ReapResult = { requeued: string[]; failed: string[] };

/**
 * Running jobs whose lease expired before `now` (their worker died or hung): back to the queue while
 * they have attempts left, otherwise failed with {@link LEASE_EXPIRED_ERROR}.
 */
export async function reapExpired(db: DbOrTx, now?: Date): Promise<ReapResult> {
  const expired = and(eq(jobs.state, 'running'), lt(jobs.leaseUntil, at(now)));
  const requeued = await db
    .update(jobs)
    .set({ state: 'queued', lockedBy: null, leaseUntil: null })
    .where(and(expired, lt(jobs.attempts, jobs.maxAttempts)))
    .returning({ id: jobs.id });
  const failed = await db
    .update(jobs)
    .set({ state: 'failed', error: LEASE_EXPIRED_ERROR, finishedAt: at(now), leaseUntil: null })
    .where(and(expired, sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
    .returning({ id: jobs.id });
  return { requeued: requeued.map((r) => r.id), failed: failed.map((r) => r.id) };
}

/** One job of the organization, or null (missing, or another organization's). */
export async function getJob(db: DbOrTx, jobId: string, organizationId: string): Promise<Job | null> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.organizationId, organizationId)));
  return job ?? null;
}

/** The device's jobs, newest first (its run history). */
export async function listDeviceJobs(
  db: DbOrTx,
  deviceId: string,
  organizationId: string,
  limit = 50,
): Promise<Job[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.deviceId, deviceId), eq(jobs.organizationId, organizationId)))
    .orderBy(sql`${jobs.createdAt} desc`, sql`${jobs.id} desc`)
    .limit(limit);
}

export type JobSummary = Record<JobState, number>;

export type BatchState = {
  batchId: string;
  action: string;
  requestedBy: string;
  createdAt: Date;
  jobs: { deviceId: string; jobId: string; state: JobState; result: unknown; error: string | null }[];
  summary: JobSummary;
  /** No job is queued or running. */
  done: boolean;
};

const emptySummary = (): JobSummary => ({ queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 });

/** A batch of the organization with each device's job and counts by state, or null. */
export async function getBatch(
  db: DbOrTx,
  batchId: string,
  organizationId: string,
): Promise<BatchState | null> {
  const [batch] = await db
    .select()
    .from(jobBatches)
    .where(and(eq(jobBatches.id, batchId), eq(jobBatches.organizationId, organizationId)));
  if (!batch) return null;
  const rows = await db
    .select({
      deviceId: jobs.deviceId,
      jobId: jobs.id,
      state: jobs.state,
      result: jobs.result,
      error: jobs.error,
    })
    .from(jobs)
    .where(and(eq(jobs.batchId, batchId), eq(jobs.organizationId, organizationId)))
    .orderBy(asc(jobs.createdAt), asc(jobs.id));
  const summary = emptySummary();
  for (const r of rows) summary[r.state] += 1;
  return {
    batchId: batch.id,
    action: batch.action,
    requestedBy: batch.requestedBy,
    createdAt: batch.createdAt,
    jobs: rows.map((r) => ({ ...r, result: r.result ?? null })),
    summary,
    done: summary.queued === 0 && summary.running === 0,
  };
}

export type CancelResult = {
  /** Jobs that were queued and are now cancelled. */
  cancelled: number;
  /** Jobs already running: they finish. */
  running: number;
  /** Jobs that had already finished (succeeded, failed or cancelled before). */
  finished: number;
};

/**
 * Cancels what has not started in a batch of the organization: its queued jobs. Running jobs finish.
 * Null when there is no such batch. A job being claimed at the same moment is either cancelled or
 * running, never both.
 */
export async function cancelBatch(
  db: DbOrTx,
  batchId: string,
  organizationId: string,
  /** Only jobs on these devices (a subquery of device ids: the caller's site-group scope). */
  onlyDevices?: SQL,
): Promise<CancelResult | null> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select({ id: jobBatches.id })
      .from(jobBatches)
      .where(and(eq(jobBatches.id, batchId), eq(jobBatches.organizationId, organizationId)));
    if (!batch) return null;
    const cancelled = await tx
      .update(jobs)
      .set({ state: 'cancelled', finishedAt: sql`now()` })
      .where(
        and(
          eq(jobs.batchId, batchId),
          eq(jobs.organizationId, organizationId),
          eq(jobs.state, 'queued'),
          onlyDevices ? sql`${jobs.deviceId} in (${onlyDevices})` : undefined,
        ),
      )
      .returning({ id: jobs.id });
    const counts = await tx
      .select({ state: jobs.state, n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.batchId, batchId))
      .groupBy(jobs.state);
    const n = (state: JobState) => counts.find((c) => c.state === state)?.n ?? 0;
    return {
      cancelled: cancelled.length,
      running: n('running'),
      finished: n('succeeded') + n('failed') + n('cancelled') - cancelled.length,
    };
  });
}

/** Cancels one queued job of the organization; answers its state afterwards, or null when missing. */
export async function cancelJob(db: DbOrTx, jobId: string, organizationId: string): Promise<JobState | null> {
  const [cancelled] = await db
    .update(jobs)
    .set({ state: 'cancelled', finishedAt: sql`now()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.organizationId, organizationId), eq(jobs.state, 'queued')))
    .returning({ state: jobs.state });
  if (cancelled) return cancelled.state;
  return (await getJob(db, jobId, organizationId))?.state ?? null;
}
