import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { MapSitesQuerySchema, SiteSearchQuerySchema } from '@vnoc/contracts';
import { TICK_MS } from '../apps/api/src/fleet/gateway/gateway.ts';
import { mulberry32 } from '../apps/api/src/fleet/seed-fleet.ts';
import * as deviceService from '../apps/api/src/modules/devices/service.ts';
import * as mapService from '../apps/api/src/modules/map/service.ts';
import * as siteService from '../apps/api/src/modules/sites/service.ts';
import { connectDatabase, type Database, runMigrations } from '../apps/api/src/plugins/db.ts';
import { type BenchApp, insertBenchOrganizations, startBenchApp } from './app.ts';
import { type BenchDatabase, openBenchDatabase, runBench, SEEDING } from './database.ts';
import { CITY_NAMES, insertBenchFleets, MAC_OFFSET_A, partialMac, STATUS_MIX } from './fleet-data.ts';
import {
  type CapturedRequest,
  explain,
  runBare,
  type Statement,
  statementCapture,
  statementContext,
  stats,
} from './sql.ts';

const env = process.env;
const int = (name: string, fallback: number) => (env[name] ? Number.parseInt(env[name], 10) : fallback);
const SITES = int('BENCH_SITES', 30_000);
const DEVICES = int('BENCH_DEVICES', 100_000);
const CONNECTIONS = int('BENCH_CONNECTIONS', 20);
const SECONDS = int('BENCH_SECONDS', 10);
const WARMUP = int('BENCH_WARMUP', 2);
const EXPLAIN = process.argv.includes('--explain');
/**
 * During the HTTP load, live events on the server's bus as the fleet makes them: a device status change and an
 * alert change once per gateway tick (TICK_MS, 5 s: the gateway publishes a tick's changes after its commit),
 * each ending the organization's shared answers of its kind; 0: none.
 */
const EVENT_MS = int('BENCH_EVENT_MS', TICK_MS);
/** Issue 12: p99 in ms (the map's for a US-wide view), its answer's size in KB, and for search and status counts the API's p99 at most 1.5× the bare SQL's. */
const BUDGET = { search: 100, counts: 20, map: 100, mapKb: 100, ratio: 1.5 };

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

/**
 * The map's views (GET map/sites), as a 1280×800 map asks them: the contiguous US at zoom 4 (the budget's
 * view), its four quarters at zoom 5, a state at zoom 7, and a city at zoom 15 (every site alone).
 */
function mapRequests(): { variant: string; path: string }[] {
  const path = (v: { west: number; south: number; east: number; north: number; zoom: number }) =>
    `/api/map/sites?${new URLSearchParams(Object.entries(v).map(([k, n]) => [k, String(n)]))}`;
  const us = {
    variant: 'map US z4',
    path: path({ west: -136.1, south: 17.3, east: -56.1, north: 55.4, zoom: 4 }),
  };
  const quarters = [
    [-125, 37, -96, 50],
    [-96, 37, -66, 48],
    [-125, 24, -96, 37],
    [-96, 24, -66, 37],
  ].map(([west = 0, south = 0, east = 0, north = 0]) => ({
    variant: 'map quarter z5',
    path: path({ west, south, east, north, zoom: 5 }),
  }));
  const state = {
    variant: 'map state z7',
    path: path({ west: -109.5, south: 36.5, east: -101.9, north: 41.5, zoom: 7 }),
  };
  const city = {
    variant: 'map city z15',
    path: path({ west: -104.93, south: 39.73, east: -104.9, north: 39.75, zoom: 15 }),
  };
  return [us, us, us, us, ...quarters, state, city];
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
  connections = CONNECTIONS,
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { url, token, paths, connections, warmupSeconds: WARMUP, seconds: SECONDS },
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
  res.database = connectDatabase(url, undefined, SEEDING);
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
  const ctx = statementContext(db);
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
  const mapPaths = mapRequests();
  for (const { path } of mapPaths) {
    if (captured.has(path)) continue;
    const query = MapSitesQuerySchema.parse(Object.fromEntries(new URL(path, address).searchParams));
    captured.set(path, await capture.capture((cdb) => mapService.mapSites({ ...ctx, db: cdb }, user, query)));
  }
  // The US-wide view's weight: the JSON as the server writes it, and gzipped (the bench and browsers ask
  // for compression).
  const summaryPath = '/api/map/summary';
  const summaryStatements = await capture.capture((cdb) =>
    mapService.mapSummary({ ...ctx, db: cdb }, user, { status: undefined, groupId: undefined }),
  );
  const usView = JSON.stringify(await get(mapPaths[0]?.path ?? ''));
  const mapBytes = { json: Buffer.byteLength(usView), gzip: gzipSync(usView).length };
  const usItems = JSON.parse(usView) as { clusters: unknown[]; sites: unknown[] };
  const { located } = (await get(summaryPath)) as { located: number };
  log(
    `Map, US-wide view at zoom 4: ${usItems.clusters.length} clusters + ${usItems.sites.length} sites for ` +
      `${located} located sites; ${(mapBytes.json / 1024).toFixed(1)} KB JSON, ` +
      `${(mapBytes.gzip / 1024).toFixed(1)} KB gzipped (budget ≤ ${BUDGET.mapKb} KB) → ` +
      `${mapBytes.json / 1024 <= BUDGET.mapKb ? 'PASS' : 'FAIL'}.`,
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

  // A device of org A whose status and alert the fleet's events name.
  const { rows: eventDevices } = await pool.query<{ id: string; site_id: string }>(
    'select id, site_id from devices where organization_id = $1 limit 1',
    [orgA],
  );
  const eventDevice = eventDevices[0];
  if (!eventDevice) throw new Error('organization A has no device');
  let flip = false;
  const publishTick = () => {
    const at = new Date().toISOString();
    flip = !flip;
    bench.publish(orgA, {
      type: 'device.status',
      siteId: eventDevice.site_id,
      deviceId: eventDevice.id,
      from: flip ? 'online' : 'offline',
      to: flip ? 'offline' : 'online',
      at,
    });
    bench.publish(orgA, {
      type: 'alert.updated',
      alertId: eventDevice.id,
      code: 'device_offline',
      severity: 'major',
      siteId: eventDevice.site_id,
      deviceId: eventDevice.id,
      rootAlertId: null,
      at,
    });
  };
  log(
    EVENT_MS > 0
      ? `A device status and an alert event every ${EVENT_MS} ms during the HTTP load.`
      : 'No live events during the HTTP load.',
  );

  // 4. HTTP load (autocannon in a worker thread) — 5. the same SQL bare.
  const endpoints = [
    {
      name: 'GET /api/site/search/filtered',
      budget: BUDGET.search,
      ratio: BUDGET.ratio,
      paths: rotation,
      bare: rotation.map(
        (r): CapturedRequest => ({ variant: r.variant, statements: captured.get(r.path) ?? [] }),
      ),
    },
    {
      // One operator panning and zooming: the map's latency without a queue in front of it.
      name: 'GET /api/map/sites, 1 connection',
      budget: BUDGET.map,
      connections: 1,
      paths: mapPaths,
      bare: mapPaths.map(
        (r): CapturedRequest => ({ variant: r.variant, statements: captured.get(r.path) ?? [] }),
      ),
    },
    {
      name: 'GET /api/map/sites',
      budget: BUDGET.map,
      paths: mapPaths,
      bare: mapPaths.map(
        (r): CapturedRequest => ({ variant: r.variant, statements: captured.get(r.path) ?? [] }),
      ),
    },
    {
      // Once per map and status (the counts above it and the extent it fits to), not per pan.
      name: 'GET /api/map/summary',
      budget: BUDGET.map,
      paths: [{ variant: 'map summary', path: summaryPath }],
      bare: [{ variant: 'map summary', statements: summaryStatements }],
    },
    {
      name: 'GET /api/device/stats/statuscounts',
      budget: BUDGET.counts,
      ratio: BUDGET.ratio,
      paths: [{ variant: 'statuscounts', path: '/api/device/stats/statuscounts' }],
      bare: [{ variant: 'statuscounts', statements: countsStatements }],
    },
  ];
  const results = [];
  for (const e of endpoints as {
    name: string;
    budget: number;
    /** The most the API's p99 may be of the same requests' bare SQL p99, where the issue sets one. */
    ratio?: number;
    connections?: number;
    paths: typeof rotation;
    bare: CapturedRequest[];
  }[]) {
    const connections = e.connections ?? CONNECTIONS;
    log(`${e.name}: HTTP, ${connections} connections, ${WARMUP} s warm-up + ${SECONDS} s…`);
    const events = EVENT_MS > 0 ? setInterval(publishTick, EVENT_MS) : undefined;
    const http = await httpLoad(address, token, e.paths, connections).finally(() => clearInterval(events));
    log(`${e.name}: bare SQL, ${connections} pg clients, ${WARMUP} s warm-up + ${SECONDS} s…`);
    const bare = await runBare(url, e.bare, {
      connections,
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
    'budget API/SQL p99',
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
      r.ratio ? `≤ ${r.ratio}×` : '—',
      r.http.p99 <= r.budget && (!r.ratio || r.http.p99 <= r.ratio * sql.p99) && bad === 0 ? 'PASS' : 'FAIL',
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
      const shape = r.connections ? `${v}, ${r.connections} conn.` : v;
      return [
        shape,
        String(api.count),
        ms(api.p50),
        ms(api.p99),
        String(sql.count),
        ms(sql.p50),
        ms(sql.p99),
      ];
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
      "(PG_POOL_SIZE, by default twice the cores plus one) after the session's lookup (kept for a few seconds).",
  );
  console.log(`Total run ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

await runBench(log, main, cleanup);
