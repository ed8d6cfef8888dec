import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers.ts';

/** The suite's own databases are thrown away after each file: nothing in them waits for the disk. */
describe('the test databases', () => {
  it('are cloned side by side, and commit without waiting for the disk', async () => {
    const databases = await Promise.all([1, 2, 3].map(() => createTestDatabase()));
    try {
      for (const { pool } of databases) {
        const { rows } = await pool.query<{ synchronous_commit: string }>('show synchronous_commit');
        expect(rows[0]?.synchronous_commit).toBe('off');
      }
    } finally {
      await Promise.all(databases.map((d) => d.drop()));
    }
  });

  // The machine's PostgreSQL (TEST_DATABASE_URL) keeps its own settings; the embedded one is the suite's.
  it.skipIf(process.env.TEST_DATABASE_URL)('run on an embedded cluster that never flushes', async () => {
    const database = await createTestDatabase();
    try {
      const settings = await database.pool.query<{ name: string; setting: string }>(
        `select name, setting from pg_settings where name in ('fsync', 'full_page_writes', 'wal_level')`,
      );
      expect(Object.fromEntries(settings.rows.map((r) => [r.name, r.setting]))).toEqual({
        fsync: 'off',
        full_page_writes: 'off',
        wal_level: 'minimal',
      });
    } finally {
      await database.drop();
    }
  });
});
