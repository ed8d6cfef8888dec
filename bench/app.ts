/**
 * What every API benchmark sets up the same way: the two bench organizations with an ADMINISTRATOR of the
 * big one, and the app in-process on a loopback port with that administrator's full-session token (signed
 * as test/factories.ts does).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { createTokenService } from '../apps/api/src/auth/tokens.ts';
import { presentClaims } from '../apps/api/src/modules/users/present.ts';
import { findUserById, type UserWithOrg } from '../apps/api/src/modules/users/repository.ts';
import { loadConfig } from '../apps/api/src/plugins/config.ts';
import type { Db } from '../apps/api/src/plugins/db.ts';

/** Organizations A (the big fleet) and B (a small one, to catch a broken scope filter) and A's administrator. */
export async function insertBenchOrganizations(
  pool: pg.Pool,
  entitlements: readonly string[],
): Promise<{ orgA: string; orgB: string; userId: string }> {
  const orgs = await pool.query<{ id: string }>(
    `insert into organizations (name, email_domains, entitlements) values
       ('Bench Org A', '{bench-a.example}', $1), ('Bench Org B', '{bench-b.example}', $1) returning id`,
    [entitlements],
  );
  const [orgA, orgB] = orgs.rows.map((r) => r.id) as [string, string];
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (organization_id, username, password_hash, role, email_validated)
     values ($1, 'bench-admin@bench-a.example', 'not-a-hash', 'ADMINISTRATOR', true) returning id`,
    [orgA],
  );
  const userId = rows[0]?.id as string;
  await pool.query(`insert into contacts (user_id, first_name, last_name) values ($1, 'Bench', 'Admin')`, [
    userId,
  ]);
  return { orgA, orgB, userId };
}

export type BenchApp = {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  address: string;
  token: string;
  /** The administrator, as the services take it (for replaying their statements). */
  user: UserWithOrg;
  /** GET with the token; throws unless 200; the parsed JSON. */
  get: (path: string) => Promise<Record<string, unknown>>;
};

/** The app in-process (outbox delivery, no demo or simulator, silent) and a full-session token for `userId`. */
export async function startBenchApp(url: string, db: Db, userId: string): Promise<BenchApp> {
  const jwtSecret = randomBytes(32).toString('hex');
  const config = loadConfig({
    DATABASE_URL: url,
    JWT_SECRET: jwtSecret,
    DELIVERY: 'outbox',
    DEMO: '0',
    SIMULATOR: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
  });
  const user = await findUserById(db, userId);
  if (!user) throw new Error('bench user not found');
  const { token } = await createTokenService(jwtSecret).signSession(
    presentClaims(user, { isEmailValidated: true, isMfaValidated: true, isCredExpired: false }),
  );
  const app = await buildApp({ config, db, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const get = async (path: string) => {
    const r = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (r.status !== 200) throw new Error(`GET ${path} → ${r.status} ${await r.text()}`);
    return (await r.json()) as Record<string, unknown>;
  };
  return { app, address, token, user, get };
}
