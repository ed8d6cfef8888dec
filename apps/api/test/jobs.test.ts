import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cancelBatch,
  cancelJob,
  claim,
  complete,
  createJobEngine,
  enqueue,
  enqueueBatch,
  enqueueUnlessActive,
  fail,
  getBatch,
  getJob,
  hasActiveJob,
  type Job,
  type JobChange,
  JobFailure,
  type JobState,
  LEASE_EXPIRED_ERROR,
  listDeviceJobs,
  reapExpired,
  startWorker,
  UNEXPECTED_ERROR,
} from '../src/fleet/jobs/index.ts';
import * as queue from '../src/fleet/jobs/queue.ts';
import { connectDatabase, type Database, type Db } from '../src/plugins/db.ts';
import { createDevice, createOrganization, createSite, createUser, type DeviceRow } from './factories.ts';
import { createTestDatabase } from './helpers.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The job changes workers told (their `onChange` hook, called once a state is stored): the tests wait on these
 * instead of polling the queue.
 */
function jobChanges() {
  const told: JobChange[] = [];
  const checks = new Set<() => void>();
  const until = (condition: (told: readonly JobChange[]) => boolean): Promise<void> =>
    new Promise((resolve) => {
      const check = () => {
        if (!condition(told)) return;
        checks.delete(check);
        resolve();
      };
      checks.add(check);
      check();
    });
  return {
    onChange: (changes: readonly JobChange[]) => {
      told.push(...changes);
      for (const check of [...checks]) check();
    },
    /** Resolves once `condition` holds of the changes told so far. */
    until,
    /** Resolves once job `id` was told in `state`. */
    reached: (id: string, state: JobState) =>
      until((all) => all.some((c) => c.id === id && c.state === state)),
  };
}

/** A promise and the function that resolves it. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let orgId: string;
let otherOrgId: string;
let userId: string;
let otherUserId: string;
let fleet: DeviceRow[];
let otherDevice: DeviceRow;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  orgId = org.id;
  otherOrgId = other.id;
  userId = (await createUser(db, org)).id;
  otherUserId = (await createUser(db, other)).id;
  const site = await createSite(db, org);
  fleet = [];
  for (let i = 0; i < 10; i++) fleet.push(await createDevice(db, site));
  otherDevice = await createDevice(db, await createSite(db, other));
});
afterAll(() => database?.drop());
beforeEach(async () => {
  await database.pool.query('delete from jobs; delete from job_batches');
});

const device = (i: number) => fleet[i % fleet.length] as DeviceRow;
const job = (i: number, action = 'ping', extra: { maxAttempts?: number } = {}) =>
  enqueue(db, {
    organizationId: orgId,
    deviceId: device(i).id,
    action,
    params: { i },
    requestedBy: userId,
    ...extra,
  });
const reload = async (id: string) => (await getJob(db, id, orgId)) as Job;

/**
 * An engine whose `slow` jobs run until let go (`release`), its changes told to `changes`; `slow(i)` enqueues the
 * i-th such job (params.i = i) on the fleet's device i − 1.
 */
function slowEngine(
  options: Omit<Parameters<typeof createJobEngine>[0], 'db' | 'onChange' | 'handlers' | 'log'>,
) {
  const release: (() => void)[] = [];
  const changes = jobChanges();
  const engine = createJobEngine({
    db,
    onChange: changes.onChange,
    handlers: {
      slow: (j) =>
        new Promise((resolve) => {
          release.push(() => resolve({ done: j.params.i }));
        }),
    },
    log: silent,
    ...options,
  });
  const slow = (i: number) =>
    engine.enqueue({
      organizationId: orgId,
      deviceId: device(i - 1).id,
      action: 'slow',
      params: { i },
      requestedBy: userId,
    });
  return { engine, release, changes, slow };
}

describe('enqueue and claim', () => {
  it('queues jobs and claims them oldest first, each once, under a lease', async () => {
    const a = await job(0);
    const b = await job(1);
    const c = await job(2);
    expect(a).toMatchObject({
      state: 'queued',
      attempts: 0,
      maxAttempts: 2,
      params: { i: 0 },
      lockedBy: null,
    });

    const before = Date.now();
    const first = await claim(db, 'w1', 60_000, 2);
    expect(first.map((j) => j.id)).toEqual([a.id, b.id]);
    for (const j of first) {
      expect(j).toMatchObject({ state: 'running', attempts: 1, lockedBy: 'w1' });
      expect(j.startedAt).toBeInstanceOf(Date);
      const lease = (j.leaseUntil as Date).getTime();
      expect(lease).toBeGreaterThan(before + 50_000);
      expect(lease).toBeLessThan(Date.now() + 70_000);
    }
    expect((await claim(db, 'w2', 60_000, 5)).map((j) => j.id)).toEqual([c.id]);
    expect(await claim(db, 'w2', 60_000, 5)).toEqual([]);
  });

  it('claims only the actions asked for', async () => {
    const ping = await job(0, 'ping');
    const reboot = await job(1, 'reboot');
    expect((await claim(db, 'w1', 60_000, 5, { actions: ['reboot'] })).map((j) => j.id)).toEqual([reboot.id]);
    expect(await claim(db, 'w1', 60_000, 5, { actions: [] })).toEqual([]);
    expect((await claim(db, 'w1', 60_000, 5)).map((j) => j.id)).toEqual([ping.id]);
  });

  it('never hands the same job to concurrent claimers', async () => {
    for (let i = 0; i < 100; i++) await job(i);
    const rounds = await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        const got: string[] = [];
        for (;;) {
          const batch = await claim(db, `w${w}`, 60_000, 3);
          if (batch.length === 0) return got;
          got.push(...batch.map((j) => j.id));
        }
      }),
    );
    const all = rounds.flat();
    expect(all).toHaveLength(100);
    expect(new Set(all).size).toBe(100);
  });

  it('refuses a second active job of the same action on a device, even when asked at once', async () => {
    const input = { organizationId: orgId, deviceId: device(0).id, action: 'reboot', requestedBy: userId };
    expect(await hasActiveJob(db, device(0).id, 'reboot')).toBe(false);
    const made = await Promise.all(Array.from({ length: 6 }, () => enqueueUnlessActive(db, input)));
    expect(made.filter((j) => j !== null)).toHaveLength(1);
    expect(await hasActiveJob(db, device(0).id, 'reboot')).toBe(true);
    expect(await hasActiveJob(db, device(0).id, 'speedtest')).toBe(false);
    expect(await hasActiveJob(db, device(1).id, 'reboot')).toBe(false);

    const [running] = await claim(db, 'w1', 60_000, 1);
    expect(await enqueueUnlessActive(db, input)).toBeNull(); // still running
    await complete(db, (running as Job).id, 'w1', { ok: true });
    expect(await hasActiveJob(db, device(0).id, 'reboot')).toBe(false);
    expect(await enqueueUnlessActive(db, input)).toMatchObject({ state: 'queued', action: 'reboot' });
  });
});

describe('completion and failure', () => {
  it('records the result or the error of the holding worker only', async () => {
    const a = await job(0);
    const b = await job(1);
    await claim(db, 'w1', 60_000, 2);
    expect(await complete(db, a.id, 'intruder', { no: 1 })).toBe(false);
    expect(await complete(db, a.id, 'w1', { latency: 12 })).toBe(true);
    expect(await fail(db, b.id, 'w1', 'The device is offline.')).toBe(true);
    expect(await reload(a.id)).toMatchObject({ state: 'succeeded', result: { latency: 12 }, error: null });
    expect((await reload(a.id)).finishedAt).toBeInstanceOf(Date);
    expect(await reload(b.id)).toMatchObject({
      state: 'failed',
      error: 'The device is offline.',
      result: null,
    });
    // Finished jobs cannot be finished again.
    expect(await complete(db, b.id, 'w1', { late: true })).toBe(false);
    expect(await fail(db, a.id, 'w1', 'late')).toBe(false);
  });

  it('lists a device history newest first, in the organization only', async () => {
    const a = await job(0);
    const b = await job(10); // same device
    await job(1);
    expect((await listDeviceJobs(db, device(0).id, orgId)).map((j) => j.id)).toEqual([b.id, a.id]);
    expect(await listDeviceJobs(db, device(0).id, otherOrgId)).toEqual([]);
  });
});

describe('a dead worker', () => {
  it('loses its job when the lease expires: requeued, run by another worker; its late result is ignored', async () => {
    const j = await job(0);
    await claim(db, 'dead', 60_000, 1);
    // Not expired yet: nothing to reap.
    expect(await reapExpired(db)).toEqual({ requeued: [], failed: [] });
    const later = new Date(Date.now() + 61_000);
    expect(await reapExpired(db, later)).toEqual({ requeued: [j.id], failed: [] });
    expect(await reload(j.id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      lockedBy: null,
      leaseUntil: null,
    });

    const [again] = await claim(db, 'alive', 60_000, 1);
    expect(again).toMatchObject({ id: j.id, attempts: 2, lockedBy: 'alive' });
    expect(await complete(db, j.id, 'dead', { from: 'dead' })).toBe(false);
    expect(await fail(db, j.id, 'dead', 'late')).toBe(false);
    expect(await complete(db, j.id, 'alive', { from: 'alive' })).toBe(true);
    expect(await complete(db, j.id, 'dead', { from: 'dead' })).toBe(false);
    expect(await reload(j.id)).toMatchObject({ state: 'succeeded', result: { from: 'alive' }, attempts: 2 });
  });

  it('fails the job with a clear message after its last attempt', async () => {
    const j = await job(0);
    const k = await job(1, 'ping', { maxAttempts: 1 });
    await claim(db, 'dead1', 1_000, 2);
    const t1 = new Date(Date.now() + 2_000);
    expect(await reapExpired(db, t1)).toEqual({ requeued: [j.id], failed: [k.id] });
    await claim(db, 'dead2', 1_000, 2);
    expect(await reapExpired(db, new Date(Date.now() + 2_000))).toEqual({ requeued: [], failed: [j.id] });
    for (const id of [j.id, k.id]) {
      const row = await reload(id);
      expect(row).toMatchObject({ state: 'failed', error: LEASE_EXPIRED_ERROR, leaseUntil: null });
      expect(row.finishedAt).toBeInstanceOf(Date);
    }
    expect((await reload(j.id)).attempts).toBe(2);
    expect(await complete(db, j.id, 'dead2', { late: true })).toBe(false);
    expect(await reload(j.id)).toMatchObject({ state: 'failed', result: null });
  });

  it('is reaped by a live worker, which runs the job', async () => {
    const j = await job(0);
    await claim(db, 'dead', 60_000, 1);
    // Its worker died and the lease ran out: put in the past rather than waited for.
    await database.pool.query("update jobs set lease_until = now() - interval '1 second' where id = $1", [
      j.id,
    ]);
    const ran: string[] = [];
    const changes = jobChanges();
    const worker = startWorker({
      db,
      workerId: 'alive',
      onChange: changes.onChange,
      handlers: {
        ping: async (x) => {
          ran.push(x.id);
          return { pong: x.params.i };
        },
      },
      pollMs: 20,
      leaseMs: 5_000,
      reapEveryMs: 50,
      log: silent,
    });
    try {
      await changes.reached(j.id, 'succeeded');
    } finally {
      await worker.stop();
    }
    expect(ran).toEqual([j.id]);
    expect(await reload(j.id)).toMatchObject({ attempts: 2, lockedBy: 'alive', result: { pong: 0 } });
    expect(await complete(db, j.id, 'dead', { late: true })).toBe(false);
    expect((await reload(j.id)).result).toEqual({ pong: 0 });
  });
});

describe('workers', () => {
  it('a worker that stops puts its running jobs back in the queue, uncounted; the next worker runs them', async () => {
    const j = await job(0);
    const started = deferred();
    const first = startWorker({
      db,
      workerId: 'stopping',
      handlers: {
        // Runs until the worker stops.
        ping: (_x, signal) =>
          new Promise((_resolve, reject) => {
            started.resolve();
            signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
          }),
      },
      pollMs: 20,
      log: silent,
    });
    await started.promise;
    await first.stop();
    expect(await reload(j.id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      lockedBy: null,
      startedAt: null,
    });
    const changes = jobChanges();
    const second = startWorker({
      db,
      workerId: 'next',
      handlers: { ping: async () => ({ ok: 1 }) },
      pollMs: 20,
      log: silent,
      onChange: changes.onChange,
    });
    try {
      await changes.reached(j.id, 'succeeded');
    } finally {
      await second.stop();
    }
    expect(await reload(j.id)).toMatchObject({ attempts: 1, lockedBy: 'next', result: { ok: 1 } });
  });

  it('two workers on separate connections share a queue: every job runs exactly once', async () => {
    const second: Database = connectDatabase(database.pool.options.connectionString as string, 4);
    const runs = new Map<string, number>();
    const by = new Map<string, number>();
    const handler = (name: string) => async (j: Job) => {
      runs.set(j.id, (runs.get(j.id) ?? 0) + 1);
      by.set(name, (by.get(name) ?? 0) + 1);
      // A fixed number of event-loop turns (1–5, by the job's number): jobs overlap and finish out of order, and
      // the other worker's claims run meanwhile, without a clock.
      const turns = 1 + ((Number(j.params.i) * 7) % 5);
      for (let turn = 0; turn < turns; turn++) await new Promise((r) => setImmediate(r));
      return { by: name, i: j.params.i };
    };
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push((await job(i)).id);
    const changes = jobChanges();
    const options = { pollMs: 10, leaseMs: 10_000, concurrency: 5, log: silent, onChange: changes.onChange };
    const a = createJobEngine({ ...options, db, workerId: 'A', handlers: { ping: handler('A') } });
    const b = createJobEngine({ ...options, db: second.db, workerId: 'B', handlers: { ping: handler('B') } });
    a.start();
    b.start();
    try {
      await changes.until(
        (told) => new Set(told.filter((c) => c.state === 'succeeded').map((c) => c.id)).size === 200,
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await second.close();
    }
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect((by.get('A') ?? 0) + (by.get('B') ?? 0)).toBe(200);
    expect(by.get('A')).toBeGreaterThan(0);
    expect(by.get('B')).toBeGreaterThan(0);
    const { rows } = await database.pool.query<{ state: string; attempts: number; n: number; same: number }>(
      `select state, attempts, count(*)::int as n, count(*) filter (where result->>'by' = locked_by)::int as same
       from jobs group by state, attempts`,
    );
    expect(rows).toEqual([{ state: 'succeeded', attempts: 1, n: 200, same: 200 }]);
    expect(ids).toHaveLength(200);
  });

  it('stores a JobFailure message as is and hides unexpected errors', async () => {
    const offline = await job(0, 'offline');
    const broken = await job(1, 'broken');
    const unknown = await job(2, 'unknown');
    const errors: unknown[] = [];
    const changes = jobChanges();
    const worker = startWorker({
      db,
      onChange: changes.onChange,
      handlers: {
        offline: async () => {
          throw new JobFailure('The device is offline.');
        },
        broken: async () => {
          throw new Error('connection reset by peer');
        },
      },
      pollMs: 20,
      log: { ...silent, error: (o: unknown) => void errors.push(o) },
    });
    try {
      await changes.reached(broken.id, 'failed');
      await changes.reached(offline.id, 'failed');
    } finally {
      await worker.stop();
    }
    expect((await reload(offline.id)).error).toBe('The device is offline.');
    expect((await reload(broken.id)).error).toBe(UNEXPECTED_ERROR);
    expect(errors).toHaveLength(1);
    // No handler for it here: it stays queued for a worker that has one.
    expect((await reload(unknown.id)).state).toBe('queued');
  });

  it('extends the lease while a handler runs, and stop waits for the jobs in flight', async () => {
    const LEASE_MS = 1_500;
    // Each lease extension the worker makes (on its own timer, every leaseMs / 3) is told once it is stored.
    const extensionWaiters: (() => void)[] = [];
    const extendLeases = queue.extendLeases;
    const extensions = vi.spyOn(queue, 'extendLeases').mockImplementation(async (...args) => {
      const held = await extendLeases(...args);
      for (const resolve of extensionWaiters.splice(0)) resolve();
      return held;
    });
    const nextExtension = () => new Promise<void>((resolve) => extensionWaiters.push(resolve));
    const { engine, release, changes, slow } = slowEngine({
      pollMs: 20,
      // Long enough that a busy machine (CI beside other work) does not let a lease lapse between extensions
      // (they come every 500 ms; a stall of a second would be needed).
      leaseMs: LEASE_MS,
      reapEveryMs: 20,
      concurrency: 2,
    });
    const worker = engine.start();
    const a = await slow(1);
    const b = await slow(2);
    const c = await slow(3);
    await changes.until((told) => told.filter((c) => c.state === 'running').length === 2);
    expect(worker.inFlight).toBe(2);
    // Longer than a lease (the extension is the worker's own real timer, every leaseMs / 3): after each
    // extension, look whether the lease was moved a whole length past its first end, rather than wait a set
    // time. The reaper (every 20 ms) ran all along: the running job is still held, never reaped; were it
    // reaped, the test says so at once rather than wait for extensions of a lease no longer held.
    const firstLease = (await reload(a.id)).leaseUntil?.getTime() ?? 0;
    try {
      for (;;) {
        const extended = nextExtension();
        const now = await reload(a.id);
        expect(now).toMatchObject({ state: 'running', attempts: 1 });
        if ((now.leaseUntil?.getTime() ?? 0) > firstLease + LEASE_MS) break;
        await extended;
      }
      // The lease moved by the worker's extensions (told through the spy), not by anything else.
      expect(extensions).toHaveBeenCalled();
    } finally {
      extensions.mockRestore();
    }
    expect(await reapExpired(db)).toEqual({ requeued: [], failed: [] });
    expect((await reload(a.id)).attempts).toBe(1);

    let stopped = false;
    const stopping = engine.stop().then(() => {
      stopped = true;
    });
    // A database round trip: stop() had the time to finish, were it not waiting for the jobs in flight.
    await reload(c.id);
    expect(stopped).toBe(false);
    expect(worker.inFlight).toBe(2);
    for (const r of release.splice(0)) r();
    await stopping;
    expect(worker.inFlight).toBe(0);
    expect(await reload(a.id)).toMatchObject({ state: 'succeeded', result: { done: 1 }, attempts: 1 });
    expect(await reload(b.id)).toMatchObject({ state: 'succeeded', result: { done: 2 }, attempts: 1 });
    // Not claimed after stop.
    expect(await reload(c.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(() => engine.start()).toThrow();
  });

  it("claims nothing once stopping, even when stop came during the reaper's query and the jobs in flight then ended", async () => {
    // The race behind a hang of the test above under load: a poll awaiting the reaper when `stop` came, the jobs in
    // flight ending meanwhile, then the poll claiming the next job, which `stop` waited for forever.
    const { engine, release, changes, slow } = slowEngine({
      // Polls only when asked (its timer is far off); every poll reaps first.
      pollMs: 60_000,
      reapEveryMs: 0,
      concurrency: 1,
    });
    const worker = engine.start();
    const a = await slow(1);
    await changes.reached(a.id, 'running');
    const b = await slow(2);
    // The next reaper query waits until let go.
    const reaperHeld = deferred();
    const reap = queue.reapExpired;
    const reaper = vi.spyOn(queue, 'reapExpired').mockImplementationOnce(async (...args) => {
      await reaperHeld.promise;
      return reap(...args);
    });
    try {
      const polling = worker.poll();
      await vi.waitFor(() => expect(reaper).toHaveBeenCalled());
      const stopping = engine.stop();
      for (const r of release.splice(0)) r();
      await changes.reached(a.id, 'succeeded');
      reaperHeld.resolve();
      await polling;
      // Were the next job claimed, `stop` would wait for it for ever: say so instead.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        stopping,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('stop is waiting for a job claimed after it')), 10_000);
        }),
      ]).finally(() => clearTimeout(timer));
    } finally {
      reaper.mockRestore();
    }
    expect(worker.inFlight).toBe(0);
    expect(await reload(b.id)).toMatchObject({ state: 'queued', attempts: 0 });
  });
});

describe('batches', () => {
  const batchOf = (n: number, organizationId = orgId, devices = fleet.slice(0, n)) =>
    enqueueBatch(db, {
      organizationId,
      action: 'lanping',
      params: { hosts: ['10.0.0.1'] },
      requestedBy: organizationId === orgId ? userId : otherUserId,
      deviceIds: devices.map((d) => d.id),
    });

  it('reports each device job and a summary by state', async () => {
    const batchId = await batchOf(5);
    const initial = await getBatch(db, batchId, orgId);
    expect(initial?.summary).toEqual({ queued: 5, running: 0, succeeded: 0, failed: 0, cancelled: 0 });
    expect(initial?.done).toBe(false);
    expect(initial?.action).toBe('lanping');
    expect(initial?.jobs.map((j) => j.deviceId).sort()).toEqual(
      fleet
        .slice(0, 5)
        .map((d) => d.id)
        .sort(),
    );

    const [j1, j2, j3] = await claim(db, 'w', 60_000, 3);
    await complete(db, (j1 as Job).id, 'w', { replies: 4 });
    await fail(db, (j2 as Job).id, 'w', 'The device is offline.');
    const state = await getBatch(db, batchId, orgId);
    expect(state?.summary).toEqual({ queued: 2, running: 1, succeeded: 1, failed: 1, cancelled: 0 });
    expect(state?.jobs.find((j) => j.jobId === j1?.id)).toEqual({
      deviceId: j1?.deviceId,
      jobId: j1?.id,
      state: 'succeeded',
      result: { replies: 4 },
      error: null,
    });
    expect(state?.jobs.find((j) => j.jobId === j2?.id)).toMatchObject({
      state: 'failed',
      result: null,
      error: 'The device is offline.',
    });
    expect(state?.jobs.find((j) => j.jobId === j3?.id)?.state).toBe('running');
    const job1 = await reload((j1 as Job).id);
    expect(job1).toMatchObject({ batchId, params: { hosts: ['10.0.0.1'] }, requestedBy: userId });
  });

  it('cancels only the queued jobs; running ones finish', async () => {
    const batchId = await batchOf(5);
    const running = await claim(db, 'w', 60_000, 2);
    expect(await cancelBatch(db, batchId, otherOrgId)).toBeNull();
    expect(await cancelBatch(db, batchId, orgId)).toEqual({ cancelled: 3, running: 2, finished: 0 });
    expect(await claim(db, 'w', 60_000, 5)).toEqual([]);
    expect(await complete(db, (running[0] as Job).id, 'w', { ok: 1 })).toBe(true);
    const state = await getBatch(db, batchId, orgId);
    expect(state?.summary).toEqual({ queued: 0, running: 1, succeeded: 1, failed: 0, cancelled: 3 });
    expect(await cancelBatch(db, batchId, orgId)).toEqual({ cancelled: 0, running: 1, finished: 4 });
    expect(await complete(db, (running[1] as Job).id, 'w', { ok: 2 })).toBe(true);
    expect((await getBatch(db, batchId, orgId))?.done).toBe(true);
    for (const j of state?.jobs.filter((x) => x.state === 'cancelled') ?? [])
      expect((await reload(j.jobId)).finishedAt).toBeInstanceOf(Date);
  });

  it('cancels a single queued job, not a running one', async () => {
    const a = await job(0);
    const b = await job(1);
    await claim(db, 'w', 60_000, 1);
    expect(await cancelJob(db, a.id, orgId)).toBe('running');
    expect(await cancelJob(db, b.id, otherOrgId)).toBeNull();
    expect(await cancelJob(db, b.id, orgId)).toBe('cancelled');
  });

  it('an empty batch is done at once', async () => {
    const batchId = await batchOf(0);
    expect(await getBatch(db, batchId, orgId)).toMatchObject({ jobs: [], done: true });
  });
});

describe('tenant scope', () => {
  it("hides another organization's job and batch", async () => {
    const mine = await job(0);
    const theirs = await enqueue(db, {
      organizationId: otherOrgId,
      deviceId: otherDevice.id,
      action: 'ping',
      requestedBy: otherUserId,
    });
    const batchId = await enqueueBatch(db, {
      organizationId: otherOrgId,
      action: 'ping',
      requestedBy: otherUserId,
      deviceIds: [otherDevice.id],
    });
    expect((await getJob(db, mine.id, orgId))?.id).toBe(mine.id);
    expect(await getJob(db, mine.id, otherOrgId)).toBeNull();
    expect(await getJob(db, theirs.id, orgId)).toBeNull();
    expect((await getJob(db, theirs.id, otherOrgId))?.id).toBe(theirs.id);
    expect(await getBatch(db, batchId, orgId)).toBeNull();
    expect((await getBatch(db, batchId, otherOrgId))?.jobs).toHaveLength(1);
    expect(await getJob(db, '00000000-0000-4000-8000-000000000000', orgId)).toBeNull();
  });
});
