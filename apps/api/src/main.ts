import path from 'node:path';
import { buildApp } from './app.ts';
import { createSeedBox } from './auth/seed-box.ts';
import { DataDirError, prepareDataDir } from './db/data-dir.ts';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './db/data-dir-lock.ts';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { createEventBus, type EventBus, jobEventPublisher } from './events/index.ts';
import { type AlertEngine, backfillAlertHistory, createAlertEngine } from './fleet/alerts/index.ts';
import { type DeviceEdgeTransport, startDeviceEdge } from './fleet/edge/index.ts';
import { createSimulatorControl } from './fleet/gateway/control.ts';
import {
  type AnswerCommand,
  backfillHistory,
  createActionHandlers,
  createCommandAnswerer,
  type Gateway,
  startGateway,
} from './fleet/gateway/index.ts';
import { createJobEngine, type JobEngine } from './fleet/jobs/index.ts';
import { createLogger } from './logger.ts';
import { sealPlaintextSeeds } from './modules/accounts/repository.ts';
import { retargetDevIssuer } from './modules/sso/index.ts';
import { queueAlertNotifications } from './notifications/fan-out.ts';
import { type Config, ConfigError, consoleUrl, loadConfig, resolveJwtSecret } from './plugins/config.ts';
import { connectDatabase, type Database, runMigrations } from './plugins/db.ts';
import { DEMO_USERS, seedDemo } from './seed/demo.ts';

/**
 * Days of WAN samples written at first seed. Status history (and the daily rollups) covers 30 days,
 * but 30 days of samples (~1.2 M rows) made the first start take ~20 s on a 2-core machine, and the
 * longest WAN chart (LAST_7_DAYS) never shows older samples.
 */
const HISTORY_SAMPLE_DAYS = 7;
/** Troubleshooting jobs one server runs at once. */
const JOB_CONCURRENCY = 64;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger(config);
  const embedded = config.databaseUrl === undefined;
  let lock: DataDirLock | undefined;
  let postgres: EmbeddedPostgresHandle | undefined;
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let gateway: Gateway | undefined;
  let edge: DeviceEdgeTransport | undefined;
  let alerts: AlertEngine | undefined;
  let jobs: JobEngine | undefined;
  let events: EventBus | undefined;

  let stopping: Promise<void> | undefined;
  const stop = (reason: string, code: number) => {
    stopping ??= (async () => {
      log.info(`Stopping (${reason})…`);
      // Jobs in flight are put back in the queue (they run again at the next start), then the simulator's
      // loop stops (and a running tick ends): both write through the pool, which closes after them.
      await jobs?.stop().catch((err: unknown) => log.error({ err }, 'stopping the job worker failed'));
      // The device edge's client, then its broker (no more reports to store), before the pool closes. A tick under
      // way then ends with its devices' messages unsent (sim-devices.ts); the next start goes on from what was stored.
      await edge?.stop().catch((err: unknown) => log.error({ err }, 'stopping the device edge failed'));
      await gateway?.stop().catch((err: unknown) => log.error({ err }, 'stopping the simulator failed'));
      await alerts?.stop().catch((err: unknown) => log.error({ err }, 'stopping the alert engine failed'));
      await app?.close().catch((err: unknown) => log.error({ err }, 'closing the HTTP server failed'));
      await events?.close().catch((err: unknown) => log.error({ err }, 'closing the event bus failed'));
      await database?.close().catch((err: unknown) => log.error({ err }, 'closing the database pool failed'));
      await postgres?.stop().catch((err: unknown) => log.error({ err }, 'stopping PostgreSQL failed'));
      lock?.release();
      log.info('Stopped.');
      process.exit(code);
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal, 0));
  // Last resort if something calls process.exit directly: never leave a stale lock behind.
  process.on('exit', () => lock?.release());

  try {
    if (embedded) {
      prepareDataDir(config.dataDir);
      lock = acquireDataDirLock(config.dataDir);
      postgres = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), config.pgPort, log);
      log.info(`Embedded PostgreSQL is running on 127.0.0.1:${postgres.port} (data in ${config.dataDir}/pg)`);
    }
    database = connectDatabase(
      config.databaseUrl ?? (postgres as EmbeddedPostgresHandle).url,
      config.pgPoolSize,
    );
    await runMigrations(database.pool);
    const jwtSecret = resolveJwtSecret(config);
    const sealed = await sealPlaintextSeeds(database.db, createSeedBox(jwtSecret));
    if (sealed > 0)
      log.info(`Encrypted the authenticator seeds of ${sealed} people (stored in plaintext before).`);
    const devSso = config.sso.devProvider;
    if (config.demo && (await seedDemo(database.db, config.demoPassword, new Date(), devSso)))
      log.info('Seeded the demo organizations, users and fleet.');
    // The demo's organizations follow the development identity provider when its address changed (PORT).
    if (devSso && (await retargetDevIssuer(database.db, devSso.clientId, devSso.issuer)))
      log.info(`Single sign-on of the demo organizations now uses ${devSso.issuer}`);
    if (config.demo) {
      // History for a fresh fleet (status intervals, WAN samples, daily rollups); no-op once it exists.
      const history = await backfillHistory(database.db, {
        seed: config.simSeed,
        now: Date.now(),
        sampleDays: HISTORY_SAMPLE_DAYS,
      });
      if (history)
        log.info(
          `Backfilled ${history.intervals} status intervals, ${history.samples} WAN samples and ${history.rollups} daily rollups for ${history.devices} devices in ${history.ms} ms.`,
        );
      const past = await backfillAlertHistory(database.db);
      if (past) log.info(`Backfilled ${past} past alerts from the status history.`);
    }

    // A job mostly waits for its device (the simulated duration), so one worker runs many at once: a
    // batch over a page of 50 devices finishes in about one test's time.
    events = createEventBus(config, log);
    const bus = events;
    jobs = createJobEngine({
      db: database.db,
      log,
      concurrency: JOB_CONCURRENCY,
      onChange: jobEventPublisher(database.db, bus, log),
    });
    const simulator = createSimulatorControl(config.simSpeed);
    app = await buildApp({
      config: { ...config, jwtSecret },
      db: database.db,
      loggerInstance: log,
      jobs,
      events,
      simulator,
    });
    await app.listen({ port: config.port, host: config.host });
    // Every process sends queued notifications (they share the queue); app.close() stops it before the pool.
    app.notifications.start();
    // Every process sends due scheduled reports too (claimed with SKIP LOCKED, so each run goes out once).
    app.reports.start();
    // And due webhook deliveries (claimed with SKIP LOCKED, one incident's in order).
    app.webhooks.start();
    // The alert engine runs whatever drives the devices (the simulator, real devices or both): fed by their
    // status changes, and sweeping for what time alone raises.
    const notifications = app.notifications;
    alerts = createAlertEngine({
      db: database.db,
      log,
      publish: (organizationId, event) => bus.publish(organizationId, event),
      notify: (tx, input) => queueAlertNotifications(tx, input, { consoleUrl: consoleUrl(config) }),
      notified: () => notifications.wake(),
      speed: config.simSpeed,
    });
    let simulatorHandlers: ReturnType<typeof createActionHandlers> | undefined;
    let simulatorAnswers: AnswerCommand | undefined;
    if (config.simulator) {
      // Its devices connect to the broker with the device edge (below) and publish what happens through it: the
      // device edge's ingest records it (status, alerts, live events, samples), as it records a real device's.
      gateway = await startGateway({
        db: database.db,
        log,
        seed: config.simSeed,
        speed: config.simSpeed,
        now: Date.now(),
      });
      simulator.attach(gateway);
      // The simulator answers the troubleshooting jobs of its own devices: as commands its devices take on the
      // broker (started with the device edge), in process only for a device not connected there.
      const answering = { db: database.db, gateway, seed: config.simSeed, speed: config.simSpeed, alerts };
      // Over the broker, a port action's answer is recorded by the device edge's handler, as a real device's.
      simulatorAnswers = createCommandAnswerer(answering, { recordPorts: false });
      simulatorHandlers = createActionHandlers(answering);
    }
    // Real devices (docs/device-protocol.md): the embedded MQTT broker unless MQTT_URL names one, the gateway's
    // client, and the job worker with every driver's handlers. The seam (the ingest) is the app's.
    // The ingest moves every device's status (real and simulated) in the same transaction as its alerts.
    app.edge.ingest.attachAlerts(alerts);
    edge = await startDeviceEdge({
      config,
      db: database.db,
      log,
      ingest: app.edge.ingest,
      jobs,
      simulatorHandlers,
      simulatorAnswers,
      alerts,
    });
    app.edge.attachConnections(edge);
    if (gateway && edge.simulatedDevices) {
      gateway.attachDevices(edge.simulatedDevices);
      // One tick first, so the fleet's heartbeats are current at once; then every TICK_MS.
      await gateway.tick(Date.now());
      gateway.run();
    }
    // The alert engine's sweeps start once the simulated fleet's heartbeats are current (none looks silent).
    alerts.run();
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    log.info(`vNOC is ready at http://${host}:${config.port}`);
    if (config.demo) {
      // The demo password is demo data, documented in the README; real secrets are never logged.
      log.info(
        `Demo sign-in: ${DEMO_USERS.map((u) => `${u.username} (${u.role})`).join(', ')} — password: ${config.demoPassword}`,
      );
    }
    if (devSso)
      log.info(
        `Development identity provider (single sign-on of the demo organizations): ${devSso.issuer} — demo users' emails, demo password`,
      );
    if (config.delivery === 'outbox')
      log.info(`Codes go to the dev outbox: GET /api/dev/outbox?to=<email or phone>`);
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DataDirError) log.error(error.message);
    else log.error({ err: error }, 'vNOC failed to start');
    await stop('start-up failed', 1);
  }
}

void main();
