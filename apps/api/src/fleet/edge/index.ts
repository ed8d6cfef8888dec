/**
 * The device edge (docs/device-protocol.md): the embedded MQTT broker unless `MQTT_URL` names an external one,
 * the gateway's MQTT client, the command sender and the troubleshooting jobs of real devices, and the
 * heartbeat sweep. `startDeviceEdge` starts them in that order; `stop` ends them before the pool closes.
 */
import { hostname } from 'node:os';
import type { DiagnosticAction, JobAction } from '@vnoc/contracts';
import type { Config } from '../../plugins/config.ts';
import type { Db } from '../../plugins/db.ts';
import type { AlertEngine } from '../alerts/engine.ts';
import type { AnswerCommand } from '../gateway/actions.ts';
import { type SimulatedDevices, startSimulatedDevices } from '../gateway/sim-devices.ts';
import type { JobEngine, JobHandler } from '../jobs/index.ts';
import { GATEWAY_USERNAME, gatewayPasswordFor } from './acl.ts';
import { type EmbeddedBroker, newGatewayCredentials, startEmbeddedBroker } from './broker.ts';
import {
  type CommandSender,
  createCommandSender,
  createEdgeActionHandlers,
  routeJobsByDriver,
} from './commands.ts';
import { runSweeps } from './ingest.ts';
import { createDeviceMessageRouter, type EdgeLog } from './messages.ts';
import { type MqttGateway, startMqttGateway } from './mqtt-gateway.ts';
import type { DeviceConnections, DeviceIngest } from './types.ts';

export * from './acl.ts';
export * from './broker.ts';
export * from './commands.ts';
export * from './credentials.ts';
export * from './messages.ts';
export * from './mqtt-gateway.ts';
export * from './types.ts';

/**
 * Connections one server keeps to an external broker, all in the shared group, and how many messages each may
 * be storing at once (acks.ts: the PUBACKs wait for the store, in order), by the MQTT version it speaks. What
 * they hand over together is stored in one batch (ingest.ts), so up to connections × in flight reports are
 * stored at once; about 4 000 keep two batches of 1 000 (REPORT_BATCH_MAX) full. With MQTT 5 the gateway tells
 * the broker how many it takes at once (its Receive Maximum, which Mosquitto honours above its own
 * `max_inflight_messages`), so a few connections carry them all: fewer clients, sockets and reads for the same
 * reports (bench/README.md, "Device ingest"). With 3.1.1 the broker decides (Mosquitto's default: 20), so it
 * takes many connections: one message at a time per connection capped the batches at the number of connections
 * (4 stored ~900 reports/s through Mosquitto, 512 reached 42 % of a raw INSERT).
 */
export const EXTERNAL_BROKER_LINKS: Readonly<Record<4 | 5, { connections: number; inFlight: number }>> = {
  5: { connections: 32, inFlight: 128 },
  4: { connections: 256, inFlight: 20 },
};

/** How often silent devices are looked for (the ingest's sweep). */
export const SWEEP_EVERY_MS = 15_000;

export type DeviceEdgeOptions = {
  config: Pick<Config, 'mqtt'>;
  db: Db;
  log: EdgeLog;
  ingest: DeviceIngest;
  /** The job engine: its worker starts here with every driver's handlers. */
  jobs: Pick<JobEngine, 'start'>;
  /**
   * The simulator's handlers, when the simulator runs: in process, the fallback for a simulated device that is
   * not on the broker (`simulatorAnswers` absent, or its connection refused).
   */
  simulatorHandlers?: Readonly<Record<DiagnosticAction, JobHandler>>;
  /**
   * The simulator's answers, when it runs: its devices connect to the broker (gateway/sim-devices.ts) and their
   * jobs travel as commands, like a real device's.
   */
  simulatorAnswers?: AnswerCommand;
  alerts?: Pick<AlertEngine, 'evaluate' | 'committed'>;
  /** The gateway client's id on an external broker (its persistent session); default `vnoc-gateway-<host>`. */
  gatewayClientId?: string;
  /** How often silent devices are looked for; default SWEEP_EVERY_MS (tests with a short heartbeat sweep more often). */
  sweepEveryMs?: number;
};

export type DeviceEdgeTransport = DeviceConnections & {
  /** The embedded broker, when it runs. */
  broker: EmbeddedBroker | undefined;
  gateway: MqttGateway;
  /** All of the gateway's connections (`gateway` and, to an external broker, the others in the shared group). */
  gatewayConnections: readonly MqttGateway[];
  commands: CommandSender;
  /** Where devices connect (the embedded broker's listener, or the external broker). */
  brokerUrl: string;
  /** The simulator's devices on the broker, when the simulator runs. */
  simulatedDevices: SimulatedDevices | undefined;
  stop: () => Promise<void>;
};

export async function startDeviceEdge(options: DeviceEdgeOptions): Promise<DeviceEdgeTransport> {
  const { config, db, log, ingest } = options;
  const external = config.mqtt.url;
  let commands: CommandSender | undefined;
  const route = createDeviceMessageRouter({
    ingest,
    log,
    onResult: (deviceId, body) => commands?.onResult(deviceId, body),
  });

  let broker: EmbeddedBroker | undefined;
  let gateway: MqttGateway;
  /** More connections to an external broker, for reports and states only. */
  const extra: MqttGateway[] = [];
  if (external) {
    const url = new URL(external);
    // Credentials in MQTT_URL win; otherwise the one vNOC's HTTP authentication accepts for its gateway.
    const credentials =
      url.username || !config.mqtt.authToken
        ? {}
        : { username: GATEWAY_USERNAME, password: gatewayPasswordFor(config.mqtt.authToken) };
    const clientId = options.gatewayClientId ?? `${GATEWAY_USERNAME}-${hostname()}`;
    const links = EXTERNAL_BROKER_LINKS[config.mqtt.protocolVersion];
    const connect = (n: number) =>
      startMqttGateway({
        connection: { url: external },
        ...credentials,
        clientId: n === 0 ? clientId : `${clientId}-${n}`,
        shareGroup: config.mqtt.shareGroup,
        protocolVersion: config.mqtt.protocolVersion,
        consumeReports: true,
        // Commands go out and results come back on the first connection only.
        consumeResults: n === 0,
        inFlight: links.inFlight,
        route,
        log,
      });
    gateway = connect(0);
    extra.push(...Array.from({ length: links.connections - 1 }, (_, i) => connect(i + 1)));
    // An external broker may be away at start: the client keeps trying; the server starts meanwhile.
    gateway.ready.then(
      () => log.info({}, `The device gateway is connected to the MQTT broker at ${redacted(url)}`),
      () => undefined,
    );
  } else {
    const credentials = newGatewayCredentials();
    broker = await startEmbeddedBroker({
      db,
      log,
      port: config.mqtt.port,
      host: config.mqtt.host,
      tls: config.mqtt.tls,
      gatewayCredentials: credentials,
      consume: route,
    });
    const embedded = broker;
    gateway = startMqttGateway({
      connection: { stream: () => embedded.connectInProcess() },
      ...credentials,
      clientId: options.gatewayClientId ?? GATEWAY_USERNAME,
      consumeReports: false,
      route,
      log,
    });
    await gateway.ready;
    log.info({}, `The MQTT broker for devices is listening at ${broker.url}`);
  }
  commands = createCommandSender({ client: gateway.client, log });

  // The simulator's devices connect after the broker and the gateway's client, like any device.
  let simulated: SimulatedDevices | undefined;
  if (options.simulatorAnswers) {
    const embedded = broker;
    const rssBefore = process.memoryUsage().rss;
    simulated = await startSimulatedDevices({
      db,
      log,
      connection: embedded ? { stream: () => embedded.connectInProcess() } : { url: external ?? '' },
      protocolVersion: config.mqtt.protocolVersion,
      answer: options.simulatorAnswers,
    });
    // An external broker may be away at start: its devices connect when it is back (the server starts meanwhile).
    if (embedded) {
      await simulated.ready;
      const mb = (bytes: number) => Math.round(bytes / 1_048_576);
      log.info(
        {},
        `${simulated.size} simulated devices take their commands over the broker (RSS ${mb(rssBefore)} → ${mb(process.memoryUsage().rss)} MB)`,
      );
    }
  }

  const edgeHandlers = createEdgeActionHandlers({ db, commands, alerts: options.alerts });
  options.jobs.start(
    routeJobsByDriver(db, {
      simulator: simulatorJobs(simulated, edgeHandlers, options.simulatorHandlers),
      agent: edgeHandlers,
    }),
  );

  const sweeps = runSweeps(ingest, options.sweepEveryMs ?? SWEEP_EVERY_MS, { log });

  return {
    broker,
    gateway,
    gatewayConnections: [gateway, ...extra],
    commands,
    brokerUrl: broker?.url ?? redacted(new URL(external ?? '')),
    simulatedDevices: simulated,
    disconnect: (deviceId) => broker?.disconnect(deviceId),
    async stop() {
      // The simulator's devices first (their answers under way end unanswered), then the gateway's side.
      await simulated
        ?.stop()
        .catch((error: unknown) => log.error({ err: error }, 'stopping the simulated devices failed'));
      await sweeps.stop();
      // Every connection to an external broker: one left open would go on taking its share of the reports
      // after the pool closed (and, reconnecting, bring its persistent session back).
      await Promise.all(
        [gateway, ...extra].map((g) =>
          g.close().catch((error: unknown) => log.error({ err: error }, 'closing the gateway client failed')),
        ),
      );
      await broker
        ?.close()
        .catch((error: unknown) => log.error({ err: error }, 'closing the MQTT broker failed'));
      // Reports taken before the broker closed are stored (or refused) before the pool closes.
      await ingest.idle();
    },
  };
}

/**
 * The jobs of simulated devices: as commands through the broker for a device connected there (the edge's
 * handlers), in process otherwise; none when the simulator does not run.
 */
function simulatorJobs(
  simulated: SimulatedDevices | undefined,
  edge: Readonly<Record<JobAction, JobHandler>>,
  inProcess: Readonly<Record<DiagnosticAction, JobHandler>> | undefined,
): Readonly<Record<string, JobHandler>> | undefined {
  if (!simulated) return inProcess;
  return Object.fromEntries(
    Object.entries(inProcess ?? {}).map(([action, fallback]) => {
      const viaBroker = edge[action as JobAction];
      const handler: JobHandler = (job, signal) =>
        simulated.has(job.deviceId) ? viaBroker(job, signal) : fallback(job, signal);
      return [action, handler];
    }),
  );
}

/** A broker URL without its password, for the log. */
function redacted(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = '***';
  return copy.href;
}
