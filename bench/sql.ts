/**
 * The bare-SQL side of the benchmark. The statements are not replicated by hand: each benchmark request is
 * first answered once by the API's own service function (modules/sites/service.ts searchSites,
 * modules/devices/service.ts statusCounts) over a drizzle instance built like plugins/db.ts but with a
 * logger, which records every statement and its parameters exactly as drizzle hands them to `pg`. Those
 * statements are then replayed with plain `pg` clients.
 */
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createLiveAnswers } from '../apps/api/src/answers/live-answers.ts';
import { createSharedAnswers } from '../apps/api/src/answers/shared-answers.ts';
import type { AppContext } from '../apps/api/src/context.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import { createMemoryEventBus } from '../apps/api/src/events/memory-bus.ts';
import type { Db } from '../apps/api/src/plugins/db.ts';

export type Statement = { text: string; values: unknown[] };
export type CapturedRequest = { variant: string; statements: Statement[] };

/**
 * What a service call needs to be replayed for its statements: the database, a clock, and nothing shared
 * between calls (every call computes its answer, as a first caller does).
 */
export function statementContext(db: Db): AppContext {
  const bus = createMemoryEventBus({ info: () => undefined, warn: () => undefined });
  return {
    db,
    now: () => new Date(),
    sharedAnswers: createSharedAnswers(0, 0),
    liveAnswers: createLiveAnswers(bus, 0),
  } as unknown as AppContext;
}

export function statementCapture(pool: pg.Pool) {
  let log: Statement[] = [];
  const db: Db = drizzle(pool, {
    schema,
    logger: { logQuery: (text: string, values: unknown[]) => void log.push({ text, values: [...values] }) },
  });
  return {
    /** The statements `fn` issues through the db (run one at a time: the log is shared). */
    async capture(fn: (db: Db) => Promise<unknown>): Promise<Statement[]> {
      log = [];
      await fn(db);
      const out = log;
      log = [];
      return out;
    },
  };
}

export type LatencyStats = { count: number; p50: number; p90: number; p99: number; max: number };

export function stats(samples: number[]): LatencyStats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? Number.NaN;
  return { count: s.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: s[s.length - 1] ?? Number.NaN };
}

/**
 * `connections` pg clients, each looping until the deadline: take the next request (one shared
 * round-robin counter, as the HTTP load does) and run its statements in order on its connection.
 * Latency of a request = all of its statements.
 */
export async function runBare(
  url: string,
  requests: CapturedRequest[],
  options: { connections: number; warmupSeconds: number; seconds: number },
): Promise<{ all: number[]; byVariant: Map<string, number[]>; errors: number }> {
  const clients = await Promise.all(
    Array.from({ length: options.connections }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const phase = async (seconds: number, record: boolean) => {
    const all: number[] = [];
    const byVariant = new Map<string, number[]>();
    let errors = 0;
    let next = 0;
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < deadline) {
          const request = requests[next++ % requests.length] as CapturedRequest;
          const t0 = performance.now();
          try {
            for (const st of request.statements) await client.query({ text: st.text, values: st.values });
          } catch {
            errors++;
            continue;
          }
          if (!record) continue;
          const ms = performance.now() - t0;
          all.push(ms);
          const list = byVariant.get(request.variant) ?? [];
          list.push(ms);
          byVariant.set(request.variant, list);
        }
      }),
    );
    return { all, byVariant, errors };
  };
  try {
    await phase(options.warmupSeconds, false);
    return await phase(options.seconds, true);
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, with its parameters. */
export async function explain(client: pg.ClientBase, st: Statement): Promise<string[]> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>({
    text: `explain (analyze, buffers) ${st.text}`,
    values: st.values,
  });
  return rows.map((r) => r['QUERY PLAN']);
}

/** Each statement alone on one connection: the median of `runs` (ms), in order. */
export async function timeStatements(pool: pg.Pool, statements: Statement[], runs = 3): Promise<number[]> {
  const client = await pool.connect();
  try {
    const out: number[] = [];
    for (const st of statements) {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await client.query({ text: st.text, values: st.values });
        samples.push(performance.now() - t);
      }
      out.push(stats(samples).p50);
    }
    return out;
  } finally {
    client.release();
  }
}
