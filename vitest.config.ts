import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const WEB_SRC = 'apps/web/src';
/** A web test that renders says so on its first line; it alone pays for jsdom and every locale bundle. */
const DOM_PRAGMA = /^\/\/ @vitest-environment jsdom$/m;
const webTests = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join(WEB_SRC, file));
const domTests = webTests.filter((file) => DOM_PRAGMA.test(readFileSync(file, 'utf8').slice(0, 200)));

/**
 * Every API file runs on the embedded PostgreSQL (18). These run a second time on the machine's (TEST_DATABASE_URL,
 * 15): the files whose SQL can answer differently by server version. A file joins with its reason.
 */
const SERVER_VERSION_SENSITIVE = [
  // How values come back (timestamps, intervals, numeric arrays, jsonb), prepared statements' plans, and the
  // session settings every connection starts with (jit, parallel workers, timeouts).
  'db',
  // What migrations build and the migrated template keeps: trigger-kept totals (plpgsql, upserts) that must equal
  // a live count after every kind of write.
  'alert-counts',
  'fleet-aggregates',
  'report-day-totals',
  // Every migration and the demo seed on a fresh database (DDL, generate_series, bulk inserts).
  'seed',
  // COPY … TO STDOUT streaming, and statement_timeout ending a stalled COPY.
  'csv-export',
  'stalled-downloads',
  // Date arithmetic across time zones, window functions and percentiles, json building in SQL.
  'reports',
  'analytics',
  // lower() and LIKE over the trigram-indexed search text; keyset paging with row comparisons.
  'sites',
].map((name) => `apps/api/test/${name}.test.ts`);

/**
 * A unit test's ceiling (Vitest's default is 5 s): on the slowest machines of this kind, loaded, DOM tests took up
 * to 3.8 s and timed out at 5 (docs/decisions/tooling.md, "Test ceilings").
 */
const UNIT_TIMEOUT_MS = 15_000;

const api = {
  include: ['apps/api/test/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['apps/api/test/global-setup.ts'],
  // Ceilings against a hung test, not timings (docs/decisions/tooling.md, "Test ceilings").
  testTimeout: 90_000,
  hookTimeout: 120_000,
  // Test files run in parallel, each in its own database cloned from a migrated template and its own app.
  fileParallelism: true,
  // Vitest's default is one worker fewer than the CPUs: one on CI's 2 cores, so the files ran one after the other,
  // each mostly waiting on PostgreSQL with a core idle. Two keep both cores busy (three were no faster: 172 s
  // against 167 s alone on CI's 2 cores). (The unit projects keep one: with two, each DOM file set up its own
  // jsdom, and devices.test.tsx timed out in every loaded run.)
  maxWorkers: 2,
  // A worker count of its own takes a turn of its own when every project runs in one process (after the units).
  sequence: { groupOrder: 1 },
  // A worker imports the app's modules once for all its files instead of once per file (8 files: 52 → 31 s of
  // CPU): no file mocks a module, and what the modules keep is either constant or keyed by the file's own pool.
  isolate: false,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          // Pure logic: no DOM, no locale set-up (a file that translates imports test/i18n-setup.ts itself).
          // The files keep no state between them, so one module graph serves every file of a worker.
          name: 'unit-pure',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'apps/agent/test/**/*.test.ts',
            `${WEB_SRC}/**/*.test.{ts,tsx}`,
          ],
          exclude: [...configDefaults.exclude, ...domTests],
          environment: 'node',
          isolate: false,
          testTimeout: UNIT_TIMEOUT_MS,
          setupFiles: [`${WEB_SRC}/test/file-reset.ts`],
        },
      },
      {
        test: {
          name: 'unit-dom',
          include: domTests,
          environment: 'jsdom',
          testTimeout: UNIT_TIMEOUT_MS,
          // One module graph and one jsdom serve every file of a worker (a quarter of the isolated tier's CPU):
          // dom-reset.ts puts back what a file may have left (the page, the stores, timers, stubs, language).
          isolate: false,
          setupFiles: [
            `${WEB_SRC}/test/i18n-setup.ts`,
            `${WEB_SRC}/test/file-reset.ts`,
            `${WEB_SRC}/test/dom-reset.ts`,
          ],
        },
      },
      { test: { ...api, name: 'api' } },
      { test: { ...api, name: 'api-pg', include: SERVER_VERSION_SENSITIVE } },
    ],
  },
});
