import { buildApp } from '../src/app.ts';
import { createTestDatabase, testConfig } from './helpers.ts';

/** A test app whose clock the test moves (`advance`), for the rules that wait. */
export async function createClockedApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  let clock = Date.parse('2026-03-02T15:00:00.000Z');
  const app = await buildApp({
    config: testConfig(env),
    db: database.db,
    logger: false,
    now: () => new Date(clock),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    pool: database.pool,
    now: () => new Date(clock),
    advance: (ms: number) => {
      clock += ms;
    },
    set: (at: Date | number) => {
      clock = typeof at === 'number' ? at : at.getTime();
    },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
export type ClockedApp = Awaited<ReturnType<typeof createClockedApp>>;
