import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { connectDatabase, runMigrations } from '../src/plugins/db.ts';
import { databaseUrl } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string; prefix: string };
  }
}

const quiet = { info: () => undefined, debug: () => undefined, error: (m: string) => console.error(m) };

/**
 * One PostgreSQL for the whole run (embedded in a temp dir, or TEST_DATABASE_URL), with a migrated
 * template database; each test file clones its own database from it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgresHandle | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-test-pg-'));
    // PostgreSQL runs as user `postgres` (we are root): it must be able to enter the directory.
    chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres(dir, 0, quiet, { durable: false });
    adminUrl = embedded.url;
  }
  const prefix = `vnoc_t${process.pid}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = connectDatabase(databaseUrl(adminUrl, template), 1);
  await runMigrations(database.pool);
  await database.close();
  await admin.end();
  project.provide('testDatabase', { adminUrl, template, prefix });

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    await client.end();
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
