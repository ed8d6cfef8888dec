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

/**
 * How long a call waits for a free connection of the main pool before it is answered 503 ("busy") instead of
 * hanging without end. Long enough that a burst (a thousand parallel sign-ins queue ~10 s on a 4-connection pool
 * here) is served, not shed; what used to hold the pool for good (stalled downloads) has its own pool now.
 */
export const ACQUIRE_TIMEOUT_MS = 15_000;
/**
 * The longest a statement of the main pool runs. The slowest the product makes under load is a report sorted over
 * ~3 M device-days (~9 s on 2 cores): 60 s leaves room and still ends a runaway. Migrations and the demo's
 * history backfill lift it on their own connection.
 */
export const STATEMENT_TIMEOUT_MS = 60_000;
/** A transaction left open without a statement (a stalled caller) is ended by PostgreSQL after this. */
export const IDLE_IN_TRANSACTION_MS = 60_000;
/**
 * Connections of the export pool: COPYs for CSV downloads and scheduled reports run there, never on the main pool,
 * so however many downloads stall, sign-in, the alert engine and every other call keep their connections.
 */
export const EXPORT_CONNECTIONS = 3;
/** An export's COPY may stream a few hundred MB to a slow link: 15 minutes, then PostgreSQL ends it. */
export const EXPORT_STATEMENT_TIMEOUT_MS = 15 * 60_000;

export type PoolOptions = {
  /** statement_timeout of every connection (0: none, for one-off tools such as the benches' seeding). */
  statementTimeoutMs?: number;
  /** How long a caller waits for a free connection (default ACQUIRE_TIMEOUT_MS). */
  acquireTimeoutMs?: number;
};

/** The server settings every connection starts with (libpq's `options`). */
function sessionOptions(statementTimeoutMs: number): string {
  // No JIT compilation: PostgreSQL compiles a statement whose estimated cost passes jit_above_cost, and the
  // estimate of a short statement with a subquery can (the alert fan-out's read of ~1 000 raised alerts: 238 ms
  // compiling, 12 ms running). Off here, every server behaves as the embedded one, built without JIT.
  // No parallel workers: each is a process started for one statement, and the pool already keeps every core
  // busy. On 2 cores, alone: the dashboard's devices needing attention 71 → 27 ms; of bench:reports' 48
  // statements 33 faster (an analytics call 170 → 35 ms) and 4 slower, the longest (a report sorted over 3 M
  // device-days 3.9 → 8.9 s), which under load answer within no budget either way.
  return [
    '-c jit=off',
    '-c max_parallel_workers_per_gather=0',
    `-c statement_timeout=${statementTimeoutMs}`,
    `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}`,
  ].join(' ');
}

/** Each main pool's export pool (see EXPORT_CONNECTIONS); copyCsv finds it through the database it is given. */
const exportPools = new WeakMap<pg.Pool, pg.Pool>();

/** The export pool beside `db`'s main pool, or the main pool itself for a database connected otherwise. */
export function exportPoolOf(db: Db): pg.Pool {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.connect !== 'function') throw new Error('exports need a pool-backed database');
  return exportPools.get(pool) ?? pool;
}

export function connectDatabase(url: string, max = 10, options: PoolOptions = {}): Database {
  const statementTimeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  // Idle connections are kept for 5 minutes (pg's default is 10 s): opening one took 13–17 ms here and its first
  // statement on a table 10–35 ms more, paid on the next sign-in after a quiet spell. They do not keep a process
  // alive on their own.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: sessionOptions(statementTimeoutMs),
    idleTimeoutMillis: 5 * 60_000,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS,
    allowExitOnIdle: true,
  });
  // Opened on the first export; its connections close after a minute idle.
  const exports = new pg.Pool({
    connectionString: url,
    max: EXPORT_CONNECTIONS,
    options: sessionOptions(statementTimeoutMs === 0 ? 0 : EXPORT_STATEMENT_TIMEOUT_MS),
    idleTimeoutMillis: 60_000,
    connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
    allowExitOnIdle: true,
  });
  exportPools.set(pool, exports);
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  exports.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, close: async () => void (await Promise.all([pool.end(), exports.end()])) };
}

/** The error and its causes (drizzle wraps the driver's error in one of its own). */
function* causes(error: unknown): Generator<unknown> {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

/** Whether an error is the main pool's acquire timeout (every connection busy for ACQUIRE_TIMEOUT_MS). */
export const isAcquireTimeout = (error: unknown) =>
  [...causes(error)].some(
    (e) => e instanceof Error && e.message === 'timeout exceeded when trying to connect',
  );

/** Whether an error is PostgreSQL ending a statement at statement_timeout (or a cancel): 57014 query_canceled. */
export const isStatementTimeout = (error: unknown) =>
  [...causes(error)].some(
    (e) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '57014',
  );

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
    // A migration may rewrite a large table: no statement limit on this connection.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(7415092)');
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(7415092)').catch(() => undefined);
    // Back to the connection's own limit before the pool lends it to anyone else.
    await client.query('reset statement_timeout').catch(() => undefined);
    client.release();
  }
}
