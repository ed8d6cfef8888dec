/**
 * The gateway as bench/ingest.ts measures it: a process of its own running what main.ts runs for real devices —
 * the app (its HTTP server, for the console's GET /api/events), the event bus, the alert engine attached to the
 * app's ingest, and the device edge (startDeviceEdge: the embedded broker, or the gateway's clients of an
 * external broker with MQTT_URL and a shared subscription). Reads BENCH_APP_URL (the database),
 * BENCH_APP_JWT_SECRET and, for the external broker, BENCH_MQTT_URL, BENCH_SHARE_GROUP and BENCH_CLIENT_ID.
 * Sends `{ address, mqttUrl }` once listening; answers 'rss' with `{ rss, peak }` (`/proc/self/status` VmRSS and
 * VmHWM); 'stored' with `{ stored }` (reports the ingest stored so far); 'log' with the warnings and errors
 * logged; 'watch' / 'unwatch' start and stop `{ type: 'progress', count }` (the same count) every 50 ms, which
 * paces the devices on a broker that acknowledges on receipt; stops on 'close'.
 */
import { readFileSync } from 'node:fs';
import { buildApp } from '../apps/api/src/app.ts';
import { createEventBus } from '../apps/api/src/events/index.ts';
import { createAlertEngine } from '../apps/api/src/fleet/alerts/index.ts';
import { startDeviceEdge } from '../apps/api/src/fleet/edge/index.ts';
import { loadConfig } from '../apps/api/src/plugins/config.ts';
import { connectDatabase } from '../apps/api/src/plugins/db.ts';

const url = process.env.BENCH_APP_URL ?? '';
const external = process.env.BENCH_MQTT_URL;
const config = loadConfig({
  DATABASE_URL: url,
  JWT_SECRET: process.env.BENCH_APP_JWT_SECRET ?? '',
  DELIVERY: 'outbox',
  DEMO: '0',
  SIMULATOR: '0',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent-web-dist',
  MQTT_PORT: '0',
  MQTT_HOST: '127.0.0.1',
  ...(external
    ? { MQTT_URL: external, MQTT_SHARE_GROUP: process.env.BENCH_SHARE_GROUP ?? 'vnoc-bench' }
    : {}),
});
let warnings = 0;
let errors = 0;
const log = {
  info: () => undefined,
  warn: () => {
    warnings += 1;
  },
  error: (obj: unknown, msg: string) => {
    errors += 1;
    if (errors <= 5) console.error('[gateway]', msg, obj);
  },
};
const database = connectDatabase(url, config.pgPoolSize);
const events = createEventBus(config, { info: () => undefined, warn: () => undefined });
const app = await buildApp({ config, db: database.db, logger: false, events });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const alerts = createAlertEngine({
  db: database.db,
  log,
  publish: (organizationId, event) => events.publish(organizationId, event),
});
app.edge.ingest.attachAlerts(alerts);
/** Reports stored so far (the ingest answered ok): the bench's count, whichever broker acknowledged what. */
let stored = 0;
const ingest = app.edge.ingest;
const counted: typeof ingest = {
  ...ingest,
  report: async (...args) => {
    const outcome = await ingest.report(...args);
    if (outcome.ok) stored += 1;
    return outcome;
  },
};
const edge = await startDeviceEdge({
  config,
  db: database.db,
  log,
  ingest: counted,
  // No troubleshooting jobs run here: the job worker is never started.
  jobs: { start: () => ({}) as ReturnType<Parameters<typeof startDeviceEdge>[0]['jobs']['start']> },
  alerts,
  gatewayClientId: process.env.BENCH_CLIENT_ID,
});
if (!edge.broker) await edge.gateway.ready;
app.edge.attachConnections(edge);

function memory(): { rss: number; peak: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const send = (message: unknown) => process.send?.(message);
let watching: NodeJS.Timeout | undefined;
process.on('message', async (message) => {
  if (message === 'rss') send(memory());
  if (message === 'log') send({ warnings, errors });
  if (message === 'stored') send({ stored });
  if (message === 'watch') watching ??= setInterval(() => send({ type: 'progress', count: stored }), 50);
  if (message === 'unwatch') {
    clearInterval(watching);
    watching = undefined;
  }
  if (message === 'close') {
    await edge.stop();
    await app.close();
    await events.close();
    await database.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
send({ address, mqttUrl: edge.brokerUrl });
