/**
 * Reports and analytics benchmark (issue 9): a report's first page, the full CSV export and
 * each analytics widget call on a 100k-device organization with 30 days of daily rows (3 million). A
 * measurement: it always exits 0.
 *
 *   npm run bench:reports             (BENCH_DATABASE_URL=postgres://… to use an existing server)
 *   npm run bench:reports -- --explain  also prints EXPLAIN (ANALYZE, BUFFERS) of the service's statements
 *   npm run bench:reports -- --hold     keeps the database after the run (its URL is printed) until Ctrl-C
 *
 * See bench/README.md.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  AnalyticsQuerySchema,
  ReportQuerySchema,
  TopUsageQuerySchema,
  TroubledSitesQuerySchema,
  UptimeQuerySchema,
  VanListQuerySchema,
} from '@vnoc/contracts';
import type pg from 'pg';
import type { UserWithOrg } from '../apps/api/src/auth/session-user.ts';
import type { AppContext } from '../apps/api/src/context.ts';
import * as analyticsService from '../apps/api/src/modules/analytics/service.ts';
import * as reportService from '../apps/api/src/modules/reports/service.ts';
import { connectDatabase, type Database, type Db, runMigrations } from '../apps/api/src/plugins/db.ts';
import { type BenchApp, insertBenchOrganizations, startBenchApp } from './app.ts';
import { type BenchDatabase, openBenchDatabase, runBench, SEEDING } from './database.ts';
import { CITY_NAMES, insertBenchFleets } from './fleet-data.ts';
import { explain, type Statement, statementCapture, statementContext, timeStatements } from './sql.ts';

const env = process.env;
const int = (name: string, fallback: number) => (env[name] ? Number.parseInt(env[name], 10) : fallback);
const SITES = int('BENCH_SITES', 30_000);
const DEVICES = int('BENCH_DEVICES', 100_000);
/** Complete UTC days of daily rows before today. */
const DAYS = int('BENCH_DAYS', 30);
/** Hours of WAN samples (one a minute per edge device that is up) before now. */
const WAN_HOURS = int('BENCH_WAN_HOURS', 6);
/** Sites in the site group the bench dashboard is scoped to. */
const GROUP_SITES = int('BENCH_GROUP_SITES', 1000);
const CONNECTIONS = int('BENCH_CONNECTIONS', 20);
const SECONDS = int('BENCH_SECONDS', 5);
const WARMUP = int('BENCH_WARMUP', 2);
/** Seconds a request may take before autocannon counts it as a timeout. */
const TIMEOUT = int('BENCH_TIMEOUT', 60);
const EXPLAIN = process.argv.includes('--explain');
const HOLD = process.argv.includes('--hold');
/** Only the variants (and `csv`, the export) whose name matches this regular expression; every one by default. */
const ONLY = new RegExp(env.BENCH_ONLY ?? '', 'i');
/** Issue 9: first page p99 ≤ 300 ms; CSV ≥ 50 000 rows/s with RSS growth ≤ 100 MB; analytics p99 ≤ 100 ms. */
const BUDGET = { page: 300, csvRowsPerSecond: 50_000, csvRssMb: 100, analytics: 100 };
const EDGE_KINDS = `('firewall', '5g')`;

const log = (msg: string) => console.log(`[bench] ${msg}`);
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const secs = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
const MB = 1024 * 1024;

const res: { bench?: BenchDatabase; database?: Database; app?: BenchApp } = {};

async function cleanup(): Promise<void> {
  await res.app?.close().catch(() => undefined);
  await res.database?.close().catch(() => undefined);
  await res.bench?.close();
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((hd, i) => Math.max(hd.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

function loadavg(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

// ---------------------------------------------------------------------------------------------------------
// Data: daily rows, status intervals, WAN samples.

/** An integer in [0, mod) from a hash of the device's MAC, the day number `k` and a salt. */
const hk = (salt: number, mod: number) =>
  `(((hashint4(hashtext(d.mac_address) # (k * 7919 + ${salt}))::bigint + 2147483648) % ${mod})::int)`;

/**
 * `DAYS` complete UTC days of `device_daily_stats` for every device, set-based: per device-day 1 % whole-day
 * outages, 3 % hours offline, 5 % minutes offline (one to three outages); edge devices 10 % of days some time
 * on backup (one or two failovers); seconds per status sum to 86 400; WAN bytes by kind (edge devices carry
 * the site's traffic) scaled by the time up; the carrier's backup usage of a day reported 6–18 h after it
 * ended (so part of yesterday's is still missing).
 */
async function insertDailyStats(client: pg.PoolClient): Promise<number> {
  const { rowCount } = await client.query(`
    insert into device_daily_stats (device_id, organization_id, day, seconds_online, seconds_offline,
      seconds_on_backup, seconds_on_primary, offline_events, backup_events, percent_online, percent_offline,
      percent_on_backup, percent_on_primary, wan_bytes_received, wan_bytes_transmitted, backup_usage_bytes,
      backup_usage_updated_at)
    select d.id, d.organization_id, y.day, 86400 - y.off, y.off, y.bak, 86400 - y.off - y.bak, y.oe, y.be,
      round((86400 - y.off) * 100.0 / 86400, 4), round(y.off * 100.0 / 86400, 4),
      round(y.bak * 100.0 / 86400, 4), round((86400 - y.off - y.bak) * 100.0 / 86400, 4),
      (y.rx::float8 * (86400 - y.off) / 86400)::bigint, (y.rx::float8 * (86400 - y.off) / 86400 / 6)::bigint,
      case when y.bak > 0 and y.reported <= now() then y.bak::bigint * (2000 + ${hk(11, 20000)}) end,
      case when y.bak > 0 and y.reported <= now() then y.reported end
    from devices d
    cross join generate_series(1, ${DAYS}) k
    cross join lateral (
      select ((now() at time zone 'UTC')::date - k) as day, d.kind in ${EDGE_KINDS} as edge,
        ${hk(1, 1000)} as r_off, ${hk(2, 1000)} as r_bak) x
    cross join lateral (
      select case when x.r_off < 10 then 86400 when x.r_off < 40 then 3600 + ${hk(3, 6 * 3600)}
                  when x.r_off < 90 then 60 + ${hk(4, 3000)} else 0 end as off) o
    cross join lateral (
      select x.day, o.off,
        case when x.edge and x.r_bak < 100 then least(120 + ${hk(5, 14400)}, 86400 - o.off) else 0 end as bak,
        case when o.off = 0 then 0 when o.off = 86400 then 1 else 1 + ${hk(6, 3)} end as oe,
        (case when x.edge then 2000000000::bigint + ${hk(8, 1000000000)}
              else 50000000::bigint + ${hk(9, 200000000)} end) as rx,
        (x.day + 1)::timestamp at time zone 'UTC' + make_interval(secs => 21600 + ${hk(10, 43200)}) as reported) y0
    cross join lateral (select y0.*, case when y0.bak = 0 then 0 else 1 + ${hk(7, 2)} end as be) y`);
  return rowCount ?? 0;
}

/**
 * Status intervals consistent with the daily rows: each device-day with trouble has one offline period and
 * one on-backup period right after it (as long as the day's seconds), online between them; from the last one
 * on, the device's present status as an open period (offline and the like since its last update).
 */
async function insertIntervals(client: pg.PoolClient): Promise<number> {
  const start0 = `(((now() at time zone 'UTC')::date - ${DAYS + 1})::timestamp at time zone 'UTC')`;
  await client.query(`
    create temp table bench_trouble as
    select ds.device_id, ds.organization_id, p.status, p.s, p.e
    from device_daily_stats ds
    cross join lateral (select ds.day::timestamp at time zone 'UTC' + make_interval(secs =>
        ((hashint4(hashtext(ds.device_id::text) # (ds.day - date '2000-01-01'))::bigint + 2147483648)
          % (86401 - ds.seconds_offline - ds.seconds_on_backup))) as t0) t
    cross join lateral (values
      ('offline', t.t0, t.t0 + make_interval(secs => ds.seconds_offline)),
      ('onbackup', t.t0 + make_interval(secs => ds.seconds_offline),
        t.t0 + make_interval(secs => ds.seconds_offline + ds.seconds_on_backup))) p(status, s, e)
    where (ds.seconds_offline > 0 or ds.seconds_on_backup > 0) and p.e > p.s`);
  await client.query(`
    insert into device_status_intervals (device_id, organization_id, status, started_at, ended_at)
    select device_id, organization_id, status, s, e from bench_trouble
    union all
    select device_id, organization_id, 'online', coalesce(prev_e, ${start0}), s
    from (select *, lag(e) over (partition by device_id order by s) as prev_e from bench_trouble) t
    where s > coalesce(prev_e, ${start0})`);
  await client.query(`
    create temp table bench_open as
    select d.id, d.organization_id, d.status, coalesce(t.last_e, ${start0}) as last_e,
      case when d.status in ('online', 'pending', 'uninstalled') or d.last_update is null
           then coalesce(t.last_e, ${start0})
           else greatest(coalesce(t.last_e, ${start0}), d.last_update) end as open_at
    from devices d left join (select device_id, max(e) as last_e from bench_trouble group by 1) t
      on t.device_id = d.id`);
  await client.query(`
    insert into device_status_intervals (device_id, organization_id, status, started_at, ended_at)
    select id, organization_id, 'online', last_e, open_at from bench_open where open_at > last_e
    union all
    select id, organization_id, status, open_at, null from bench_open`);
  await client.query('drop table bench_trouble, bench_open');
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from device_status_intervals',
  );
  return rows[0]?.n ?? 0;
}

/** One WAN sample a minute over the last WAN_HOURS of every edge device that is up (2 % slow, 1 % lossy). */
async function insertWanSamples(client: pg.PoolClient): Promise<number> {
  const v = (salt: number, mod: number) =>
    `(((hashint4(hashtext(d.mac_address) # (k * 131 + ${salt}))::bigint + 2147483648) % ${mod})::int)`;
  const { rowCount } = await client.query(`
    insert into wan_samples (device_id, time, source_interface, ip_address, ping, jitter, loss)
    select d.id, date_trunc('minute', now()) - make_interval(mins => k, secs => 20), 'wan1', '203.0.113.7',
      case when ${v(1, 100)} < 2 then 170 + ${v(2, 120)} else 12 + ${v(3, 40)} end,
      1 + ${v(4, 8)}, case when ${v(5, 100)} = 0 then 3 + ${v(6, 6)} else 0 end
    from devices d cross join generate_series(0, ${WAN_HOURS * 60 - 1}) k
    where d.kind in ${EDGE_KINDS} and d.status in ('online', 'onbackup')`);
  return rowCount ?? 0;
}

// ---------------------------------------------------------------------------------------------------------
// Load: autocannon in a worker thread (bench/load-worker.mjs), one run per variant.

type HttpResult = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
};

function httpLoad(url: string, token: string, path: string): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: {
        url,
        token,
        paths: [{ variant: 'v', path }],
        connections: CONNECTIONS,
        warmupSeconds: WARMUP,
        seconds: SECONDS,
        timeout: TIMEOUT,
      },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

/** Seconds until no other statement runs in the bench database (at most TIMEOUT). */
async function untilIdle(pool: pg.Pool): Promise<number> {
  const t = performance.now();
  while (performance.now() - t < TIMEOUT * 1000) {
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`);
    if ((rows[0]?.n ?? 0) === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return (performance.now() - t) / 1000;
}

/** A statement's first words, for the tables. */
const headOf = (st: Statement) => st.text.replace(/\s+/g, ' ').trim().slice(0, 90);

/**
 * The CSV download in a child process (so the client's memory is not the server's), compressed as a browser asks
 * for it (brotli or gzip) and inflated with node:http and zlib streams: bytes (inflated), rows (lines less the
 * header), time to the first byte and in all. Not fetch(): its gzip reader alone held some runs of a 3 M-row
 * export to ~24 000 rows/s while curl took the same answers at ~150 000.
 */
const DOWNLOADER = `
const http = require('node:http');
const zlib = require('node:zlib');
const [url, token] = process.argv.slice(1);
const t0 = performance.now();
http.get(url, { headers: { authorization: 'Bearer ' + token, 'accept-encoding': 'br, gzip' } }, (res) => {
  const encoding = res.headers['content-encoding'];
  const body = encoding === 'br' ? res.pipe(zlib.createBrotliDecompress())
    : encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
  let first = 0, bytes = 0, lines = 0;
  res.once('data', () => { first = performance.now() - t0; });
  body.on('data', (chunk) => {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  });
  body.on('end', () => process.stdout.write(JSON.stringify({
    status: res.statusCode, encoding, bytes, lines, first, total: performance.now() - t0 })));
  body.on('error', (e) => { process.stderr.write(String(e)); process.exit(1); });
}).on('error', (e) => { process.stderr.write(String(e)); process.exit(1); });
`;

type Download = {
  status: number;
  encoding?: string;
  bytes: number;
  lines: number;
  first: number;
  total: number;
};

function download(url: string, token: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', DOWNLOADER, url, token], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Download) : reject(new Error(`download failed: ${err}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------

type Variant = {
  name: string;
  path: string;
  /** The service call the route makes, for the statements alone. */
  call: (ctx: AppContext, user: UserWithOrg) => Promise<unknown>;
};

const paramsOf = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

function reportVariants(from7: string, from30: string, to: string): Variant[] {
  const v = (name: string, id: string, params: Record<string, string>): Variant => {
    const path = `/api/reports/${id}?${new URLSearchParams(params)}`;
    return {
      name,
      path,
      call: (ctx, user) => reportService.reportPage(ctx, user, id, ReportQuerySchema.parse(paramsOf(path))),
    };
  };
  const last7 = { from: from7, to, page: '0', pageSize: '50' };
  const last30 = { from: from30, to, page: '0', pageSize: '50' };
  return [
    v('online-analytics, last 7 days', 'online-analytics', last7),
    v('online-analytics, last 30 days', 'online-analytics', last30),
    v('cellular-billing, last 7 days', 'cellular-billing', last7),
    v('cellular-billing, last 30 days', 'cellular-billing', last30),
    v('sla, last 7 days', 'sla', last7),
    v('sla, last 30 days', 'sla', last30),
    v('online-analytics, 30 d, percentOffline-desc', 'online-analytics', {
      ...last30,
      sorting: 'percentOffline-desc',
    }),
    v('online-analytics, 30 d, q=<city>', 'online-analytics', { ...last30, q: CITY_NAMES[5] ?? 'Denver' }),
  ];
}

function analyticsVariants(dashboardId: string): Variant[] {
  const out: Variant[] = [];
  for (const dash of [undefined, dashboardId]) {
    const label = dash ? ` (dashboard ${dash}, 1 group)` : '';
    const q = (params: Record<string, string>) =>
      new URLSearchParams({ ...params, ...(dash ? { dashboardId: dash } : {}) }).toString();
    const widgetId = dash ?? 'vnoc';
    const add = (name: string, path: string, call: Variant['call']) =>
      out.push({ name: name + label, path, call });
    for (const duration of ['LAST_6_HOURS', 'LAST_30_DAYS']) {
      const path = `/api/analytics/network/uptime?${q({ duration })}`;
      add(`uptime ${duration}`, path, (ctx, user) =>
        analyticsService.networkUptime(ctx, user, UptimeQuerySchema.parse(paramsOf(path))),
      );
    }
    {
      const path = `/api/analytics/widget/vanList/${widgetId}?page=0&pageSize=25`;
      add('vanList page 0', path, (ctx, user) =>
        analyticsService.vanList(ctx, user, widgetId, VanListQuerySchema.parse(paramsOf(path))),
      );
    }
    {
      const path = `/api/analytics/sites/usage/top/usage?${q({ duration: 'LAST_7_DAYS', limit: '10' })}`;
      add('top usage LAST_7_DAYS', path, (ctx, user) =>
        analyticsService.topUsage(ctx, user, TopUsageQuerySchema.parse(paramsOf(path))),
      );
    }
    for (const duration of ['LAST_24_HOURS', 'LAST_7_DAYS']) {
      const path = `/api/analytics/widget/vanTroubledSites/${widgetId}?duration=${duration}&limit=10`;
      add(`troubled sites ${duration}`, path, (ctx, user) =>
        analyticsService.troubledSites(ctx, user, widgetId, TroubledSitesQuerySchema.parse(paramsOf(path))),
      );
    }
    {
      const path = `/api/analytics/trend/wanLatency?${q({ duration: 'LAST_6_HOURS' })}`;
      add('wanLatency LAST_6_HOURS', path, (ctx, user) =>
        analyticsService.wanLatencyTrend(ctx, user, AnalyticsQuerySchema.parse(paramsOf(path))),
      );
    }
    for (const duration of ['LAST_24_HOURS', 'LAST_30_DAYS']) {
      const path = `/api/analytics/trend/failovers?${q({ duration })}`;
      add(`failovers ${duration}`, path, (ctx, user) =>
        analyticsService.failoversTrend(ctx, user, AnalyticsQuerySchema.parse(paramsOf(path))),
      );
    }
    {
      const path = `/api/analytics/trend/cellularHealth?${q({ duration: 'LAST_24_HOURS' })}`;
      add('cellularHealth', path, (ctx, user) =>
        analyticsService.cellularHealthTrend(ctx, user, AnalyticsQuerySchema.parse(paramsOf(path))),
      );
    }
  }
  return out;
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg();
  res.bench = await openBenchDatabase(log);
  const url = res.bench.url;
  res.database = connectDatabase(url, undefined, SEEDING);
  const { pool, db } = res.database;
  await runMigrations(pool);

  // The fleet (as bench:fleet), an administrator of the big organization (which has cellular billing).
  let t = performance.now();
  const { orgA, orgB, userId } = await insertBenchOrganizations(pool, [
    'diagnostics',
    'analytics',
    'cellular-billing',
  ]);

  const client = await pool.connect();
  let dailyRows = 0;
  let intervals = 0;
  let wanSamples = 0;
  try {
    await insertBenchFleets(client, { orgA, orgB, sites: SITES, devices: DEVICES });
    log(`Fleet: ${SITES} sites + ${DEVICES} devices (org A), 60 + 200 (org B) in ${secs(t)}.`);
    t = performance.now();
    dailyRows = await insertDailyStats(client);
    log(`Daily rows: ${dailyRows} (${DAYS} days × every device) in ${secs(t)}.`);
    t = performance.now();
    intervals = await insertIntervals(client);
    log(`Status intervals: ${intervals} in ${secs(t)}.`);
    t = performance.now();
    wanSamples = await insertWanSamples(client);
    log(
      `WAN samples: ${wanSamples} (the last ${WAN_HOURS} h, one a minute per edge device up) in ${secs(t)}.`,
    );
  } finally {
    client.release();
  }

  // A site group (GROUP_SITES sites of org A) and a dashboard of the administrator scoped to it.
  const { rows: groupRows } = await pool.query<{ id: string }>(
    `insert into site_groups (organization_id, name) values ($1, 'Bench region') returning id`,
    [orgA],
  );
  const groupId = groupRows[0]?.id as string;
  await pool.query(
    `insert into site_group_sites (site_group_id, site_id)
     select $1, id from sites where organization_id = $2 order by md5(id::text) limit $3`,
    [groupId, orgA, GROUP_SITES],
  );
  const { rows: dashRows } = await pool.query<{ id: number }>(
    `insert into dashboards (organization_id, owner_id, name, group_ids) values ($1, $2, 'Bench region', $3)
     returning id`,
    [orgA, userId, [groupId]],
  );
  const dashboardId = String(dashRows[0]?.id);
  t = performance.now();
  await pool.query(
    'vacuum (analyze) sites, devices, device_daily_stats, device_status_intervals, wan_samples, site_group_sites',
  );
  log(
    `Site group of ${GROUP_SITES} sites, dashboard ${dashboardId} scoped to it; VACUUM ANALYZE in ${secs(t)}.`,
  );

  // The app in its own process (bench/app-server.ts); an ADMINISTRATOR with a full-session token (as test/factories.ts).
  const bench = await startBenchApp(url, db, userId);
  res.app = bench;
  const { address, token, user, get } = bench;
  log(`API listening on ${address}.`);

  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const [from7, from30, to] = [day(7), day(DAYS), day(1)];
  // Sanity: totals against SQL (only org A's rows).
  const { rows: expect } = await pool.query<{ rows: number; edge: number; sites: number }>(
    `select count(*)::int as rows, (count(*) filter (where d.kind in ${EDGE_KINDS}))::int as edge,
       count(distinct d.site_id) filter (where d.kind in ${EDGE_KINDS})::int as sites
     from device_daily_stats ds join devices d on d.id = ds.device_id
     where ds.organization_id = $1 and ds.day between $2::date and $3::date`,
    [orgA, from30, to],
  );
  t = performance.now();
  const online = await get(`/api/reports/online-analytics?from=${from30}&to=${to}&pageSize=50`);
  const billing = await get(`/api/reports/cellular-billing?from=${from30}&to=${to}&pageSize=50`);
  const sla = await get(`/api/reports/sla?from=${from30}&to=${to}&pageSize=50`);
  const ok =
    online.totalElements === expect[0]?.rows &&
    billing.totalElements === expect[0]?.edge &&
    sla.totalElements === expect[0]?.sites;
  log(
    `Sanity (30 days): online-analytics ${online.totalElements} rows, cellular-billing ${billing.totalElements}, ` +
      `sla ${sla.totalElements} sites — SQL ${expect[0]?.rows} / ${expect[0]?.edge} / ${expect[0]?.sites} → ` +
      `${ok ? 'ok' : 'MISMATCH'} (${secs(t)} for the three, cold).`,
  );

  const reports = reportVariants(from7, from30, to).filter((v) => ONLY.test(v.name));
  const analytics = analyticsVariants(dashboardId).filter((v) => ONLY.test(v.name));
  const withCsv = ONLY.test('csv');

  // The statements each service call issues (captured through drizzle's logger, as bench:fleet), timed alone.
  const capture = statementCapture(pool);
  // Statements are captured and timed as computed: no answer shared between calls.
  const ctxOf = (cdb: Db) => statementContext(cdb);
  const alone: string[][] = [];
  const explained: { title: string; st: Statement }[] = [];
  for (const v of [...reports, ...analytics]) {
    const sts = await capture.capture((cdb) => v.call(ctxOf(cdb), user));
    const times = await timeStatements(pool, sts);
    sts.forEach((st, i) => {
      alone.push([v.name, `${i + 1}/${sts.length}`, ms(times[i] ?? Number.NaN), headOf(st)]);
      explained.push({ title: `${v.name} — statement ${i + 1}/${sts.length}`, st });
    });
  }
  if (EXPLAIN) {
    const c = await pool.connect();
    try {
      for (const e of explained) {
        console.log(`\n=== EXPLAIN ${e.title}\n${e.st.text}\n-- ${JSON.stringify(e.st.values)}`);
        console.log((await explain(c, e.st)).join('\n'));
      }
    } finally {
      c.release();
    }
  }

  // First pages and analytics calls under load, one variant at a time.
  const loads: { group: 'report' | 'analytics'; v: Variant; r: HttpResult }[] = [];
  for (const [group, list] of [
    ['report', reports],
    ['analytics', analytics],
  ] as const)
    for (const v of list) {
      log(`${v.name}: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s…`);
      loads.push({ group, v, r: await httpLoad(address, token, v.path) });
      // Requests still queued in the server when the load stops go on running; each variant starts on an idle
      // server, so a slow one is charged to itself and not to the variants after it.
      const waited = await untilIdle(pool);
      if (waited > 1)
        log(`  the server finished its queued requests ${waited.toFixed(1)} s after the load stopped.`);
    }

  // The full CSV export (online analytics, DAYS days) downloaded by a child process while the server's RSS is
  // sampled (its process answers over IPC).
  if (withCsv) log(`CSV export of online-analytics, ${from30} to ${to}…`);
  const rssBefore = await bench.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    bench
      .rss()
      .then((rss) => {
        rssPeak = Math.max(rssPeak, rss);
      })
      .catch(() => undefined);
  }, 50);
  let csv: Download | undefined;
  try {
    if (withCsv)
      csv = await download(
        `${address}/api/reports/online-analytics/export.csv?from=${from30}&to=${to}`,
        token,
      );
  } catch (error) {
    log(`CSV export failed: ${String(error)}`);
  } finally {
    clearInterval(sampler);
  }
  rssPeak = Math.max(rssPeak, await bench.rss());
  const csvRows = csv ? csv.lines - 1 : 0;
  const rowsPerSecond = csv ? csvRows / (csv.total / 1000) : 0;
  const rssGrowthMb = (rssPeak - rssBefore) / MB;

  // ---- Report.
  console.log('');
  console.log(
    `vNOC reports and analytics benchmark — ${SITES} sites / ${DEVICES} devices, ${dailyRows} daily rows ` +
      `(${DAYS} days), ${intervals} status intervals, ${wanSamples} WAN samples; ${CONNECTIONS} connections, ` +
      `${WARMUP} s warm-up + ${SECONDS} s per variant, loopback, ${os.cpus().length} CPUs`,
  );
  console.log(
    `PostgreSQL: ${res.bench.version} · Node ${process.version} · load average at start ${loadAtStart}, ` +
      `now ${loadavg()} (other processes on the box skew every figure)`,
  );
  const bad = (r: HttpResult) => r.errors + r.timeouts + r.non2xx;
  for (const [group, title, budget] of [
    ['report', '1. GET /api/reports/{id}, first page (page 0, pageSize 50)', BUDGET.page],
    ['analytics', '3. Analytics widget calls', BUDGET.analytics],
  ] as const) {
    if (group === 'analytics' && withCsv) printCsv();
    console.log(`\n${title}:`);
    console.log(
      table(
        ['variant', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'budget p99', 'result'],
        loads
          .filter((l) => l.group === group)
          .map(({ v, r }) => [
            v.name,
            String(r.requests) + (bad(r) ? ` (${bad(r)} failed: ${JSON.stringify(r.statuses)})` : ''),
            r.rps.toFixed(1),
            ms(r.p50),
            ms(r.p99),
            ms(r.max),
            `≤ ${budget}`,
            r.requests > 0 && r.p99 <= budget && bad(r) === 0 ? 'PASS' : 'FAIL',
          ]),
      ),
    );
  }
  function printCsv() {
    console.log(`\n2. GET /api/reports/online-analytics/export.csv (${from30} to ${to}):`);
    console.log(
      table(
        ['measure', 'value', 'budget', 'result'],
        [
          [
            'rows',
            String(csvRows),
            `${expect[0]?.rows} expected`,
            csvRows === expect[0]?.rows ? 'ok' : 'MISMATCH',
          ],
          ['bytes (inflated)', `${csv?.bytes ?? 0} (${csv?.encoding ?? 'identity'} on the wire)`, '', ''],
          ['first byte', `${ms(csv?.first ?? Number.NaN)} ms`, '', ''],
          ['whole download', `${ms((csv?.total ?? Number.NaN) / 1000)} s`, '', ''],
          [
            'rows/s',
            rowsPerSecond.toFixed(0),
            `≥ ${BUDGET.csvRowsPerSecond}`,
            rowsPerSecond >= BUDGET.csvRowsPerSecond ? 'PASS' : 'FAIL',
          ],
          [
            'server RSS growth',
            `${rssGrowthMb.toFixed(1)} MB (${(rssBefore / MB).toFixed(0)} → ${(rssPeak / MB).toFixed(0)} MB peak)`,
            `≤ ${BUDGET.csvRssMb} MB`,
            rssGrowthMb <= BUDGET.csvRssMb ? 'PASS' : 'FAIL',
          ],
        ],
      ),
    );
  }
  console.log("\nThe service's statements alone (one connection, no load, median of 3):");
  console.log(table(['call', 'statement', 'ms', 'SQL'], alone));
  console.log(`Total run ${((performance.now() - started) / 1000).toFixed(0)} s.`);

  if (HOLD) {
    log(`--hold: the database stays at ${url} until Ctrl-C.`);
    await new Promise(() => undefined);
  }
}

await runBench(log, main, cleanup);
