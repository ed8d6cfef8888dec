/**
 * The console's server as `npm start` runs it (`apps/api/src/main.ts`: embedded PostgreSQL in `DATA_DIR`, the
 * demo organizations and their simulated fleet), in a process of its own on a free loopback port, for the benches
 * that treat it as a black box (bench/crash.ts, bench/soak.ts). A full-session token of a demo administrator is
 * signed with the `JWT_SECRET` the bench gives the server, as test/factories.ts signs them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { presentClaims } from '../apps/api/src/auth/session-user.ts';
import { createTokenService } from '../apps/api/src/auth/tokens.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import { findUserByUsername } from '../apps/api/src/modules/accounts/repository.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { freePort } from '../apps/api/src/db/embedded-postgres.ts';

export type ServerOptions = {
  dataDir: string;
  port: number;
  jwtSecret: string;
  env?: Record<string, string>;
};

export type ServerProcess = {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  address: string;
  /** Milliseconds from spawn until `/api/health` answered 200. */
  startMs: number;
  /** The last lines the server printed (its log is kept in memory only). */
  output: () => string;
};

/**
 * Spawns the server and waits until `/api/health` answers 200 (at most `timeoutMs`); rejects with the server's
 * last output if it exits first or never answers.
 */
export async function startServer(options: ServerOptions, timeoutMs = 180_000): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      JWT_SECRET: options.jwtSecret,
      DELIVERY: 'outbox',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-web-dist',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const address = `http://127.0.0.1:${options.port}`;
  const output = () => tail;
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${tail}`);
    const ok = await fetch(`${address}/api/health`)
      .then((res) => res.status === 200)
      .catch(() => false);
    if (ok) return { child, address, startMs: performance.now() - started, output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${tail}`);
}

/** Stops the server as a terminal's Ctrl-C does (it stops its PostgreSQL too) and waits for it. */
export function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** The embedded PostgreSQL of a `DATA_DIR` (its port and generated password live beside the cluster). */
export function embeddedUrl(dataDir: string): string {
  const dir = path.join(dataDir, 'pg');
  const password = readFileSync(path.join(dir, 'password'), 'utf8').trim();
  const port = readFileSync(path.join(dir, 'port'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** A full-session token of `username`, signed with the server's secret. */
export async function signedTokenOf(
  databaseUrl: string,
  jwtSecret: string,
  username: string,
): Promise<string> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const user = await findUserByUsername(drizzle(pool, { schema }), username);
    if (!user) throw new Error(`${username} is not in the database`);
    const claims = presentClaims(user, {
      isEmailValidated: true,
      isMfaValidated: true,
      isCredExpired: false,
    });
    return (await createTokenService(jwtSecret).signSession(claims)).token;
  } finally {
    await pool.end();
  }
}
