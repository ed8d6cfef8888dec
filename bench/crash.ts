/**
 * `npm run bench:crash` (issue 11 part 8): the server killed with SIGKILL while it writes, `BENCH_CRASHES` (100)
 * times in a row, as a power cut or the OOM killer would. The server runs as `npm start` runs it (embedded
 * PostgreSQL in a fresh `DATA_DIR`, the demo fleet and its simulator ticking). Each round starts it, lets
 * `BENCH_WRITERS` (8) clients send support tickets (a row and a queued email each) as fast as it answers, and
 * kills it `BENCH_MIN_MS`–`BENCH_MAX_MS` (200–2 500 ms) later; the next start must come up by itself (its
 * PostgreSQL is left running by the kill) and every ticket the server acknowledged must be in the database.
 * Prints the rounds, clean starts, start times, acknowledged and lost writes; exits 0 whatever the result.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  embeddedUrl,
  freePort,
  type ServerProcess,
  signedTokenOf,
  startServer,
  stopServer,
} from './server-process.ts';

const CRASHES = Number(process.env.BENCH_CRASHES ?? 100);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const MIN_MS = Number(process.env.BENCH_MIN_MS ?? 200);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 2_500);
const ADMIN = 'admin@acme.example';

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-crash-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
const jwtSecret = randomBytes(32).toString('hex');
const port = await freePort();
const options = { dataDir, port, jwtSecret };

log(`DATA_DIR ${dataDir}; first start (creates the cluster, seeds the demo and its history)…`);
let server: ServerProcess = await startServer(options, 600_000);
log(`Up in ${(server.startMs / 1000).toFixed(1)} s.`);
const databaseUrl = embeddedUrl(dataDir);
const token = await signedTokenOf(databaseUrl, jwtSecret, ADMIN);
const devices = await withDb(async (db) => {
  const { rows } = await db.query<{ id: string }>(
    `select d.id from devices d join users u on u.organization_id = d.organization_id
     where u.username = $1 order by d.id limit $2`,
    [ADMIN, WRITERS],
  );
  return rows.map((r) => r.id);
});

async function withDb<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Every ticket subject of this bench in the database. */
const stored = () =>
  withDb(
    async (db) =>
      new Set(
        (
          await db.query<{ subject: string }>(`select subject from tickets where subject like 'crash %'`)
        ).rows.map((r) => r.subject),
      ),
  );

const acknowledged = new Set<string>();
const unanswered = new Set<string>();
const startTimes: number[] = [];
const failures: string[] = [];
let refused = 0;

/** Writers sending tickets until the server dies under them. */
function write(round: number, address: string): { stop: () => void; done: Promise<void> } {
  let stopped = false;
  const done = Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      const deviceId = devices[writer % devices.length];
      for (let n = 0; !stopped; n++) {
        const subject = `crash ${round}-${writer}-${n}`;
        unanswered.add(subject);
        try {
          const res = await fetch(`${address}/api/device/troubleshooting/ticket/${deviceId}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ subject, comment: 'Written while the server was about to be killed.' }),
          });
          await res.arrayBuffer();
          if (res.status === 200) {
            acknowledged.add(subject);
            unanswered.delete(subject);
          } else {
            refused++;
            unanswered.delete(subject);
            if (refused <= 3) log(`a ticket was refused: ${res.status}`);
          }
        } catch {
          return; // the server is gone; this one's fate is unknown (it may or may not be stored)
        }
      }
    }),
  ).then(() => undefined);
  return { stop: () => (stopped = true), done };
}

for (let round = 1; round <= CRASHES; round++) {
  if (round > 1) {
    try {
      server = await startServer(options);
      startTimes.push(server.startMs);
    } catch (err) {
      failures.push(`round ${round}: ${String(err)}`);
      log(`round ${round}: the server did not start cleanly.\n${String(err)}`);
      break;
    }
  }
  const inDb = await stored();
  const lost = [...acknowledged].filter((s) => !inDb.has(s));
  if (lost.length > 0)
    failures.push(`round ${round}: ${lost.length} acknowledged tickets missing (${lost[0]}…)`);
  const writers = write(round, server.address);
  await sleep(MIN_MS + Math.random() * (MAX_MS - MIN_MS));
  server.child.kill('SIGKILL');
  await new Promise((resolve) => server.child.once('exit', resolve));
  writers.stop();
  await writers.done;
  if (round % 10 === 0 || round === CRASHES)
    log(`${round} kills; ${acknowledged.size} tickets acknowledged so far, ${failures.length} failures.`);
}

// The last start after the last kill: it must come up, hold every acknowledged ticket, and stop cleanly.
let landedUnanswered = 0;
try {
  server = await startServer(options);
  startTimes.push(server.startMs);
  const inDb = await stored();
  const lost = [...acknowledged].filter((s) => !inDb.has(s));
  if (lost.length > 0) failures.push(`final start: ${lost.length} acknowledged tickets missing`);
  landedUnanswered = [...unanswered].filter((s) => inDb.has(s)).length;
  await stopServer(server);
} catch (err) {
  failures.push(`final start: ${String(err)}`);
}

const kills = startTimes.length;
console.log('');
console.log(`Kill -9 during writes (${WRITERS} writers, killed ${MIN_MS}–${MAX_MS} ms into each round):`);
console.log(`  rounds:                  ${CRASHES} kills, ${kills} restarts came up by themselves`);
if (startTimes.length > 0)
  console.log(
    `  start after a kill:      p50 ${(quantile(startTimes, 0.5) / 1000).toFixed(1)} s, max ${(Math.max(...startTimes) / 1000).toFixed(1)} s`,
  );
console.log(`  acknowledged tickets:    ${acknowledged.size} (refused ${refused})`);
console.log(
  `  unanswered when killed:  ${unanswered.size} (${landedUnanswered} of them stored, which is allowed)`,
);
console.log(
  `  lost acknowledged:       ${failures.some((f) => f.includes('missing')) ? 'SOME' : 0} → budget 0, every start clean`,
);
for (const failure of failures) console.log(`  ! ${failure}`);
console.log(`  ${failures.length === 0 && kills === CRASHES ? 'PASS' : 'FAIL'}`);
// A start that failed leaves the killed server's PostgreSQL running: stop it before removing its files.
try {
  const pid = Number(readFileSync(path.join(dataDir, 'pg/cluster/postmaster.pid'), 'utf8').split('\n')[0]);
  if (pid > 0) process.kill(pid, 'SIGQUIT');
  await sleep(1_000);
} catch {
  // no PostgreSQL left running
}
rmSync(dataDir, { recursive: true, force: true });
