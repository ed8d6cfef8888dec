/**
 * The device edge (docs/device-protocol.md): the embedded MQTT broker unless `MQTT_URL` names an external one,
 * the gateway's MQTT client, the command sender and the troubleshooting jobs of real devices, and the
 * heartbeat sweep. `startDeviceEdge` starts them in that order; `stop` ends them before the pool closes.
 */
import { hostname } from 'node:os';
import type { DiagnosticAction } from '@vnoc/contracts';
import type { Config } from '../../plugins/config.ts';
import type { Db } from '../../plugins/db.ts';
import type { AlertEngine } from '../alerts/engine.ts';
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
 * Connections one server keeps to an external broker, all in the shared group: mqtt.js handles one client's
 * messages one at a time (the PUBACK waits for the store), so several connections store several at once, and
 * what they hand over together is stored in one batch (ingest.ts). With 4, one report per connection in
 * flight, the ingest stored ~900 reports/s through Mosquitto, under the 1 667/s of 100 000 devices
 * (bench/README.md, "Device ingest").
 */
export const EXTERNAL_BROKER_CONNECTIONS = 128;

/** How often silent devices are looked for (the ingest's sweep). */
export const SWEEP_EVERY_MS = 15_000;

export type DeviceEdgeOptions = {
  config: Pick<Config, 'mqtt'>;
  db: Db;
  log: EdgeLog;
  ingest: DeviceIngest;
  /** The job engine: its worker starts here with every driver's handlers. */
  jobs: Pick<JobEngine, 'start'>;
  /** The simulator's handlers, when the simulator runs. */
  simulatorHandlers?: Readonly<Record<DiagnosticAction, JobHandler>>;
  alerts?: Pick<AlertEngine, 'evaluate' | 'committed'>;
  /** The gateway client's id on an external broker (its persistent session); default `vnoc-gateway-<host>`. */
  gatewayClientId?: string;
};

export type DeviceEdgeTransport = DeviceConnections & {
  /** The embedded broker, when it runs. */
  broker: EmbeddedBroker | undefined;
  gateway: MqttGateway;
  commands: CommandSender;
  /** Where devices connect (the embedded broker's listener, or the external broker). */
  brokerUrl: string;
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
    const connect = (n: number) =>
      startMqttGateway({
        connection: { url: external },
        ...credentials,
        clientId: n === 0 ? clientId : `${clientId}-${n}`,
        shareGroup: config.mqtt.shareGroup,
        consumeReports: true,
        // Commands go out and results come back on the first connection only.
        consumeResults: n === 0,
        route,
        log,
      });
    gateway = connect(0);
    extra.push(...Array.from({ length: EXTERNAL_BROKER_CONNECTIONS - 1 }, (_, i) => connect(i + 1)));
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

  options.jobs.start(
    routeJobsByDriver(db, {
      simulator: options.simulatorHandlers,
      agent: createEdgeActionHandlers({ db, commands, alerts: options.alerts }),
    }),
  );

  const sweeps = runSweeps(ingest, SWEEP_EVERY_MS, { log });

  return {
    broker,
    gateway,
    commands,
    brokerUrl: broker?.url ?? redacted(new URL(external ?? '')),
    disconnect: (deviceId) => broker?.disconnect(deviceId),
    async stop() {
      await sweeps.stop();
      await gateway
        .close()
        .catch((error: unknown) => log.error({ err: error }, 'closing the gateway client failed'));
      await broker
        ?.close()
        .catch((error: unknown) => log.error({ err: error }, 'closing the MQTT broker failed'));
    },
  };
}

/** A broker URL without its password, for the log. */
function redacted(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = '***';
  return copy.href;
}
