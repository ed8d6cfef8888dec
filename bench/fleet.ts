import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { SiteSearchQuerySchema } from '@vnoc/contracts';
import type { AppContext } from '../apps/api/src/context.ts';
import { mulberry32 } from '../apps/api/src/fleet/seed-fleet.ts';
import * as deviceService from '../apps/api/src/modules/devices/service.ts';
import * as siteService from '../apps/api/src/modules/sites/service.ts';
import { connectDatabase, type Database, runMigrations } from '../apps/api/src/plugins/db.ts';
import { type BenchApp, insertBenchOrganizations, startBenchApp } from './app.ts';
import { type BenchDatabase, openBenchDatabase, runBench } from './database.ts';
import { CITY_NAMES, insertBenchFleets, MAC_OFFSET_A, partialMac, STATUS_MIX } from './fleet-data.ts';
import { type CapturedRequest, explain, runBare, type Statement, statementCapture, stats } from './sql.ts';

const env = process.env;
const int = (name: string, fallback: number) => (env[name] ? Number.parseInt(env[name], 10) : fallback);
const SITES = int('BENCH_SITES', 30_000);
const DEVICES = int('BENCH_DEVICES', 100_000);
const CONNECTIONS = int('BENCH_CONNECTIONS', 20);
const SECONDS = int('BENCH_SECONDS', 10);
const WARMUP = int('BENCH_WARMUP', 2);
const EXPLAIN = process.argv.includes('--explain');
const BUDGET = { search: 100, counts: 20 };

const log = (msg: string) => console.log(`[bench] ${msg}`);
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

type Resources = {
  bench?: BenchDatabase;
  database?: Database;
  app?: BenchApp;
};
const res: Resources = {};

async function cleanup(): Promise<void> {
  await res.app?.close().catch(() => undefined);
  await res.database?.close().catch(() => undefined);
  await res.bench?.close();
}

/** The rotating site searches: unique requests per variant, and a weighted shuffled rotation of them. */
function searchRequests() {
  const rng = mulberry32(20261121);
  const int0 = (max: number) => Math.floor(rng() * (max + 1));
  const base = (params: Record<string, string | number>) =>
    `/api/site/search/filtered?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
  const variants: { variant: string; weight: number; paths: string[] }[] = [
    {
      variant: 'sorting=name-asc, page 0–50',
      weight: 30,
      paths: Array.from({ length: 12 }, () => base({ page: int0(50), pageSize: 50, sorting: 'name-asc' })),
    },
    {
      variant: 'sorting=status-asc, page 0–50',
      weight: 20,
      paths: Array.from({ length: 8 }, () => base({ page: int0(50), pageSize: 50, sorting: 'status-asc' })),
    },
    {
      variant: 'status=offline, page 0–30',
      weight: 20,
      paths: Array.from({ length: 8 }, () =>
        base({ page: int0(30), pageSize: 50, sorting: 'name-asc', status: 'offline' }),
      ),
    },
    {
      variant: 'q=<city>, page 0–3',
      weight: 15,
      paths: Array.from({ length: 8 }, (_, i) =>
        base({
          page: int0(3),
          pageSize: 50,
          sorting: 'name-asc',
          q: CITY_NAMES[(i * 7) % CITY_NAMES.length] ?? '',
        }),
      ),
    },
    {
      variant: 'q=<partial MAC>, page 0',
      weight: 15,
      paths: Array.from({ length: 8 }, () =>
        base({ page: 0, pageSize: 50, sorting: 'name-asc', q: partialMac(int0(DEVICES - 1), MAC_OFFSET_A) }),
      ),
    },
  ];
  const rotation: { variant: string; path: string }[] = [];
  for (const v of variants)
    for (let i = 0; i < v.weight; i++)
      rotation.push({ variant: v.variant, path: v.paths[i % v.paths.length] ?? '' });
  for (let i = rotation.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [rotation[i], rotation[j]] = [
      rotation[j] as (typeof rotation)[number],
      rotation[i] as (typeof rotation)[number],
    ];
  }
  return { variants, rotation };
}

type HttpResult = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
  byVariant: Record<string, number[]>;
};

function httpLoad(
  url: string,
  token: string,
  paths: { variant: string; path: string }[],
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { url, token, paths, connections: CONNECTIONS, warmupSeconds: WARMUP, seconds: SECONDS },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();

  // 1. PostgreSQL: BENCH_DATABASE_URL, else embedded in a temp dir on a free port; a fresh database either way.
  res.bench = await openBenchDatabase(log);
  const url = res.bench.url;
  // The pool as main.ts builds it (connectDatabase's default size).
  res.database = connectDatabase(url);
  const { pool, db } = res.database;
  await runMigrations(pool);

  // 2. The fleet: one big organization, one small one (its sites share cities and MAC fragments).
  const t0 = performance.now();
  const { orgA, orgB, userId } = await insertBenchOrganizations(pool, ['diagnostics', 'analytics']);
  const client = await pool.connect();
  try {
    await insertBenchFleets(client, { orgA, orgB, sites: SITES, devices: DEVICES });
  } finally {
    client.release();
  }
  const generated = performance.now() - t0;
  const t1 = performance.now();
  await pool.query('vacuum (analyze) sites, devices');
  const analyzed = performance.now() - t1;
  const { rows: mix } = await pool.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from devices where organization_id = $1 group by 1 order by 2 desc`,
    [orgA],
  );
  log(
    `Generated ${SITES} sites + ${DEVICES} devices (org A) and 60 sites + 200 devices (org B) in ` +
      `${(generated / 1000).toFixed(1)} s; VACUUM ANALYZE ${(analyzed / 1000).toFixed(1)} s.`,
  );
  log(
    `Status mix (target ${STATUS_MIX}): ${mix.map((r) => `${r.status} ${((r.n / DEVICES) * 100).toFixed(1)}%`).join(', ')}`,
  );

  // 3. The app in its own process (bench/app-server.ts) on a loopback port; an ADMINISTRATOR with a full-session token (as test/factories.ts).
  const bench = await startBenchApp(url, db, userId);
  res.app = bench;
  const { address, token, user, get } = bench;
  log(`API listening on ${address}.`);

  // Sanity: the API answers, and only org A's data (the scope filter) — checked against SQL.
  const counts = await get('/api/device/stats/statuscounts');
  const denver = await get('/api/site/search/filtered?q=Denver&pageSize=50');
  const { rows: denverSql } = await pool.query<{ n: number }>(
    `select count(*)::int as n from sites where organization_id = $1 and city = 'Denver'`,
    [orgA],
  );
  const scopeOk = counts.total === DEVICES && denver.totalElements === denverSql[0]?.n;
  log(
    `Sanity: statuscounts total ${counts.total} (expect ${DEVICES}), q=Denver totalElements ` +
      `${denver.totalElements} (expect ${denverSql[0]?.n}) → ${scopeOk ? 'ok' : 'MISMATCH'}.`,
  );

  // The exact statements the service layer issues for each request (see sql.ts).
  const { variants, rotation } = searchRequests();
  const capture = statementCapture(pool);
  const ctx = { db } as unknown as AppContext;
  const captured = new Map<string, Statement[]>();
  const tc = performance.now();
  for (const v of variants)
    for (const p of v.paths) {
      if (captured.has(p)) continue;
      const query = SiteSearchQuerySchema.parse(Object.fromEntries(new URL(p, address).searchParams));
      captured.set(
        p,
        await capture.capture((cdb) => siteService.searchSites({ ...ctx, db: cdb }, user, query)),
      );
    }
  const countsStatements = await capture.capture((cdb) =>
    deviceService.statusCounts({ ...ctx, db: cdb }, user, undefined),
  );
  log(
    `Captured the service's SQL for ${captured.size} search requests (${
      captured.values().next().value?.length ?? 0
    } statements each) and status counts (${countsStatements.length}) in ${ms(performance.now() - tc)} ms.`,
  );

  if (EXPLAIN) {
    const c = await pool.connect();
    try {
      for (const v of variants) {
        const sts = captured.get(v.paths[0] ?? '') ?? [];
        for (const [i, st] of sts.entries()) {
          console.log(`\n=== EXPLAIN ${v.variant} — statement ${i + 1}/${sts.length} (${v.paths[0]})`);
          console.log((await explain(c, st)).join('\n'));
        }
      }
      console.log('\n=== EXPLAIN status counts');
      for (const st of countsStatements) console.log((await explain(c, st)).join('\n'));
    } finally {
      c.release();
    }
  }

  // 4. HTTP load (autocannon in a worker thread) — 5. the same SQL bare.
  const endpoints = [
    {
      name: 'GET /api/site/search/filtered',
      budget: BUDGET.search,
      paths: rotation,
      bare: rotation.map(
        (r): CapturedRequest => ({ variant: r.variant, statements: captured.get(r.path) ?? [] }),
      ),
    },
    {
      name: 'GET /api/device/stats/statuscounts',
      budget: BUDGET.counts,
      paths: [{ variant: 'statuscounts', path: '/api/device/stats/statuscounts' }],
      bare: [{ variant: 'statuscounts', statements: countsStatements }],
    },
  ];
  const results = [];
  for (const e of endpoints) {
    log(`${e.name}: HTTP, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s…`);
    const http = await httpLoad(address, token, e.paths);
    log(`${e.name}: bare SQL, ${CONNECTIONS} pg clients, ${WARMUP} s warm-up + ${SECONDS} s…`);
    const bare = await runBare(url, e.bare, {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      seconds: SECONDS,
    });
    results.push({ ...e, http, bare });
  }

  // 6. The table.
  const header = [
    'endpoint',
    'requests',
    'req/s',
    'p50 ms',
    'p99 ms',
    'budget p99',
    'result',
    'SQL reqs',
    'SQL p50',
    'SQL p99',
    'API/SQL p50',
    'API/SQL p99',
  ];
  const rows = results.map((r) => {
    const sql = stats(r.bare.all);
    const bad = r.http.errors + r.http.timeouts + r.http.non2xx;
    return [
      r.name,
      String(r.http.requests) + (bad ? ` (${bad} failed)` : ''),
      r.http.rps.toFixed(0),
      ms(r.http.p50),
      ms(r.http.p99),
      `≤ ${r.budget}`,
      r.http.p99 <= r.budget && bad === 0 ? 'PASS' : 'FAIL',
      String(sql.count) + (r.bare.errors ? ` (${r.bare.errors} failed)` : ''),
      ms(sql.p50),
      ms(sql.p99),
      `${(r.http.p50 / sql.p50).toFixed(2)}×`,
      `${(r.http.p99 / sql.p99).toFixed(2)}×`,
    ];
  });
  const variantRows = results.flatMap((r) =>
    [...new Set(r.paths.map((p) => p.variant))].map((v) => {
      const api = stats(r.http.byVariant[v] ?? []);
      const sql = stats(r.bare.byVariant.get(v) ?? []);
      return [v, String(api.count), ms(api.p50), ms(api.p99), String(sql.count), ms(sql.p50), ms(sql.p99)];
    }),
  );

  console.log('');
  console.log(
    `vNOC fleet benchmark — ${SITES} sites / ${DEVICES} devices in one organization (+60/200 in a second), ` +
      `${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s per run, loopback, ${os.cpus().length} CPUs`,
  );
  console.log(`PostgreSQL: ${res.bench.version} · Node ${process.version}`);
  console.log(table(header, rows));
  console.log(
    '\nBy query shape (API latency measured per request in the load worker; SQL = the same requests bare):',
  );
  console.log(
    table(['shape', 'API reqs', 'API p50', 'API p99', 'SQL reqs', 'SQL p50', 'SQL p99'], variantRows),
  );
  console.log(
    '\nSQL = the statements the service issues for the request (captured via drizzle’s logger), run in order on one of ' +
      `${CONNECTIONS} pg connections; the API runs the search's page and count concurrently on its pool ` +
      '(size 10, as in main.ts) after two auth lookups.',
  );
  console.log(`Total run ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

await runBench(log, main, cleanup);
