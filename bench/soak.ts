/**
 * `npm run bench:soak` (issue 11): the server as `npm start` runs it (embedded PostgreSQL in a fresh `DATA_DIR`, the
 * demo organizations, the simulator ticking, the alert engine and senders running) under a steady
 * `BENCH_RATE` (200) requests per second for `BENCH_MINUTES` (30) minutes: the console's reads (sites, devices,
 * counts, alerts, tickets, dashboards, the map) and writes (favorites, device names), as an administrator of the
 * bigger demo organization. Minute by minute it prints requests, p50/p99, the non-2xx answers and the server's
 * resident set; then against the budgets: 0 5xx, RSS growth ≤ 10 % and p99 drift ≤ 20 % (the last
 * `BENCH_WINDOW` (5) minutes against the first ones after `BENCH_SETTLE` (2) minutes of warming up). Exits 0
 * whatever the result.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { embeddedUrl, freePort, signedTokenOf, startServer, stopServer } from './server-process.ts';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 30);
const SETTLE = Number(process.env.BENCH_SETTLE ?? 2);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ADMIN = 'admin@acme.example';

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

type Request = { variant: string; path: string; method?: string; body?: unknown };
type Minute = {
  requests: number;
  p50: number;
  p99: number;
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  rss: number;
};

/** The server's resident set in bytes, from /proc. */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

function loadMinute(url: string, token: string, paths: Request[]): Promise<Omit<Minute, 'rss'>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { url, token, paths, connections: CONNECTIONS, warmupSeconds: 0, seconds: 60, rate: RATE },
    });
    worker.once(
      'message',
      (r: {
        requests: number;
        p50: number;
        p99: number;
        statuses: Record<string, number>;
        byVariant: Record<string, number[]>;
        errors: number;
        timeouts: number;
      }) =>
        resolve({
          requests: r.requests,
          // From the same per-request times as the drift below (autocannon's own histogram rounds differently).
          p50: quantile(Object.values(r.byVariant).flat(), 0.5),
          p99: quantile(Object.values(r.byVariant).flat(), 0.99),
          latencies: Object.values(r.byVariant).flat(),
          statuses: r.statuses,
          errors: r.errors,
          timeouts: r.timeouts,
        }),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-soak-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
const jwtSecret = randomBytes(32).toString('hex');
log(`DATA_DIR ${dataDir}; starting the server as npm start does…`);
const server = await startServer({ dataDir, port: await freePort(), jwtSecret }, 600_000);
log(`Up in ${(server.startMs / 1000).toFixed(1)} s.`);
const databaseUrl = embeddedUrl(dataDir);
const pid = server.child.pid ?? 0;

// Ids the console's screens would ask for: some sites and devices of the administrator's organization.
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const { rows: sites } = await db.query<{ id: string }>(
  `select s.id from sites s join users u on u.organization_id = s.organization_id where u.username = $1
   order by s.id limit 5`,
  [ADMIN],
);
const { rows: devices } = await db.query<{ id: string }>(
  `select d.id from devices d join users u on u.organization_id = d.organization_id where u.username = $1
   order by d.id limit 5`,
  [ADMIN],
);
await db.end();

const paths: Request[] = [
  { variant: 'sites page', path: '/api/site/search/filtered?page=0&pageSize=50' },
  { variant: 'sites search', path: '/api/site/search/filtered?q=Albuquerque&pageSize=50' },
  { variant: 'device counts', path: '/api/device/stats/statuscounts' },
  { variant: 'active alerts', path: '/api/alert?status=active&page=0&pageSize=50' },
  { variant: 'alert counts', path: '/api/alert/counts' },
  { variant: 'tickets', path: '/api/ticket?page=0&pageSize=50' },
  { variant: 'dashboards', path: '/api/dashboard/all' },
  { variant: 'map summary', path: '/api/map/summary' },
  { variant: 'map', path: '/api/map/sites?west=-136.1&south=17.3&east=-56.1&north=55.4&zoom=4' },
  ...sites.map(({ id }) => ({ variant: 'site', path: `/api/site/${id}` })),
  ...devices.map(({ id }) => ({ variant: 'device', path: `/api/device/${id}` })),
  ...sites.slice(0, 2).flatMap(({ id }) => [
    { variant: 'favorite', path: `/api/site/favorite/${id}`, method: 'PUT' },
    { variant: 'unfavorite', path: `/api/site/favorite/${id}`, method: 'DELETE' },
  ]),
  ...devices.slice(0, 2).map(({ id }, i) => ({
    variant: 'rename',
    path: '/api/device/editName',
    body: { deviceId: id, name: `Soak ${i + 1}` },
  })),
];

const minutes: Minute[] = [];
try {
  log(
    `${RATE} requests/s over ${CONNECTIONS} connections for ${MINUTES} min (${paths.length} requests in turn).`,
  );
  console.log('minute  requests    p50 ms    p99 ms  non-2xx                      RSS MB');
  for (let m = 1; m <= MINUTES; m++) {
    // A fresh token each minute, as the console renews its own (a token lives 30 min).
    const token = await signedTokenOf(databaseUrl, jwtSecret, ADMIN);
    const minute = { ...(await loadMinute(server.address, token, paths)), rss: rssOf(pid) };
    minutes.push(minute);
    const other = Object.entries(minute.statuses).filter(([status]) => !status.startsWith('2'));
    console.log(
      `${String(m).padStart(6)}  ${String(minute.requests).padStart(8)}  ${minute.p50.toFixed(0).padStart(8)}  ${minute.p99.toFixed(0).padStart(8)}  ${(other.map(([s, n]) => `${s}×${n}`).join(' ') || '—').padEnd(27)}  ${(minute.rss / 2 ** 20).toFixed(0).padStart(6)}`,
    );
  }
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const count5xx = minutes.reduce(
  (sum, m) =>
    sum +
    Object.entries(m.statuses)
      .filter(([status]) => status.startsWith('5'))
      .reduce((s, [, n]) => s + n, 0),
  0,
);
const failed = minutes.reduce((sum, m) => sum + m.errors + m.timeouts, 0);
const total = minutes.reduce((sum, m) => sum + m.requests, 0);
const settled = minutes.slice(SETTLE);
const first = settled.slice(0, WINDOW);
const last = settled.slice(-WINDOW);
const p99Of = (ms: Minute[]) =>
  quantile(
    ms.flatMap((m) => m.latencies),
    0.99,
  );
const rssStart = settled[0]?.rss ?? Number.NaN;
const rssEnd = settled.at(-1)?.rss ?? Number.NaN;
const growth = (rssEnd / rssStart - 1) * 100;
const drift = (p99Of(last) / p99Of(first) - 1) * 100;
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

console.log('');
console.log(
  `Soak: ${minutes.length} min at ${RATE} req/s, ${total} requests (${(total / (minutes.length * 60)).toFixed(0)}/s answered)`,
);
console.log(
  `  5xx answers:    ${count5xx} (connection errors and timeouts ${failed}) → budget 0  ${pass(count5xx === 0 && failed === 0)}`,
);
console.log(
  `  RSS growth:     ${(rssStart / 2 ** 20).toFixed(0)} MB after minute ${SETTLE + 1} → ${(rssEnd / 2 ** 20).toFixed(0)} MB at the end, ${growth.toFixed(1)} % → budget ≤ 10 %  ${pass(growth <= 10)}`,
);
console.log(
  `  p99 drift:      first ${WINDOW} min after warming up ${p99Of(first).toFixed(0)} ms → last ${WINDOW} min ${p99Of(last).toFixed(0)} ms, ${drift.toFixed(1)} % → budget ≤ 20 %  ${pass(drift <= 20)}`,
);
