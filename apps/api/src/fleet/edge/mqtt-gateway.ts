/**
 * The gateway's MQTT client (docs/device-protocol.md, sections 2 and 5): connects to the embedded broker (in
 * process) or to an external one (`MQTT_URL`), subscribes to what devices send and hands each message to the
 * router (messages.ts), and publishes the commands (commands.ts).
 *
 * - External broker: reports and states through shared subscriptions (`$share/vnoc-gateway/…`), so N workers
 *   split the devices; results plainly on every worker (a worker settles only the commands it sent).
 * - Embedded broker (aedes has no shared subscriptions): the broker hands reports and states over in-process
 *   before it acknowledges them (broker.ts), so this client subscribes to results only; `consumeReports` makes
 *   it subscribe to reports and states too (a broker without that hand-over).
 *
 * A message is acknowledged (PUBACK) only once the router stored it. A message that could not be stored is not
 * acknowledged and the connection is renewed, so the broker sends it again (the session is persistent:
 * `clean: false`). mqtt.js hands a client's messages over one at a time and sends a QoS 1 message's PUBACK when
 * `handleMessage`'s callback is called; with `inFlight` above 1 the next messages are handed over while earlier
 * ones are being stored, and the PUBACKs follow in the order the messages came, as MQTT requires (acks.ts).
 */
import type { Duplex } from 'node:stream';
import { DEVICE_TOPIC_ROOT, type DeviceTopicKind } from '@vnoc/contracts';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { orderedAcks } from './acks.ts';
import type { DeviceMessageRouter, EdgeLog } from './messages.ts';

export type MqttGatewayOptions = {
  /** An external broker's URL (credentials in it, or `username`/`password`), or the embedded broker's stream. */
  connection: { url: string } | { stream: () => Duplex };
  username?: string;
  password?: string;
  /** Stable per worker: the broker keeps this client's session (and its unacknowledged messages) across restarts. */
  clientId: string;
  /**
   * The shared-subscription group for reports and states (an external broker with several workers: every worker
   * of one installation joins the same group); unset: plain subscriptions.
   */
  shareGroup?: string;
  /** Subscribe to reports and states (false when the embedded broker hands them over in-process). */
  consumeReports: boolean;
  /** Subscribe to command results (default true; a process's extra connections to the same broker need not). */
  consumeResults?: boolean;
  route: DeviceMessageRouter;
  log: EdgeLog;
  /**
   * MQTT 5 (an external broker that speaks it: Mosquitto 2, EMQX, HiveMQ) or 3.1.1 (default; the embedded broker
   * speaks only 3.1.1). With 5 the session expires an hour after the worker left, so a worker gone for good stops
   * taking its share of the devices' messages.
   */
  protocolVersion?: 4 | 5;
  /** Time between reconnection attempts (ms); default 1 s. */
  reconnectPeriodMs?: number;
  /**
   * How many of this connection's messages may be being stored at once (default 1: one at a time); with MQTT 5
   * also the Receive Maximum it asks of the broker. Their PUBACKs still go out in the order the messages came; a message that could not be stored renews the
   * connection, and the broker sends it and every later unacknowledged one again.
   */
  inFlight?: number;
};

export type MqttGateway = {
  client: MqttClient;
  /** Resolves once connected with every subscription granted; rejects when one was refused. */
  ready: Promise<void>;
  close: () => Promise<void>;
};

const allDevices = (kind: DeviceTopicKind) => `${DEVICE_TOPIC_ROOT}/+/${kind}`;

/** The subscriptions of a gateway client, as options set them. */
export function gatewaySubscriptions(
  options: Pick<MqttGatewayOptions, 'shareGroup' | 'consumeReports' | 'consumeResults'>,
): string[] {
  const share = (topic: string) => (options.shareGroup ? `$share/${options.shareGroup}/${topic}` : topic);
  return [
    ...(options.consumeReports ? [share(allDevices('report')), share(allDevices('state'))] : []),
    ...(options.consumeResults === false ? [] : [allDevices('results')]),
  ];
}

/** How long an external broker keeps a departed worker's session (MQTT 5): its queued share, then gone. */
export const GATEWAY_SESSION_EXPIRY_S = 3_600;

export function startMqttGateway(options: MqttGatewayOptions): MqttGateway {
  const { log, route } = options;
  const clientOptions: IClientOptions = {
    clientId: options.clientId,
    clean: false,
    keepalive: 60,
    reconnectPeriod: options.reconnectPeriodMs ?? 1_000,
    connectTimeout: 10_000,
    resubscribe: true,
    ...(options.username !== undefined ? { username: options.username } : {}),
    ...(options.password !== undefined ? { password: options.password } : {}),
    ...(options.protocolVersion === 5
      ? {
          protocolVersion: 5,
          properties: {
            sessionExpiryInterval: GATEWAY_SESSION_EXPIRY_S,
            // As many unacknowledged messages as it stores at once (the broker's default otherwise: 20 on Mosquitto).
            ...(options.inFlight && options.inFlight > 1 ? { receiveMaximum: options.inFlight } : {}),
          },
        }
      : { protocolVersion: 4 }),
  };
  const connection = options.connection;
  const client =
    'url' in connection
      ? mqtt.connect(connection.url, clientOptions)
      : new mqtt.MqttClient(() => connection.stream() as never, { ...clientOptions, protocolVersion: 4 });

  const acks = orderedAcks({
    client,
    limit: options.inFlight ?? 1,
    renew: () => client.stream?.destroy(),
  });
  client.handleMessage = (packet, callback) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const settle = acks.take(packet, callback);
    route(packet.topic, payload, Date.now()).then(
      (outcome) => settle(outcome === 'stored'),
      (error: unknown) => {
        // The router never throws; if it did, the message is sent again as above.
        log.error({ err: error, topic: packet.topic }, 'routing a device message failed');
        settle(false);
      },
    );
  };
  client.on('error', (error) => log.error({ err: error }, 'the gateway MQTT client had an error'));

  const topics = gatewaySubscriptions(options);
  // mqtt.js rejects when the broker refused one of them (return code 128).
  const subscribe = async () => {
    await client.subscribeAsync(topics, { qos: 1 });
  };
  const ready = new Promise<void>((resolve, reject) => {
    client.once('connect', (connack) => {
      // A session the broker kept has the subscriptions already; subscribing again is harmless and sure.
      void connack;
      subscribe().then(resolve, reject);
    });
  });
  ready.catch((error: unknown) => log.error({ err: error }, 'the gateway could not subscribe'));

  return {
    client,
    ready,
    close: async () => {
      await client.endAsync();
    },
  };
}
