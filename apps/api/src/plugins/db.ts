import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

export function connectDatabase(url: string, max = 10): Database {
  // No JIT compilation: PostgreSQL compiles a statement whose estimated cost passes jit_above_cost, and the
  // estimate of a short statement with a subquery can (the alert fan-out's read of ~1 000 raised alerts: 238 ms
  // compiling, 12 ms running). Off here, every server behaves as the embedded one, built without JIT.
  // No parallel workers: each is a process started for one statement, and the pool already keeps every core
  // busy. On 2 cores, alone: the dashboard's devices needing attention 71 → 27 ms; of bench:reports' 48
  // statements 33 faster (an analytics call 170 → 35 ms) and 4 slower, the longest (a report sorted over 3 M
  // device-days 3.9 → 8.9 s), which under load answer within no budget either way.
  // Idle connections are kept for 5 minutes (pg's default is 10 s): opening one took 13–17 ms here and its first
  // statement on a table 10–35 ms more, paid on the next sign-in after a quiet spell. They do not keep a process
  // alive on their own.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
    idleTimeoutMillis: 5 * 60_000,
    allowExitOnIdle: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

const dialect = new PgDialect();

/**
 * The types drizzle's own statements leave as PostgreSQL's text (timestamps, dates, intervals, numeric[] and
 * their arrays), so that a row reads the same whichever way it was fetched.
 */
const AS_TEXT = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const rawTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A statement run as a named prepared statement (named by its text), so each pool connection plans it once and
 * reuses the plan (PostgreSQL's plan cache: a generic plan once it is no worse than the custom ones). For the
 * few statements whose shape never varies and whose values do not change the best plan — a page's rows by id —
 * where planning costs as much as running. Inside a transaction it runs as any statement.
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: DbOrTx,
  query: SQL,
): Promise<T[]> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return (await db.execute<T>(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Through the database's logger as drizzle's own statements are (the benches capture statements so).
  (
    db as { session?: { logger?: { logQuery(text: string, params: unknown[]): void } } }
  ).session?.logger?.logQuery(text, params);
  const name = `vnoc_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
  return (await pool.query<T>({ name, text, values: params, types: rawTypes })).rows;
}

/** Applies the committed migrations; an advisory lock keeps concurrent instances from racing. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(7415092)');
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(7415092)').catch(() => undefined);
    client.release();
  }
}
