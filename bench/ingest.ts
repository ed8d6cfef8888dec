/**
 * Device ingest benchmark (issue 36, "Budgets"): real devices' reports through the MQTT edge into the database.
 *
 *   npm run bench:ingest               (about 6 minutes; BENCH_DATABASE_URL=postgres://… to use a server)
 *   npm run bench:ingest -- --quick    (a smoke run: 500 connections, short phases)
 *
 * 1. A database of its own (bench/database.ts), one organization with 25 000 sites and 100 000 devices
 *    (bench/fleet-data.ts), every one driven by vNOC's agent ('agent') with a secret (hash stored, the secret
 *    `bench-<id>` known to the bench). The 5 020 devices that connect start online; the rest keep the fleet's
 *    status mix, last heard from "tomorrow", so the heartbeat sweep leaves them alone during the run.
 * 2. For each broker — the embedded one (aedes, MQTT_PORT) and the machine's Mosquitto (127.0.0.1:1883, when
 *    it answers; the gateway consumes through a shared subscription, the MQTT_URL path) — the gateway runs in a
 *    process of its own (bench/ingest-server.ts: the app, the alert engine, startDeviceEdge) and the devices in
 *    another (bench/ingest-devices.mjs): 5 000 MQTT connections, each with its own device's credentials, plus 20
 *    probe devices and one console (GET /api/events with an administrator's token).
 * 3. Phases, per broker:
 *    - cadence: the production cadence of 100 000 devices (a report per device per 60 s ⇒ 1 667 reports/s).
 *      Scheme: a device may publish only on its own topics (its credentials), so the 5 000 connected devices
 *      stand for the 100 000 by reporting 20 times as often (every 3 s each): the same reports per second, the
 *      same statements, on 5 000 devices' rows instead of 100 000 (the 95 000 others are in the tables, idle).
 *      Meanwhile the probes, one at a time: a 'gone' state (→ offline), then a report; the time from that
 *      report's publish to its `device.status` (online) on the console's stream is the status latency.
 *    - saturation: every device sends its next report as soon as the last was acknowledged (5 000 in flight):
 *      the ingest's capacity, reports acknowledged per second. A PUBACK means stored (broker.ts,
 *      mqtt-gateway.ts); the rows stored are counted afterwards against the acknowledgements.
 * 4. The raw batched INSERT of the same rows (a resource sample, three interface samples, a WAN sample, the
 *    telemetry upsert and the device's last_update per report), 1 000 reports per transaction on one
 *    connection, same database: the reference the ingest's capacity is judged against (≥ 50 %). Measured right
 *    after each broker's run, the gateway and the devices stopped, so that on a machine shared with other work
 *    both sides of the ratio see about the same load.
 * 5. Prints: sustained reports/s at the cadence (must keep up with 1 667/s), the capacity against the raw
 *    INSERT, status latency p50/p99 (budget p99 ≤ 2 s), the gateway process's peak RSS (VmHWM, budget ≤ 1 GB).
 *
 * Bounded: at most 5 020 connections, phases of fixed length (about 6 minutes for the whole run), traffic to
 * loopback only. A measurement: it always exits 0. See bench/README.md, "Device ingest".
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import mqtt from 'mqtt';
import type pg from 'pg';
import { presentClaims } from '../apps/api/src/auth/session-user.ts';
import { createTokenService } from '../apps/api/src/auth/tokens.ts';
import { EXTERNAL_BROKER_LINKS } from '../apps/api/src/fleet/edge/index.ts';
import { findUserById } from '../apps/api/src/modules/accounts/repository.ts';
import { connectDatabase, type Database, runMigrations } from '../apps/api/src/plugins/db.ts';
import { type BenchDatabase, openBenchDatabase, runBench, SEEDING } from './database.ts';
import { insertFleet } from './fleet-data.ts';

const QUICK = process.argv.includes('--quick');
const env = process.env;
const int = (name: string, fallback: number) => (env[name] ? Number.parseInt(env[name], 10) : fallback);
const DEVICES = int('BENCH_DEVICES', 100_000);
const CONNECTIONS = int('BENCH_CONNECTIONS', QUICK ? 500 : 5_000);
const PROBES = 20;
/** The production cadence: a report per device per 60 s. */
const CADENCE_RATE = Math.round(DEVICES / 60);
const CADENCE_MS = int('BENCH_CADENCE_S', QUICK ? 15 : 70) * 1000;
const SATURATE_MS = int('BENCH_SATURATE_S', QUICK ? 10 : 40) * 1000;
const WARMUP_MS = 8_000;
const RAW_MS = int('BENCH_RAW_S', QUICK ? 5 : 15) * 1000;
const MOSQUITTO = env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const BUDGET = { ratio: 0.5, statusP99Ms: 2_000, rssBytes: 1024 ** 3 };

const log = (msg: string) => console.log(`[bench] ${new Date().toISOString().slice(11, 19)} ${msg}`);
const res: { bench?: BenchDatabase; database?: Database; children: ChildProcess[] } = { children: [] };

async function cleanup(): Promise<void> {
  for (const child of res.children) if (child.exitCode === null) child.kill('SIGKILL');
  await res.database?.close().catch(() => undefined);
  await res.bench?.close();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/**
 * A child process speaking IPC: `next(type)` is its next message of that type (or with that key); its
 * `progress` messages go to `onProgress` instead.
 */
function child(
  module: string,
  execArgv: string[],
  extraEnv: Record<string, string>,
  onProgress?: (count: number) => void,
) {
  const proc = fork(new URL(module, import.meta.url), [], {
    execArgv,
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  res.children.push(proc);
  const inbox: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  proc.on('message', (m: Record<string, unknown>) => {
    if (m.type === 'progress') return onProgress?.(m.count as number);
    inbox.push(m);
    for (const w of waiters.splice(0)) w();
  });
  proc.once('exit', () => {
    for (const w of waiters.splice(0)) w();
  });
  const next = async <T>(match: string): Promise<T> => {
    for (;;) {
      const i = inbox.findIndex((m) => m.type === match || match in m);
      if (i !== -1) return inbox.splice(i, 1)[0] as T;
      if (proc.exitCode !== null) throw new Error(`${module} exited (${proc.exitCode})`);
      const error = inbox.find((m) => m.type === 'error');
      if (error) throw new Error(`${module}: ${String(error.message)}`);
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.send('close');
    await Promise.race([exited, sleep(20_000)]);
    if (proc.exitCode === null) proc.kill('SIGKILL');
  };
  return { proc, next, stop };
}

function peakRss(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** User + system CPU seconds of a process so far. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The pid of the machine's Mosquitto (a process named `mosquitto`), if one runs. */
function mosquittoPid(): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'mosquitto') return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  return undefined;
}

/** The machine's busy CPU seconds (all cores) so far. */
function machineCpuSeconds(): { busy: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number) ?? [];
  const idle = (line[3] ?? 0) + (line[4] ?? 0);
  return { busy: (line.reduce((a, b) => a + b, 0) - idle) / 100 };
}

/**
 * Ends the gateway clients' persistent sessions on the external broker (client ids `tag`, `tag-1`, …): connecting
 * with a clean session drops what the broker kept for them, so the machine's Mosquitto keeps nothing of the run.
 */
async function forgetSessions(url: string, tag: string): Promise<void> {
  // The gateway speaks MQTT 5 to it (the default), so it opened that many connections.
  const { connections } = EXTERNAL_BROKER_LINKS[5];
  const ids = [tag, ...Array.from({ length: connections - 1 }, (_, i) => `${tag}-${i + 1}`)];
  await Promise.all(
    ids.map(
      (clientId) =>
        new Promise<void>((resolve) => {
          const client = mqtt.connect(url, {
            clientId,
            clean: true,
            reconnectPeriod: 0,
            connectTimeout: 5_000,
          });
          client.once('connect', () => client.end(true, () => resolve()));
          client.once('error', () => client.end(true, () => resolve()));
        }),
    ),
  );
}

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 1883) });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

type Phase = {
  published: number;
  acked: number;
  ackedInWindow: number;
  windowMs: number;
  backlog: number;
  ackMs: number[];
  statusMs: number[];
  probeTimeouts: number;
  /** Measured at the gateway (reports its ingest stored), not at the devices (a broker's PUBACK). */
  storedPerS: number;
  /**
   * CPU over the window: the gateway's process, the devices' process, the external broker's (when it is a
   * process here), the machine's (PostgreSQL's and any other work's included).
   */
  cpu: string;
};

type BrokerRun = {
  broker: string;
  connected: number;
  failed: number;
  connectMs: number;
  cadence: Phase;
  saturation: Phase;
  peakRss: number;
  loadAvg: string;
  stored: number;
  acked: number;
  external: boolean;
  /** The raw batched INSERT right after, reports/s, and the load average then. */
  raw: number;
  rawLoadAvg: string;
};

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const storedRows = async (pool: pg.Pool) =>
  Number((await pool.query<{ n: string }>('select count(*) as n from device_resource_samples')).rows[0]?.n);

async function runBroker(
  runNo: number,
  organizationId: string,
  name: string,
  dbUrl: string,
  jwtSecret: string,
  token: string,
  devices: { id: string; secret: string }[],
  probes: { id: string; secret: string }[],
  external: string | undefined,
): Promise<BrokerRun> {
  const pool = res.database?.pool as pg.Pool;
  const before = await storedRows(pool);
  const tag = `vnoc-bench-${process.pid}`;
  // BENCH_GATEWAY_PROF=<dir>: the gateway's CPU profile (node --cpu-prof), one file per broker, written as it stops.
  const profile = env.BENCH_GATEWAY_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_GATEWAY_PROF}`] : [];
  // The gateway's count of stored reports, relayed to the devices while they are paced on it.
  let relay: ((count: number) => void) | undefined;
  const server = child(
    './ingest-server.ts',
    ['--import', 'tsx', ...profile],
    {
      BENCH_APP_URL: dbUrl,
      BENCH_APP_JWT_SECRET: jwtSecret,
      ...(external ? { BENCH_MQTT_URL: external, BENCH_SHARE_GROUP: tag, BENCH_CLIENT_ID: tag } : {}),
    },
    (count) => relay?.(count),
  );
  const { address, mqttUrl } = await server.next<{ address: string; mqttUrl: string }>('address');
  log(`${name}: gateway up (pid ${server.proc.pid}), devices connect to ${mqttUrl}`);
  // BENCH_DEVICES_PROF=<dir>: the same for the devices' process (the bench's own load generator).
  const devicesProfile = env.BENCH_DEVICES_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_DEVICES_PROF}`]
    : [];
  const devicesProc = child('./ingest-devices.mjs', devicesProfile, {});
  await devicesProc.next('ready');
  devicesProc.proc.send({
    cmd: 'connect',
    url: mqttUrl,
    devices,
    probes,
    eventsUrl: `${address}/api/events`,
    token,
  });
  const conn = await devicesProc.next<{ connected: number; failed: number; ms: number }>('connected');
  log(
    `${name}: ${conn.connected} connections open (${conn.failed} failed) in ${(conn.ms / 1000).toFixed(1)} s`,
  );

  /** Reports stored per second by the gateway over the phase's window (after its warm-up). */
  const storedCount = async () => {
    server.proc.send('stored');
    return (await server.next<{ stored: number }>('stored')).stored;
  };
  const broker = external ? mosquittoPid() : undefined;
  const cpu = () => ({
    gateway: cpuSeconds(server.proc.pid),
    devices: cpuSeconds(devicesProc.proc.pid),
    broker: broker === undefined ? 0 : cpuSeconds(broker),
    machine: machineCpuSeconds(),
  });
  const measure = async (ms: number) => {
    const warm = Math.min(WARMUP_MS, ms / 4);
    await sleep(warm);
    const from = await storedCount();
    const c0 = cpu();
    const t0 = performance.now();
    await sleep(ms - warm - 1_000);
    const to = await storedCount();
    const c1 = cpu();
    const seconds = (performance.now() - t0) / 1000;
    // Each process's share of a core, and its CPU ms per 1 000 stored reports (what a report costs, whatever
    // else runs on the machine).
    const share = (a: number, b: number) =>
      `${(((b - a) / seconds) * 100).toFixed(0)} % (${(((b - a) * 1e6) / Math.max(1, to - from)).toFixed(0)} ms/1k)`;
    return {
      rate: (to - from) / seconds,
      cpu: `gateway ${share(c0.gateway, c1.gateway)}, devices ${share(c0.devices, c1.devices)}${broker === undefined ? '' : `, Mosquitto ${share(c0.broker, c1.broker)}`}, machine busy ${share(c0.machine.busy, c1.machine.busy)} of ${os.cpus().length * 100} %; load average ${loadAverage()}`,
    };
  };
  devicesProc.proc.send({ cmd: 'cadence', rate: CADENCE_RATE, ms: CADENCE_MS });
  const cadenceStored = await measure(CADENCE_MS);
  const cadence = {
    ...(await devicesProc.next<Phase>('phase')),
    storedPerS: cadenceStored.rate,
    cpu: cadenceStored.cpu,
  };
  log(
    `${name}: cadence ${CADENCE_RATE}/s offered: ${cadence.storedPerS.toFixed(0)}/s stored, ${(cadence.ackedInWindow / (cadence.windowMs / 1000)).toFixed(0)}/s acknowledged to devices, ${cadence.statusMs.length} probes`,
  );
  // An external broker acknowledges on receipt, so its PUBACKs cannot close the loop: the devices are paced on
  // what the gateway stored instead (at most one report per device published and not stored; ingest-devices.mjs).
  if (external) {
    // The count at the start first (IPC keeps the order), so the devices' pacing starts from it.
    devicesProc.proc.send({ cmd: 'stored', stored: await storedCount() });
    relay = (count) => devicesProc.proc.send({ cmd: 'stored', stored: count });
    server.proc.send('watch');
  }
  devicesProc.proc.send({ cmd: 'saturate', ms: SATURATE_MS, paced: external !== undefined });
  const saturationStored = await measure(SATURATE_MS);
  const saturation = {
    ...(await devicesProc.next<Phase>('phase')),
    storedPerS: saturationStored.rate,
    cpu: saturationStored.cpu,
  };
  server.proc.send('unwatch');
  relay = undefined;
  log(
    `${name}: saturation: ${saturation.storedPerS.toFixed(0)}/s stored, ${(saturation.ackedInWindow / (saturation.windowMs / 1000)).toFixed(0)}/s acknowledged to devices`,
  );
  const loadAvg = loadAverage();
  const peak = peakRss(server.proc.pid);
  devicesProc.proc.send({ cmd: 'close' });
  await Promise.race([devicesProc.next('closed'), sleep(20_000)]);
  await devicesProc.stop();
  await server.stop();
  if (external) await forgetSessions(external, tag);
  const stored = (await storedRows(pool)) - before;
  log(`${name}: raw batched INSERT of the same rows…`);
  const raw = await rawInsert(
    pool,
    organizationId,
    devices.map((d) => d.id),
    runNo,
  );
  return {
    raw,
    rawLoadAvg: loadAverage(),
    broker: name,
    connected: conn.connected,
    failed: conn.failed,
    connectMs: conn.ms,
    cadence,
    saturation,
    peakRss: peak,
    loadAvg,
    stored,
    acked: cadence.acked + saturation.acked,
    external: external !== undefined,
  };
}

/**
 * The same rows as `reports` reports store, in batches of 1 000 per transaction, on one connection. Its samples
 * are a month (and a day per earlier `run`) in the past: new rows every run, and the devices' newest telemetry
 * stays older than the next broker's reports, which thus do all their work.
 */
async function rawInsert(pool: pg.Pool, organizationId: string, ids: string[], run: number): Promise<number> {
  const client = await pool.connect();
  // One report per device per transaction (the telemetry upsert touches each device's row once).
  const BATCH = Math.min(1_000, ids.length);
  const base = Date.now() - (30 + run) * 86_400_000;
  const monitoring = JSON.stringify({
    type: 'DeviceMonitoring',
    general: { hostname: 'bench', uptime: 86_400 },
    resources: { load: [0.2, 0.25, 0.2], memory: { total: 1e9, free: 3e8, available: 5e8 } },
    interfaces: ['eth0', 'eth1', 'lan1'].map((name) => ({
      name,
      up: true,
      statistics: { rx_bytes: 1e6, tx_bytes: 4e5, rx_errors: 0, tx_errors: 0 },
    })),
    vnoc: { protocol: 1, wan: { interface: 'eth0', latencyMs: 18, jitterMs: 2.5, lossPercent: 0 } },
  });
  let reports = 0;
  let batchNo = 0;
  const started = performance.now();
  try {
    while (performance.now() - started < RAW_MS) {
      const devs: string[] = [];
      const times: string[] = [];
      for (let i = 0; i < BATCH; i++) {
        devs.push(ids[(batchNo * BATCH + i) % ids.length] as string);
        times.push(new Date(base + batchNo * 1000 + Math.floor(i / ids.length)).toISOString());
      }
      batchNo += 1;
      await client.query('begin');
      await client.query(
        `insert into device_resource_samples (device_id, time, load1, memory_used_percent, disk_used_percent,
           uptime_seconds, wireless_clients)
         select d, t, 0.2, 50, 25, 86400, null from unnest($1::uuid[], $2::timestamptz[]) x(d, t)
         on conflict do nothing`,
        [devs, times],
      );
      await client.query(
        `insert into device_interface_samples (device_id, interface, time, up, rx_bytes, tx_bytes, rx_errors, tx_errors)
         select d, n, t, true, 1000000, 400000, 0, 0
         from unnest($1::uuid[], $2::timestamptz[]) x(d, t), unnest(array['eth0', 'eth1', 'lan1']) n
         on conflict do nothing`,
        [devs, times],
      );
      await client.query(
        `insert into wan_samples (device_id, time, source_interface, ip_address, ping, jitter, loss)
         select d, t, 'eth0', '192.0.2.10', 18, 2.5, 0 from unnest($1::uuid[], $2::timestamptz[]) x(d, t)
         on conflict do nothing`,
        [devs, times],
      );
      await client.query(
        `insert into device_telemetry (device_id, organization_id, sampled_at, received_at, monitoring)
         select d, $3, t, t, $4::jsonb from unnest($1::uuid[], $2::timestamptz[]) x(d, t)
         on conflict (device_id) do update set sampled_at = excluded.sampled_at,
           received_at = excluded.received_at, monitoring = excluded.monitoring`,
        [devs, times, organizationId, monitoring],
      );
      await client.query(
        `update devices d set last_update = greatest(d.last_update, x.t)
         from unnest($1::uuid[], $2::timestamptz[]) x(id, t) where d.id = x.id`,
        [devs, times],
      );
      await client.query('commit');
      reports += BATCH;
    }
  } finally {
    client.release();
  }
  return reports / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const startedAt = new Date();
  log(`${QUICK ? 'quick run: ' : ''}${DEVICES} devices, ${CONNECTIONS} connections + ${PROBES} probes`);
  res.bench = await openBenchDatabase(log);
  res.database = connectDatabase(res.bench.url, undefined, SEEDING);
  const { pool, db } = res.database;
  await runMigrations(pool);

  const t = performance.now();
  const org = await pool.query<{ id: string }>(
    `insert into organizations (name, email_domains, entitlements) values ('Bench Ingest', '{bench-ingest.example}', '{}')
     returning id`,
  );
  const organizationId = org.rows[0]?.id as string;
  const user = await pool.query<{ id: string }>(
    `insert into users (organization_id, username, password_hash, role, email_validated)
     values ($1, 'admin@bench-ingest.example', 'not-a-hash', 'ADMINISTRATOR', true) returning id`,
    [organizationId],
  );
  const client = await pool.connect();
  try {
    await insertFleet(client, {
      organizationId,
      prefix: 'ing',
      label: 'Ingest',
      sites: Math.ceil(DEVICES / 4),
      devices: DEVICES,
      macOffset: 0,
    });
  } finally {
    client.release();
  }
  const connecting = CONNECTIONS + PROBES;
  // All are vNOC agents with a secret; the ones that connect start online. The others keep the fleet's status
  // mix; those up were heard from "until tomorrow", so the heartbeat sweep leaves them be during the run (the
  // bench measures reports, not 80 000 devices going silent at once). Only columns no trigger watches change
  // for the 95 000 (a status update fires the status-count triggers per row: minutes for 100 000).
  let step = t;
  const stepDone = (what: string) => {
    log(`  ${what} (${((performance.now() - step) / 1000).toFixed(1)} s)`);
    step = performance.now();
  };
  stepDone('fleet inserted');
  await pool.query(`update devices set driver = 'agent', last_update = now() + interval '1 day'`);
  stepDone('drivers set');
  await pool.query(
    `update devices set status = 'online', last_update = now()
     where id in (select id from devices order by id limit $1)`,
    [connecting],
  );
  stepDone('connecting devices online');
  await pool.query(
    `insert into device_credentials (device_id, organization_id, secret_hash)
     select id, organization_id, encode(sha256(convert_to('bench-' || id::text, 'UTF8')), 'hex') from devices`,
  );
  stepDone('secrets stored');
  await pool.query('vacuum analyze');
  stepDone('vacuum analyze');
  const ids = (
    await pool.query<{ id: string }>('select id from devices order by id limit $1', [connecting])
  ).rows.map((r) => r.id);
  const all = ids.map((id) => ({ id, secret: `bench-${id}` }));
  const probes = all.slice(0, PROBES);
  const devices = all.slice(PROBES);
  log(`seeded ${DEVICES} devices with secrets in ${((performance.now() - t) / 1000).toFixed(0)} s`);

  const jwtSecret = randomBytes(32).toString('hex');
  const admin = await findUserById(db, user.rows[0]?.id as string);
  if (!admin) throw new Error('bench user not found');
  const { token } = await createTokenService(jwtSecret).signSession(
    presentClaims(admin, { isEmailValidated: true, isMfaValidated: true, isCredExpired: false }),
  );

  const runs: BrokerRun[] = [];
  runs.push(
    await runBroker(
      0,
      organizationId,
      'embedded (aedes)',
      res.bench.url,
      jwtSecret,
      token,
      devices,
      probes,
      undefined,
    ),
  );
  let mosquittoNote = '';
  if (await answers(MOSQUITTO)) {
    // The probes went offline and online through the first broker; start the second from online again.
    await pool.query(`update devices set status = 'online', last_update = now() where id = any($1::uuid[])`, [
      ids,
    ]);
    runs.push(
      await runBroker(
        1,
        organizationId,
        'Mosquitto (shared subscription)',
        res.bench.url,
        jwtSecret,
        token,
        devices,
        probes,
        MOSQUITTO,
      ),
    );
  } else mosquittoNote = `Mosquitto at ${MOSQUITTO} does not answer: its run is skipped.`;

  const mb = (b: number) => `${(b / 1024 ** 2).toFixed(0)} MB`;
  const rate = (p: Phase) => p.storedPerS;
  const acked = (p: Phase) => p.ackedInWindow / (p.windowMs / 1000);
  console.log('');
  console.log(
    `Device ingest — ${startedAt.toISOString()} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}) · ` +
      `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB · Node ${process.version} · ${res.bench.version}`,
  );
  console.log(
    `${DEVICES} devices (agent, with secrets), ${CONNECTIONS} connections + ${PROBES} probes, cadence ${CADENCE_RATE} reports/s for ${CADENCE_MS / 1000} s, saturation ${SATURATE_MS / 1000} s${QUICK ? ' (--quick)' : ''}`,
  );
  if (mosquittoNote) console.log(mosquittoNote);
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  for (const r of runs) {
    const c = r.cadence;
    const s = r.saturation;
    const ratio = rate(s) / r.raw;
    const p99 = quantile(c.statusMs, 0.99);
    console.log('');
    console.log(
      `${r.broker}: ${r.connected} connected (${r.failed} failed) in ${(r.connectMs / 1000).toFixed(1)} s · load average at the end ${r.loadAvg}`,
    );
    console.log(
      `  cadence: ${rate(c).toFixed(0)} reports/s stored of ${CADENCE_RATE} offered (${verdict(rate(c) >= CADENCE_RATE * 0.97)} keeps up; ${acked(c).toFixed(0)}/s acknowledged to the devices), ` +
        `PUBACK p50 ${quantile(c.ackMs, 0.5).toFixed(0)} / p99 ${quantile(c.ackMs, 0.99).toFixed(0)} ms, still in flight at the end ${c.backlog}`,
    );
    console.log(
      `  capacity (saturation): ${rate(s).toFixed(0)} reports/s stored = ${(ratio * 100).toFixed(0)} % of the raw INSERT right after (${r.raw.toFixed(0)}/s, 1 000 reports per transaction on one connection; load average then ${r.rawLoadAvg}) → ${verdict(ratio >= BUDGET.ratio)} (≥ 50 %; ${acked(s).toFixed(0)}/s acknowledged to the devices); ` +
        `PUBACK p50 ${quantile(s.ackMs, 0.5).toFixed(0)} / p99 ${quantile(s.ackMs, 0.99).toFixed(0)} ms`,
    );
    console.log(
      `  status change → console: ${c.statusMs.length} probes, p50 ${quantile(c.statusMs, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms` +
        `${c.probeTimeouts ? `, ${c.probeTimeouts} not seen within 10 s` : ''} → ${verdict(c.statusMs.length > 0 && p99 <= BUDGET.statusP99Ms && c.probeTimeouts === 0)} (p99 ≤ 2 s)`,
    );
    console.log(`  CPU at the cadence: ${c.cpu}; at saturation: ${s.cpu}`);
    console.log(
      `  gateway peak RSS ${mb(r.peakRss)} → ${verdict(r.peakRss > 0 && r.peakRss <= BUDGET.rssBytes)} (≤ 1 GB)`,
    );
    if (r.external)
      console.log(
        `  the broker acknowledged ${r.acked} to the devices, the gateway stored ${r.stored} (probes included): an external broker acknowledges on receipt; what it queued past its limits (Mosquitto's max_queued_messages) or still held at the stop is its own`,
      );
    else
      console.log(
        `  acknowledged ${r.acked}, stored ${r.stored} resource samples (probes included) → ${verdict(r.stored >= r.acked)} (nothing acknowledged is missing)`,
      );
  }
}

await runBench(log, main, cleanup);
