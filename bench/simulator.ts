/**
 * `npm run bench:simulator` (issue 36): what the demo's simulated fleet costs while it runs, the server as
 * `npm start` runs it (embedded PostgreSQL in a fresh `DATA_DIR`, the demo organizations' 573 devices, the 5-second
 * tick; since issue 36 each simulated device publishes its status, heartbeats and samples over MQTT to the embedded
 * broker and the device edge's ingest records them). After `BENCH_SETTLE` (30) seconds it measures for
 * `BENCH_SECONDS` (120): the server's CPU time and resident set, the embedded PostgreSQL's CPU time (its processes
 * are the server's descendants), and what was recorded meanwhile (heartbeats, status periods, WAN samples). No
 * requests are made: the fleet alone. Exits 0 whatever the figures.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedUrl, freePort, startServer, stopServer } from './server-process.ts';

const SETTLE_S = Number(process.env.BENCH_SETTLE ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const TICKS = 100; // clock ticks per second (/proc times)

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

/** Every process's parent and CPU time (user + system, in clock ticks), from /proc. */
function processTable(): Map<number, { ppid: number; cpu: number }> {
  const table = new Map<number, { ppid: number; cpu: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command (which may hold spaces) in parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  return table;
}

/** CPU seconds of the server itself and of its descendants (the embedded PostgreSQL's processes). */
function cpuOf(pid: number): { server: number; postgres: number } {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const [p, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), p]);
  let postgres = 0;
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    postgres += table.get(p)?.cpu ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return { server: (table.get(pid)?.cpu ?? 0) / TICKS, postgres: postgres / TICKS };
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-bench-sim-'));
const server = await startServer(
  {
    dataDir,
    port: await freePort(),
    jwtSecret: randomBytes(32).toString('base64url'),
    env: { MQTT_PORT: String(await freePort()) },
  },
  600_000,
);
const pid = server.child.pid ?? 0;
log(`Up in ${(server.startMs / 1000).toFixed(1)} s; settling ${SETTLE_S} s.`);
const db = new pg.Client({ connectionString: embeddedUrl(dataDir) });
await db.connect();
const counts = async () => {
  const { rows } = await db.query<{ devices: number; intervals: number; wan: number; heard: number }>(`select
    (select count(*)::int from devices where driver = 'simulator') as devices,
    (select count(*)::int from device_status_intervals) as intervals,
    (select count(*)::int from wan_samples) as wan,
    (select count(*)::int from devices where last_update > now() - interval '10 seconds') as heard`);
  return rows[0] as { devices: number; intervals: number; wan: number; heard: number };
};
try {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
  const before = { cpu: cpuOf(pid), at: await counts(), rss: rssMb(pid) };
  const started = performance.now();
  const rss: number[] = [];
  while (performance.now() - started < SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    rss.push(rssMb(pid));
  }
  const seconds = (performance.now() - started) / 1000;
  const after = { cpu: cpuOf(pid), at: await counts() };
  const share = (cpu: number) => `${((cpu / seconds) * 100).toFixed(1)} % of a core`;
  log(`${after.at.devices} simulated devices, ${seconds.toFixed(0)} s measured (${os.cpus().length} cores).`);
  log(
    `Server CPU ${(after.cpu.server - before.cpu.server).toFixed(1)} s (${share(after.cpu.server - before.cpu.server)})`,
  );
  log(
    `PostgreSQL CPU ${(after.cpu.postgres - before.cpu.postgres).toFixed(1)} s (${share(after.cpu.postgres - before.cpu.postgres)})`,
  );
  log(
    `Server RSS ${before.rss} MB at the start, ${Math.max(...rss)} MB at most, ${rss.at(-1)} MB at the end`,
  );
  log(
    `Recorded: ${after.at.intervals - before.at.intervals} status periods, ${after.at.wan - before.at.wan} WAN samples; ${after.at.heard} devices heard from in the last 10 s`,
  );
} finally {
  await db.end();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
