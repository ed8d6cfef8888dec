import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { generateTotp } from '../src/auth/totp.ts';
import type { EventBus } from '../src/events/bus.ts';
import { createEventBus } from '../src/events/index.ts';
import { createJobEngine, type JobChange, type JobEngine } from '../src/fleet/jobs/index.ts';
import { type Config, loadConfig } from '../src/plugins/config.ts';
import { connectDatabase, type Db, type PoolOptions } from '../src/plugins/db.ts';
import { databaseUrl } from './database-url.ts';

export const TEST_JWT_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
    JWT_SECRET: TEST_JWT_SECRET,
    DELIVERY: 'outbox',
    DEMO: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    // A test that starts a broker takes a free port, never the machine's Mosquitto (1883) or the default.
    MQTT_PORT: '0',
    ...env,
  });
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  pool: pg.Pool;
  config: Config;
  /** The app's job engine: its worker is not started (tests start it with the handlers they need). */
  jobs: JobEngine;
  /**
   * Listens to the job engine's `onChange` hook (told each job state change once it is stored): what tests wait
   * on instead of polling a job. Answers the unsubscribe.
   */
  onJobChange: (listener: (changes: readonly JobChange[]) => void) => () => void;
  /** The app's live event bus (what the gateway and the alert engine publish on). */
  bus: EventBus;
  close: () => Promise<void>;
};

export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The advisory lock the test files' clones of the template take turns on. */
const CLONE_LOCK = 7_415_093;

/** A fresh database cloned from the migrated template, and the app built on it. */
export async function createTestDatabase(pool: PoolOptions = {}) {
  const { adminUrl, template, prefix } = inject('testDatabase');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // PostgreSQL refuses to clone a template another clone is reading ("being accessed by other users"): parallel
    // files take turns on a server-side lock instead of retrying on a timer.
    await admin.query('select pg_advisory_lock($1)', [CLONE_LOCK]);
    await admin.query(`create database ${name} template ${template}`);
    await admin.query('select pg_advisory_unlock($1)', [CLONE_LOCK]);
    // A test database is thrown away after its file: commits need not wait for the disk (the machine's own
    // PostgreSQL keeps its settings; this is the database's own, for every connection to it).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  const database = connectDatabase(url, 4, pool);
  return {
    ...database,
    /** Its URL, for a server process of its own (edge-crash.test.ts). */
    url,
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

type TestAppOptions = Pick<BuildAppOptions, 'outbound' | 'webhookOutbound'> & { pool?: PoolOptions };

export async function createTestApp(
  env: Record<string, string> = {},
  { pool, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(pool);
  const config = testConfig(env);
  const jobListeners = new Set<(changes: readonly JobChange[]) => void>();
  const jobs = createJobEngine({
    db: database.db,
    log: silentLog,
    onChange: (changes) => {
      for (const listener of jobListeners) listener(changes);
    },
  });
  const bus = createEventBus(config, silentLog);
  // The app's clock is `Date`, which a test's clock (clock.ts) moves; without it the rate limits' windows would run
  // on the process's monotonic clock, which no test can move on.
  const now = () => new Date();
  const app = await buildApp({ config, db: database.db, logger: false, jobs, events: bus, now, ...options });
  await app.ready();
  return {
    app,
    db: database.db,
    pool: database.pool,
    config,
    jobs,
    onJobChange: (listener) => {
      jobListeners.add(listener);
      return () => jobListeners.delete(listener);
    },
    bus,
    close: async () => {
      await jobs.stop();
      await app.close();
      await bus.close();
      await database.drop();
    },
  };
}

/**
 * For a file whose tests send a burst of a thousand calls at once: they queue on the pool's 4 connections for as
 * long as the machine makes it (~10 s alone, more with another file beside it), so the pool waits longer than the
 * server's 15 s and the burst is judged by its answers, not by the machine's speed.
 */
export const BURST_POOL: TestAppOptions = { pool: { acquireTimeoutMs: 120_000 } };

/**
 * The file's app: built on a fresh database before its tests, closed after them.
 * Read its fields inside hooks and tests only (they throw before the app is built).
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp({}, options);
  });
  afterAll(() => current?.close());
  const get = () => {
    if (!current) throw new Error('the test app is built in beforeAll; use it inside tests');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get pool() {
      return get().pool;
    },
    get config() {
      return get().config;
    },
    get jobs() {
      return get().jobs;
    },
    onJobChange: (listener) => get().onJobChange(listener),
    get bus() {
      return get().bus;
    },
    close: () => get().close(),
  };
}

/** The token a response carried in its Authorization header. */
export function tokenOf(response: LightMyRequestResponse): string {
  const header = response.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer '))
    throw new Error(`no token in response: ${response.body}`);
  return header.slice('Bearer '.length);
}

/** Decodes (without verifying) a JWT's payload. */
export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function count(
  pool: pg.Pool,
  table: string,
  where = 'true',
  params: unknown[] = [],
): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `select count(*) as n from ${table} where ${where}`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The newest code sent to an address or number, read from the dev outbox table. */
export async function latestCode(pool: pg.Pool, to: string): Promise<string> {
  const { rows } = await pool.query<{ code: string }>(
    'select code from outbox_messages where "to" = $1 order by created_at desc limit 1',
    [to],
  );
  const code = rows[0]?.code;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** A 6-digit code different from `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * A code the authenticator `secret` does not give from two 30-s steps ago to two ahead: wrong whenever the call
 * lands, even where it straddles a step (the server accepts the step before and after its own).
 */
export function wrongTotp(secret: string, now = Date.now()): string {
  const near = new Set([-2, -1, 0, 1, 2].map((step) => generateTotp(secret, now + step * 30_000)));
  let code = generateTotp(secret, now);
  while (near.has(code)) code = wrongCode(code);
  return code;
}

/** Sends the same request `times` times (to reach a rate limit) and answers the last one's status. */
export async function lastStatusOf(
  app: FastifyInstance,
  times: number,
  request: InjectOptions,
): Promise<number> {
  let status = 0;
  for (let i = 0; i < times; i++) status = (await app.inject(request)).statusCode;
  return status;
}

/** A password the policy refuses: 400 with the spec's id and message. */
export function expectPasswordPolicyRefusal(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    id: 'password_policy',
    message: 'Password does not meet requirements.',
  });
}

/** The Redis the tests use when one answers: TEST_REDIS_URL, else the machine's default port. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers PING at the URL within half a second (a fresh machine may have none). */
export async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(String(data))));
  });
}

/**
 * The token of the same session after POST access/reauthenticate with `password` (issue 34: a password
 * change or a change of factors from a signed-in session needs it).
 */
export async function reauthenticated(
  app: FastifyInstance,
  token: string,
  password: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/access/reauthenticate',
    headers: bearer(token),
    payload: { password },
  });
  expect(res.statusCode).toBe(200);
  return tokenOf(res);
}
