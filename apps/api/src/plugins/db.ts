import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
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

const dialect = new PgDialect();
/** Timestamps, dates and intervals as PostgreSQL's text, as drizzle's `execute` answers them. */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
]);
const asText = {
  getTypeParser: ((oid: number, format?: string) =>
    TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text')) as never,
};

/**
 * `db.execute` as a named prepared statement: PostgreSQL plans a statement's text once per connection
 * (and may settle on a generic plan) instead of on every call. For the hot reads whose planning costs as
 * much as their execution; the statement's name is derived from its text.
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<{ rows: T[] }> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
  return db.$client.query<T>({ name, text, values: params, types: asText });
}
