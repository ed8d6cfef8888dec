/**
 * What every API benchmark sets up the same way: the two bench organizations with an ADMINISTRATOR of the
 * big one, and the app in a process of its own on a loopback port with that administrator's full-session
 * token (signed as test/factories.ts does).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { LiveEvent } from '@vnoc/contracts';
import type pg from 'pg';
import { presentClaims, type UserWithOrg } from '../apps/api/src/auth/session-user.ts';
import { createTokenService } from '../apps/api/src/auth/tokens.ts';
import { findUserById } from '../apps/api/src/modules/accounts/repository.ts';
import type { Db } from '../apps/api/src/plugins/db.ts';

/** Organizations A (the big fleet) and B (a small one, to catch a broken scope filter) and A's administrator. */
export async function insertBenchOrganizations(
  pool: pg.Pool,
  entitlements: readonly string[],
): Promise<{ orgA: string; orgB: string; userId: string }> {
  const orgs = await pool.query<{ id: string }>(
    `insert into organizations (name, email_domains, entitlements) values
       ('Bench Org A', '{bench-a.example}', $1), ('Bench Org B', '{bench-b.example}', $1) returning id`,
    [entitlements],
  );
  const [orgA, orgB] = orgs.rows.map((r) => r.id) as [string, string];
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (organization_id, username, password_hash, role, email_validated)
     values ($1, 'bench-admin@bench-a.example', 'not-a-hash', 'ADMINISTRATOR', true) returning id`,
    [orgA],
  );
  const userId = rows[0]?.id as string;
  await pool.query(`insert into contacts (user_id, first_name, last_name) values ($1, 'Bench', 'Admin')`, [
    userId,
  ]);
  return { orgA, orgB, userId };
}

export type BenchApp = {
  /** `http://127.0.0.1:<port>` */
  address: string;
  token: string;
  /** The administrator, as the services take it (for replaying their statements). */
  user: UserWithOrg;
  /** GET with the token; throws unless 200; the parsed JSON. */
  get: (path: string) => Promise<Record<string, unknown>>;
  /** The server process's resident set in bytes. */
  rss: () => Promise<number>;
  /** Publishes a live event on the server's bus, as its alert engine or gateway would. */
  publish: (organizationId: string, event: LiveEvent) => void;
  /** Stops the server process. */
  close: () => Promise<void>;
};

/**
 * The app in a process of its own (bench/app-server.ts: outbox delivery, no demo or simulator, silent), as it
 * runs in production: the bench's own process holds the data it generated and the load generator, which
 * must not share the server's heap and garbage collector. And a full-session token for `userId`.
 */
export async function startBenchApp(url: string, db: Db, userId: string): Promise<BenchApp> {
  const jwtSecret = randomBytes(32).toString('hex');
  const user = await findUserById(db, userId);
  if (!user) throw new Error('bench user not found');
  const { token } = await createTokenService(jwtSecret).signSession(
    presentClaims(user, { isEmailValidated: true, isMfaValidated: true, isCredExpired: false }),
  );
  const child = fork(new URL('./app-server.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, BENCH_APP_URL: url, BENCH_APP_JWT_SECRET: jwtSecret },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Answers by key (`address`, `rss`), in order; all pending ones fail if the server exits.
  const waiting = new Map<string, { resolve: (value: unknown) => void; reject: (e: Error) => void }[]>();
  child.on('message', (message: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(message)) waiting.get(key)?.shift()?.resolve(value);
  });
  child.once('exit', (code) => {
    for (const list of waiting.values())
      for (const w of list.splice(0)) w.reject(new Error(`the bench server exited (${code})`));
  });
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error('the bench server has exited'));
      const list = waiting.get(key) ?? [];
      list.push({ resolve: resolve as (value: unknown) => void, reject });
      waiting.set(key, list);
    });
  const address = await next<string>('address');
  const get = async (path: string) => {
    const r = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (r.status !== 200) throw new Error(`GET ${path} → ${r.status} ${await r.text()}`);
    return (await r.json()) as Record<string, unknown>;
  };
  // Read from /proc where there is one, so that sampling the server's memory every 50 ms (the CSV export's budget)
  // asks nothing of the process being measured; over IPC elsewhere.
  const rss = async () => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => undefined);
    const kb = status?.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
    if (kb) return Number(kb) * 1024;
    const answer = next<number>('rss');
    child.send('rss');
    return answer;
  };
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.send('close');
    });
    return closed;
  };
  const publish = (organizationId: string, event: LiveEvent) => {
    if (child.connected) child.send({ publish: { organizationId, event } });
  };
  return { address, token, user, get, rss, publish, close };
}
