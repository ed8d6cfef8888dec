/**
 * Job queue benchmark (issue 4, docs/decisions/fleet.md): two workers on separate pools — two
 * server processes — share the PostgreSQL queue. Handlers stand in for devices: each waits a fixed time.
 * Measures how long a page-sized batch takes, the sustained throughput, and the queue wait (claimed −
 * queued); checks every job ran exactly once. A measurement: it always exits 0.
 *
 *   npm run bench:jobs        (BENCH_DATABASE_URL=postgres://… to use an existing server)
 *
 * See bench/README.md.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createJobEngine, enqueue, enqueueBatch, type JobEngine } from '../apps/api/src/fleet/jobs/index.ts';
import { connectDatabase, type Database, runMigrations } from '../apps/api/src/plugins/db.ts';
import { type BenchDatabase, openBenchDatabase, runBench, SEEDING } from './database.ts';
import { insertFleet } from './fleet-data.ts';
import { stats } from './sql.ts';

const env = process.env;
const int = (name: string, fallback: number) => (env[name] ? Number.parseInt(env[name], 10) : fallback);
const DEVICES = int('BENCH_DEVICES', 2_000);
/** Jobs one worker runs at once (main.ts's JOB_CONCURRENCY). */
const CONCURRENCY = int('BENCH_CONCURRENCY', 64);
const BATCH = int('BENCH_BATCH', 200);
const SUSTAINED = int('BENCH_JOBS', 5_000);
/** How long a device takes to answer, in ms. */
const DEVICE_MS = int('BENCH_DEVICE_MS', 100);
const BUDGET = { batchMs: 2_000, throughput: 500 };

const log = (msg: string) => console.log(`[bench] ${msg}`);
const res: { bench?: BenchDatabase; databases: Database[]; engines: JobEngine[] } = {
  databases: [],
  engines: [],
};

async function cleanup(): Promise<void> {
  for (const e of res.engines) await e.stop().catch(() => undefined);
  for (const d of res.databases) await d.close().catch(() => undefined);
  await res.bench?.close();
}

const silent = { info: () => undefined, warn: () => undefined, error: (o: unknown) => console.error(o) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  res.bench = await openBenchDatabase(log);
  const a = connectDatabase(res.bench.url, undefined, SEEDING);
  const b = connectDatabase(res.bench.url, undefined, SEEDING);
  res.databases.push(a, b);
  await runMigrations(a.pool);

  const [org] = (
    await a.pool.query<{ id: string }>(
      `insert into organizations (name, email_domains, entitlements)
       values ('Bench Jobs', '{bench-jobs.example}', '{diagnostics}') returning id`,
    )
  ).rows;
  if (!org) throw new Error('no organization');
  const [user] = (
    await a.pool.query<{ id: string }>(
      `insert into users (organization_id, username, role, password_hash)
       values ($1, 'bench@bench-jobs.example', 'USER', 'x') returning id`,
      [org.id],
    )
  ).rows;
  if (!user) throw new Error('no user');
  const client = await a.pool.connect();
  try {
    await insertFleet(client, {
      organizationId: org.id,
      prefix: 'j',
      label: 'Store',
      sites: Math.ceil(DEVICES / 10),
      devices: DEVICES,
      macOffset: 0,
    });
  } finally {
    client.release();
  }
  const deviceIds = (await a.pool.query<{ id: string }>('select id from devices order by id')).rows.map(
    (r) => r.id,
  );
  log(
    `${deviceIds.length} devices; two workers × ${CONCURRENCY} slots; a device answers in ${DEVICE_MS} ms.`,
  );

  const runs = new Map<string, number>();
  const handler = async (job: { id: string }) => {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    await sleep(DEVICE_MS);
    return { ok: true };
  };
  for (const [name, database] of [
    ['A', a],
    ['B', b],
  ] as const) {
    const engine = createJobEngine({
      db: database.db,
      log: silent,
      workerId: `bench-${name}`,
      concurrency: CONCURRENCY,
      handlers: { lanpingtest: handler },
    });
    engine.start();
    res.engines.push(engine);
  }
  const wake = () => {
    for (const e of res.engines) e.wake();
  };

  const waitUntilDone = async (where: string) => {
    for (;;) {
      const { rows } = await a.pool.query<{ n: number }>(
        `select count(*)::int as n from jobs where ${where} and state in ('queued', 'running')`,
      );
      if ((rows[0]?.n ?? 0) === 0) return;
      await sleep(10);
    }
  };
  const waits = async (where: string) =>
    (
      await a.pool.query<{ ms: number }>(
        `select extract(epoch from (started_at - created_at)) * 1000 as ms from jobs where ${where}`,
      )
    ).rows.map((r) => Number(r.ms));

  // 1. A page of devices as one batch (the console's All Devices run).
  const t0 = performance.now();
  const batchId = await enqueueBatch(a.db, {
    organizationId: org.id,
    deviceIds: deviceIds.slice(0, BATCH),
    action: 'lanpingtest',
    requestedBy: user.id,
  });
  wake();
  await waitUntilDone(`batch_id = '${batchId}'`);
  const batchMs = performance.now() - t0;
  const batchWaits = stats(await waits(`batch_id = '${batchId}'`));

  // 2. Queueing: one insert per call (as the API does), from 8 concurrent callers.
  const ENQUEUES = 2_000;
  const t1 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ENQUEUES) {
        const i = next++;
        await enqueue(b.db, {
          organizationId: org.id,
          deviceId: deviceIds[i % deviceIds.length] as string,
          action: 'lanpingtest',
          params: { phase: 'enqueue' },
          requestedBy: user.id,
        });
      }
    }),
  );
  const enqueueRate = ENQUEUES / ((performance.now() - t1) / 1000);
  wake();
  await waitUntilDone(`params->>'phase' = 'enqueue'`);

  // 3. Draining a backlog: SUSTAINED jobs queued at once (one statement), run by both workers.
  await a.pool.query(
    `with d as (select id, row_number() over (order by id) - 1 as k from devices)
     insert into jobs (organization_id, device_id, action, params, requested_by)
     select $1, d.id, 'lanpingtest', '{"phase":"drain"}', $2
     from generate_series(0, $3 - 1) g join d on d.k = g % $4`,
    [org.id, user.id, SUSTAINED, deviceIds.length],
  );
  const t2 = performance.now();
  wake();
  await waitUntilDone(`params->>'phase' = 'drain'`);
  const sustainedMs = performance.now() - t2;
  const throughput = SUSTAINED / (sustainedMs / 1000);
  const capacity = (2 * CONCURRENCY * 1000) / DEVICE_MS;

  const { rows: states } = await a.pool.query<{ state: string; n: number; workers: number }>(
    `select state, count(*)::int as n, count(distinct locked_by)::int as workers from jobs group by state`,
  );
  const twice = [...runs.values()].filter((n) => n !== 1).length;
  const { rows: split } = await a.db.execute<{ locked_by: string; n: number }>(
    sql`select locked_by, count(*)::int as n from jobs group by locked_by order by locked_by`,
  );

  console.log('');
  console.log(
    `vNOC job queue benchmark — ${deviceIds.length} devices, 2 workers × ${CONCURRENCY}, device time ` +
      `${DEVICE_MS} ms, ${os.cpus().length} CPUs · PostgreSQL: ${res.bench.version} · Node ${process.version}`,
  );
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log(
    `batch of ${BATCH}: done in ${batchMs.toFixed(0)} ms (budget ≤ ${BUDGET.batchMs} ms) ${pass(batchMs <= BUDGET.batchMs)}; ` +
      `queue wait p50 ${batchWaits.p50.toFixed(0)} / p99 ${batchWaits.p99.toFixed(0)} ms`,
  );
  console.log(`queueing: ${enqueueRate.toFixed(0)} jobs/s from 8 callers, one insert each`);
  console.log(
    `backlog of ${SUSTAINED} jobs drained at ${throughput.toFixed(0)} jobs/s (budget ≥ ${BUDGET.throughput}; ` +
      `device-bound ceiling ${capacity.toFixed(0)}) ${pass(throughput >= BUDGET.throughput)}`,
  );
  console.log(
    `states: ${states.map((s) => `${s.state} ${s.n}`).join(', ')}; ran more or less than once: ${twice}; ` +
      `per worker: ${split.map((s) => `${s.locked_by} ${s.n}`).join(', ')}`,
  );
}

await runBench(log, main, cleanup);
