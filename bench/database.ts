/**
 * A fresh database for a benchmark: on `BENCH_DATABASE_URL` when set, else on an embedded PostgreSQL in a
 * temp dir on a free port; migrated, and dropped (or the embedded server removed) by `close`.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import type { PoolOptions } from '../apps/api/src/plugins/db.ts';

/**
 * The pool options of a bench's own connection: it seeds 100 000 devices and millions of rows in statements
 * longer than the server's 60 s limit, so no statement limit (the server's own pools keep theirs).
 */
export const SEEDING: PoolOptions = { statementTimeoutMs: 0 };

export type BenchDatabase = {
  /** The fresh database's URL. */
  url: string;
  /** `version()` of the server, shortened. */
  version: string;
  /** Drops the database, stops the embedded server; safe to call twice. */
  close: () => Promise<void>;
};

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function openBenchDatabase(log: (msg: string) => void): Promise<BenchDatabase> {
  let embedded: EmbeddedPostgresHandle | undefined;
  let tempDir: string | undefined;
  let adminUrl: string;
  if (process.env.BENCH_DATABASE_URL) {
    adminUrl = process.env.BENCH_DATABASE_URL;
    log('Using BENCH_DATABASE_URL.');
  } else {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-bench-pg-'));
    chmodSync(tempDir, 0o755); // PostgreSQL runs as `postgres` when we are root.
    const t = performance.now();
    embedded = await startEmbeddedPostgres(tempDir, 0, {
      info: () => undefined,
      debug: () => undefined,
      error: (m) => console.error(m),
    });
    adminUrl = embedded.url;
    log(`Embedded PostgreSQL on 127.0.0.1:${embedded.port} (${(performance.now() - t).toFixed(0)} ms).`);
  }
  const dbName = `vnoc_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName}`);
  await admin.query(`create database ${dbName}`);
  const { rows } = await admin.query<{ v: string }>('select version() as v');
  await admin.end();

  let closed = false;
  return {
    url: withDatabase(adminUrl, dbName),
    version: rows[0]?.v.split(',')[0] ?? '',
    async close() {
      if (closed) return;
      closed = true;
      if (!embedded) {
        const client = new pg.Client({ connectionString: adminUrl });
        await client
          .connect()
          .then(() => client.query(`drop database if exists ${dbName} with (force)`))
          .catch((e: unknown) => log(`could not drop ${dbName}: ${String(e)}`))
          .finally(() => client.end().catch(() => undefined));
      }
      await embedded?.stop().catch(() => undefined);
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/** Runs a benchmark's main: cleans up on success, failure and Ctrl-C, and always exits 0 (a measurement). */
export async function runBench(
  log: (msg: string) => void,
  main: () => Promise<void>,
  cleanup: () => Promise<void>,
): Promise<never> {
  let exiting = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (exiting) return;
      exiting = true;
      log(`${signal}: cleaning up…`);
      void cleanup().finally(() => process.exit(0));
    });
  try {
    await main();
  } catch (error) {
    console.error('[bench] failed:', error);
  }
  exiting = true;
  await cleanup();
  process.exit(0);
}
