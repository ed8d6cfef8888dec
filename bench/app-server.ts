/**
 * The API as a bench measures it: its own process (as in production), started by bench/app.ts
 * startBenchApp over IPC. Reads BENCH_APP_URL and BENCH_APP_JWT_SECRET, and BENCH_POOL (its pool's size; by default as
 * production sizes it, PG_POOL_SIZE or twice the cores plus one); sends `{ address }` once listening,
 * answers `'rss'` with `{ rss }` (its resident set, for the CSV export's memory budget), publishes
 * `{ publish: { organizationId, event } }` on its event bus (as the alert engine would) and stops on `'close'`.
 */
import type { LiveEvent } from '@vnoc/contracts';
import { buildApp } from '../apps/api/src/app.ts';
import { createEventBus } from '../apps/api/src/events/index.ts';
import { loadConfig } from '../apps/api/src/plugins/config.ts';
import { connectDatabase } from '../apps/api/src/plugins/db.ts';

const url = process.env.BENCH_APP_URL ?? '';
const config = loadConfig({
  DATABASE_URL: url,
  JWT_SECRET: process.env.BENCH_APP_JWT_SECRET ?? '',
  DELIVERY: 'outbox',
  DEMO: '0',
  SIMULATOR: '0',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent-web-dist',
});
const database = connectDatabase(url, Number(process.env.BENCH_POOL ?? config.pgPoolSize));
const events = createEventBus(config, { info: () => undefined, warn: () => undefined });
const app = await buildApp({ config, db: database.db, logger: false, events });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const send = (message: unknown) => process.send?.(message);
process.on('message', async (message) => {
  if (message === 'rss') send({ rss: process.memoryUsage.rss() });
  if (typeof message === 'object' && message !== null && 'publish' in message) {
    const { organizationId, event } = (message as { publish: { organizationId: string; event: LiveEvent } })
      .publish;
    events.publish(organizationId, event);
  }
  if (message === 'close') {
    await app.close();
    await events.close();
    await database.close();
    process.exit(0);
  }
});
// The bench went away without closing: do not outlive it.
process.on('disconnect', () => process.exit(0));
send({ address });
