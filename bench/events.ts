/**
 * Live events benchmark (issue 8, docs/decisions/server-and-database.md, "Live events"): 1 000 SSE clients on loopback against one
 * server with the in-process bus. Publishes device status events at a steady rate and measures
 * publish → receive latency at the clients (in worker threads, so they do not share the server's event
 * loop), and checks every client got exactly the events its scope allows. A measurement: it always exits 0.
 *
 *   npm run bench:events        (BENCH_DATABASE_URL=postgres://… to use an existing server)
 *
 * See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { DeviceStatusEvent } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { presentClaims } from '../apps/api/src/auth/session-user.ts';
import { createTokenService } from '../apps/api/src/auth/tokens.ts';
import { createMemoryEventBus, type EventBus } from '../apps/api/src/events/index.ts';
import { findUserById } from '../apps/api/src/modules/accounts/repository.ts';
import { loadConfig } from '../apps/api/src/plugins/config.ts';
import { connectDatabase, type Database, runMigrations } from '../apps/api/src/plugins/db.ts';
import { type BenchDatabase, openBenchDatabase, runBench, SEEDING } from './database.ts';
import { stats } from './sql.ts';

const env = process.env;
const int = (name: string, fallback: number) => (env[name] ? Number.parseInt(env[name], 10) : fallback);
const CLIENTS = int('BENCH_CLIENTS', 1_000);
/** Share of the clients (in %) signed in as a user restricted to one site group. */
const RESTRICTED_PERCENT = int('BENCH_RESTRICTED_PERCENT', 20);
const EVENTS = int('BENCH_EVENTS', 300);
const RATE = int('BENCH_RATE', 30);
const WORKERS = Math.max(1, int('BENCH_WORKERS', 2));
/** Stops waiting for deliveries this long after the last publish. */
const DRAIN_MS = 5_000;
const BUDGET = { p99Ms: 1_000 };

const log = (msg: string) => console.log(`[bench] ${msg}`);
const res: {
  bench?: BenchDatabase;
  database?: Database;
  app?: FastifyInstance;
  bus?: EventBus;
  workers: Worker[];
} = { workers: [] };

async function cleanup(): Promise<void> {
  for (const w of res.workers) await w.terminate().catch(() => undefined);
  await res.app?.close().catch(() => undefined);
  await res.bus?.close().catch(() => undefined);
  await res.database?.close().catch(() => undefined);
  await res.bench?.close();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Connected = { type: 'connected'; connected: number; failed: number; ms: number };
type Count = { type: 'count'; received: number };
type Done = {
  type: 'done';
  latencies: Float64Array;
  perClient: { kind: 'admin' | 'restricted'; received: number; foreign: number }[];
};

function startWorker(url: string, clients: { token: string; kind: string }[]) {
  const worker = new Worker(new URL('./sse-worker.mjs', import.meta.url), {
    workerData: { url, clients, concurrency: 25 },
  });
  res.workers.push(worker);
  const messages: (Connected | Count | Done)[] = [];
  const waiters: (() => void)[] = [];
  worker.on('message', (m: Connected | Count | Done) => {
    messages.push(m);
    for (const w of waiters.splice(0)) w();
  });
  worker.on('error', (e) => console.error('[bench] client worker failed:', e));
  /** The next message of this type (taken off the list). */
  const next = async <T extends Connected | Count | Done>(type: T['type']): Promise<T> => {
    for (;;) {
      const index = messages.findIndex((m) => m.type === type);
      if (index !== -1) return messages.splice(index, 1)[0] as T;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  return { worker, next };
}

async function main(): Promise<void> {
  res.bench = await openBenchDatabase(log);
  res.database = connectDatabase(res.bench.url, undefined, SEEDING);
  const { pool, db } = res.database;
  await runMigrations(pool);

  // Two organizations; org A has two sites, and a group with the first one for the restricted user.
  const orgs = await pool.query<{ id: string }>(
    `insert into organizations (name, email_domains, entitlements) values
       ('Bench Events A', '{bench-ev-a.example}', '{}'), ('Bench Events B', '{bench-ev-b.example}', '{}')
     returning id`,
  );
  const [orgA, orgB] = orgs.rows.map((r) => r.id) as [string, string];
  const sites = await pool.query<{ id: string }>(
    `insert into sites (organization_id, name, alias, back_office_account_id) values
       ($1, 'Inside', 'IN', '900001'), ($1, 'Outside', 'OUT', '900002') returning id`,
    [orgA],
  );
  const [inside, outside] = sites.rows.map((r) => r.id) as [string, string];
  const users = await pool.query<{ id: string }>(
    `insert into users (organization_id, username, password_hash, role, email_validated) values
       ($1, 'admin@bench-ev-a.example', 'not-a-hash', 'ADMINISTRATOR', true),
       ($1, 'restricted@bench-ev-a.example', 'not-a-hash', 'USER', true) returning id`,
    [orgA],
  );
  const [adminId, restrictedId] = users.rows.map((r) => r.id) as [string, string];
  const group = await pool.query<{ id: string }>(
    `insert into site_groups (organization_id, name) values ($1, 'Inside only') returning id`,
    [orgA],
  );
  const groupId = group.rows[0]?.id as string;
  await pool.query('insert into site_group_sites (site_group_id, site_id) values ($1, $2)', [
    groupId,
    inside,
  ]);
  await pool.query('insert into user_site_groups (user_id, site_group_id) values ($1, $2)', [
    restrictedId,
    groupId,
  ]);

  const jwtSecret = randomBytes(32).toString('hex');
  const tokens = createTokenService(jwtSecret);
  const tokenOf = async (id: string) => {
    const user = await findUserById(db, id);
    if (!user) throw new Error('bench user not found');
    const session = { isEmailValidated: true, isMfaValidated: true, isCredExpired: false };
    return (await tokens.signSession(presentClaims(user, session))).token;
  };
  const adminToken = await tokenOf(adminId);
  const restrictedToken = await tokenOf(restrictedId);

  const config = loadConfig({
    DATABASE_URL: res.bench.url,
    JWT_SECRET: jwtSecret,
    DELIVERY: 'outbox',
    DEMO: '0',
    SIMULATOR: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
  });
  res.bus = createMemoryEventBus({ info: () => undefined, warn: (o) => console.error(o) });
  const bus = res.bus;
  res.app = await buildApp({ config, db, logger: false, events: bus });
  const address = await res.app.listen({ host: '127.0.0.1', port: 0 });
  log(`API listening on ${address}.`);

  // 1. Connect: the clients split over the workers; every RESTRICTED_PERCENT-th is the restricted user.
  const clients = Array.from({ length: CLIENTS }, (_, i) =>
    (i * RESTRICTED_PERCENT) % 100 < RESTRICTED_PERCENT && RESTRICTED_PERCENT > 0
      ? { token: restrictedToken, kind: 'restricted' }
      : { token: adminToken, kind: 'admin' },
  );
  const workers = Array.from({ length: WORKERS }, (_, w) =>
    startWorker(
      address,
      clients.filter((_, i) => i % WORKERS === w),
    ),
  );
  const connected = await Promise.all(workers.map((w) => w.next<Connected>('connected')));
  const open = connected.reduce((n, c) => n + c.connected, 0);
  const refused = connected.reduce((n, c) => n + c.failed, 0);
  const connectMs = Math.max(...connected.map((c) => c.ms));
  log(`${open} clients connected in ${connectMs.toFixed(0)} ms (${refused} refused).`);
  const rssAfterConnect = process.memoryUsage().rss;

  // 2. Publish: EVENTS at RATE per second, in turn inside site, outside site, another organization's.
  const fanout: number[] = [];
  const published = { inside: 0, outside: 0, foreign: 0 };
  const t0 = performance.now();
  for (let k = 0; k < EVENTS; k++) {
    const due = t0 + (k * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const which = k % 3 === 0 ? 'inside' : k % 3 === 1 ? 'outside' : 'foreign';
    const event: DeviceStatusEvent = {
      type: 'device.status',
      siteId: which === 'outside' ? outside : inside,
      deviceId: which === 'foreign' ? 'foreign' : `device-${k}`,
      from: 'online',
      to: 'offline',
      at: new Date().toISOString(),
    };
    const p0 = performance.now();
    bus.publish(which === 'foreign' ? orgB : orgA, event);
    fanout.push(performance.now() - p0);
    published[which] += 1;
  }
  const publishSeconds = (performance.now() - t0) / 1000;

  // 3. Wait until every client has what it should have (or DRAIN_MS), then collect.
  const admins = clients.filter((c) => c.kind === 'admin').length;
  const expected = admins * (published.inside + published.outside) + (CLIENTS - admins) * published.inside;
  const drainUntil = performance.now() + DRAIN_MS;
  for (;;) {
    for (const w of workers) w.worker.postMessage('count');
    const counts = await Promise.all(workers.map((w) => w.next<Count>('count')));
    if (counts.reduce((n, c) => n + c.received, 0) >= expected || performance.now() > drainUntil) break;
    await sleep(50);
  }
  for (const w of workers) w.worker.postMessage('stop');
  const done = await Promise.all(workers.map((w) => w.next<Done>('done')));
  let latencies: number[] = [];
  const perClient = done.flatMap((d) => d.perClient);
  for (const d of done) latencies = latencies.concat(Array.from(d.latencies));
  const lat = stats(latencies);
  const fan = stats(fanout);
  const received = perClient.reduce((n, c) => n + c.received, 0);
  const foreign = perClient.reduce((n, c) => n + c.foreign, 0);
  const wrong = perClient.filter(
    (c) => c.received !== (c.kind === 'admin' ? published.inside + published.outside : published.inside),
  ).length;
  const t1 = performance.now();
  await res.app.close();
  const closeMs = performance.now() - t1;
  res.app = undefined;

  console.log('');
  console.log(
    `vNOC live events benchmark — ${CLIENTS} SSE clients (${CLIENTS - admins} restricted) in ${WORKERS} ` +
      `worker threads, in-process bus, ${os.cpus().length} CPUs · Node ${process.version}`,
  );
  console.log(
    `connect: ${open} open in ${connectMs.toFixed(0)} ms (${refused} refused); server RSS ${(rssAfterConnect / 1e6).toFixed(0)} MB`,
  );
  console.log(
    `published ${EVENTS} events at ${(EVENTS / publishSeconds).toFixed(0)}/s (${published.inside} inside the group's ` +
      `site, ${published.outside} outside it, ${published.foreign} another organization's)`,
  );
  console.log(
    `delivered ${received} of ${expected} expected; clients with a wrong count: ${wrong}; ` +
      `another organization's events delivered: ${foreign}`,
  );
  const pass = lat.p99 <= BUDGET.p99Ms && received === expected && foreign === 0 && wrong === 0;
  console.log(
    `publish → receive latency: p50 ${lat.p50.toFixed(0)} ms, p90 ${lat.p90.toFixed(0)} ms, p99 ${lat.p99.toFixed(0)} ms, ` +
      `max ${lat.max.toFixed(0)} ms (budget p99 ≤ ${BUDGET.p99Ms} ms, every event where it belongs) ` +
      `${pass ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `server fan-out per event (publish() to ${open} streams): p50 ${fan.p50.toFixed(2)} ms, p99 ${fan.p99.toFixed(2)} ms; ` +
      `app.close() with ${open} open streams: ${closeMs.toFixed(0)} ms`,
  );
}

await runBench(log, main, cleanup);
