import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executePrepared } from '../src/plugins/db.ts';
import { useTestApp } from './helpers.ts';

const t = useTestApp();

describe('executePrepared', () => {
  it('answers as db.execute does (timestamps as text), once per text and again from the prepared statement', async () => {
    const query = (n: number) =>
      sql`select ${n}::int as n, timestamptz '2026-11-23 19:01:02.5+00' as at, date '2026-11-23' as day`;
    const plain = await t.db.execute(query(1));
    const prepared = await executePrepared<{ n: number; at: string; day: string }>(t.db, query(1));
    expect(prepared.rows).toEqual(plain.rows);
    expect(typeof prepared.rows[0]?.at).toBe('string');
    // Same text, other values: the statement is reused with the new parameters.
    for (const n of [2, 3, 4, 5, 6, 7])
      expect((await executePrepared<{ n: number }>(t.db, query(n))).rows[0]?.n).toBe(n);
  });
});
