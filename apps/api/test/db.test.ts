import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Db, executePrepared } from '../src/plugins/db.ts';
import { createTestDatabase } from './helpers.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

/** A row of every kind of value whose reading differs between drivers' defaults and drizzle's. */
const sample = (n: number) => sql`
  select ${n}::int as n, timestamptz '2026-11-27 19:32:37.123+00' + make_interval(mins => ${n}) as at,
    timestamp '2026-11-27 19:32:37' as local_at, date '2026-11-27' as day, interval '90 minutes' as span,
    array[timestamptz '2026-11-27 00:00:00+00'] as ats, array[1.5, 2.25]::numeric[] as figures,
    '{"a": [1, "b"]}'::jsonb as details, 12345678901::bigint as big, 'text' as label`;

describe('executePrepared', () => {
  it('reads rows exactly as drizzle does, the first time and once prepared', async () => {
    const expected = (await db.execute(sample(3))).rows;
    expect(expected[0]?.at).toBeTypeOf('string');
    expect(await executePrepared(db, sample(3))).toEqual(expected);
    // Same text, another value: the prepared statement is reused on whichever connection serves it.
    for (let i = 0; i < 8; i++) {
      expect(await executePrepared(db, sample(i))).toEqual((await db.execute(sample(i))).rows);
    }
  });

  it('runs inside a transaction on the transaction', async () => {
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table prepared_probe (v int) on commit drop`);
      await tx.execute(sql`insert into prepared_probe values (7)`);
      return executePrepared<{ v: number }>(tx, sql`select v from prepared_probe`);
    });
    expect(rows).toEqual([{ v: 7 }]);
  });
});

describe('connectDatabase', () => {
  it('turns JIT compilation off on every connection', async () => {
    const { rows } = await db.execute<{ jit: string }>(sql`show jit`);
    expect(rows[0]?.jit).toBe('off');
  });

  it('keeps idle connections for 5 minutes, without keeping the process alive', () => {
    const { pool } = connectDatabase('postgres://127.0.0.1:1/none');
    expect(pool.options).toMatchObject({ idleTimeoutMillis: 300_000, allowExitOnIdle: true });
    return pool.end();
  });

  it('starts no parallel workers for a statement', async () => {
    const { rows } = await db.execute<{ max_parallel_workers_per_gather: string }>(
      sql`show max_parallel_workers_per_gather`,
    );
    expect(rows[0]?.max_parallel_workers_per_gather).toBe('0');
  });
});
