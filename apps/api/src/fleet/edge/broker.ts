/**
 * The embedded MQTT broker (docs/device-protocol.md, section 2): aedes on `MQTT_PORT` (MQTT 3.1.1), with TLS
 * when `MQTT_TLS_CERT`/`MQTT_TLS_KEY` are set. A device connects with clientId = username = its id and its
 * secret as password (devices whose driver is 'agent', and the simulator's own); vNOC's gateway connects with a credential made at
 * start in this process (never stored, never logged). Topics follow acl.ts.
 *
 * Sessions and queued messages live in aedes' default in-memory persistence: a device with `clean: false` keeps
 * its command subscription and the QoS 1 commands sent while it was away, for as long as this process runs
 * (a restart forgets them; a scaled installation uses an external broker with its own persistence).
 *
 * With `consume`, what devices send on their `report` and `state` topics (their last will included) is handed
 * over in-process and acknowledged to the device (PUBACK) only once stored: a crash of this process loses no
 * message a device was told was received. Command results still reach the gateway's client as messages.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { type Duplex, duplexPair } from 'node:stream';
import tls from 'node:tls';
import { DEVICE_MESSAGE_MAX_BYTES, parseDeviceTopic } from '@vnoc/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Db } from '../../plugins/db.ts';
import { GATEWAY_USERNAME, MQTT_DRIVERS, type MqttPrincipal, mqttTopicAllowed, sameSecret } from './acl.ts';
import { checkDeviceSecret } from './credentials.ts';
import type { EdgeLog, MessageOutcome } from './messages.ts';
import type { DeviceConnections } from './types.ts';

export type GatewayCredentials = { username: string; password: string };

/** A credential for this process's gateway client: random at every start, kept in memory only. */
export const newGatewayCredentials = (): GatewayCredentials => ({
  username: GATEWAY_USERNAME,
  password: randomBytes(32).toString('base64url'),
});

export type EmbeddedBrokerOptions = {
  db: Db;
  log: EdgeLog;
  port: number;
  host: string;
  tls?: { certFile: string; keyFile: string };
  gatewayCredentials: GatewayCredentials;
  /** Device reports and states, stored before the device's PUBACK (see above); absent: only forwarded. */
  consume?: (topic: string, payload: Buffer, receivedAt: number) => Promise<MessageOutcome>;
};

export type EmbeddedBroker = DeviceConnections & {
  /** The port it listens on (the chosen one when `port` was 0). */
  port: number;
  /** `mqtt://host:port` or `mqtts://…`. */
  url: string;
  /** An in-process connection to the broker (no socket): the gateway's client uses it. */
  connectInProcess: () => Duplex;
  close: () => Promise<void>;
};

/** MQTT 3.1.1 CONNACK return codes. */
const NOT_AUTHORIZED = 5;
const SERVER_UNAVAILABLE = 3;

/** The largest packet read at all: a device message plus room for its topic and header. */
const MAX_PACKET_BYTES = DEVICE_MESSAGE_MAX_BYTES + 4096;

function refusal(returnCode: number): AuthenticateError {
  return Object.assign(new Error('Not authorized'), { returnCode }) as AuthenticateError;
}

/**
 * Cuts a connection whose next packet announces more than `max` bytes, before it is buffered (aedes reads
 * any size; its parser is mqtt-packet's, whose `_parseLength` reads the announced length). If a later aedes
 * changes that, `authorizePublish` still refuses the message, only after reading it.
 */
function limitPacketSize(client: Client, stream: Duplex, max: number): void {
  const parser = (
    client as unknown as { _parser?: { _parseLength?: () => boolean; packet: { length: number } } }
  )._parser;
  const parseLength = parser?._parseLength;
  if (!parser || !parseLength) return;
  parser._parseLength = function limited(this: unknown) {
    const done = parseLength.call(parser);
    if (done && parser.packet.length > max) {
      stream.destroy();
      return false;
    }
    return done;
  };
}

export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { db, log, gatewayCredentials, consume } = options;
  const principals = new WeakMap<Client, MqttPrincipal>();
  const devices = new Map<string, Client>();
  const sockets = new Set<Duplex>();
  /** While closing, nothing more is published: the wills of the devices cut off now are not theirs to send. */
  let closing = false;

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      if (!username || !secret) return done(refusal(NOT_AUTHORIZED), false);
      if (username === gatewayCredentials.username) {
        if (!sameSecret(secret, gatewayCredentials.password)) return done(refusal(NOT_AUTHORIZED), false);
        principals.set(client, { kind: 'gateway' });
        return done(null, true);
      }
      // A device is its id three times over: client id, username and the topics it may use.
      if (client.id !== username) {
        log.warn(
          { deviceId: username.slice(0, 64) },
          'a device connection whose client id is not its id was refused',
        );
        return done(refusal(NOT_AUTHORIZED), false);
      }
      checkDeviceSecret(db, username, secret).then(
        (check) => {
          if (check.ok && MQTT_DRIVERS.includes(check.driver) && check.deviceId === username) {
            principals.set(client, { kind: 'device', deviceId: check.deviceId });
            return done(null, true);
          }
          log.warn(
            { deviceId: username.slice(0, 64), reason: check.ok ? `driver ${check.driver}` : check.reason },
            'a device connection was refused',
          );
          done(refusal(NOT_AUTHORIZED), false);
        },
        (error: unknown) => {
          log.error({ err: error, deviceId: username }, 'checking a device secret failed');
          done(refusal(SERVER_UNAVAILABLE), false);
        },
      );
    },

    authorizePublish(client, packet, callback) {
      if (closing) return callback(new Error('the broker is closing'));
      // `client` is null only for a will aedes publishes for a client of a broker that is gone (shared
      // persistence; never here): it may only be a device's state.
      const principal: MqttPrincipal | undefined = client
        ? principals.get(client)
        : (() => {
            const parsed = parseDeviceTopic(packet.topic);
            return parsed?.kind === 'state'
              ? { kind: 'device' as const, deviceId: parsed.deviceId }
              : undefined;
          })();
      if (!principal || !mqttTopicAllowed(principal, 'publish', packet.topic)) {
        log.warn(
          {
            deviceId: principal?.kind === 'device' ? principal.deviceId : undefined,
            topic: packet.topic.slice(0, 200),
          },
          'a publish to a topic the client may not use was refused',
        );
        return callback(new Error('not authorized'));
      }
      if (principal.kind === 'gateway') return callback(null);
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      if (payload.length > DEVICE_MESSAGE_MAX_BYTES) {
        log.warn(
          { deviceId: principal.deviceId, bytes: payload.length },
          'a device message too large was refused',
        );
        return callback(new Error('message too large'));
      }
      const kind = parseDeviceTopic(packet.topic)?.kind;
      // Only a device's state is kept for later subscribers: a retained report or result would sit in memory.
      if (kind !== 'state') packet.retain = false;
      if (!consume || (kind !== 'report' && kind !== 'state')) return callback(null);
      consume(packet.topic, payload, Date.now()).then(
        // Not stored: the connection closes without a PUBACK and the device sends it again.
        (outcome) => callback(outcome === 'stored' ? null : new Error('not stored')),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },

    authorizeSubscribe(client, subscription, callback) {
      const principal = principals.get(client);
      if (principal && mqttTopicAllowed(principal, 'subscribe', subscription.topic))
        return callback(null, subscription);
      log.warn(
        {
          deviceId: principal?.kind === 'device' ? principal.deviceId : undefined,
          topic: subscription.topic,
        },
        'a subscription to a topic the client may not use was refused',
      );
      // A null subscription: SUBACK return code 128 (failure), the connection stays.
      callback(null, null);
    },
  });

  broker.on('client', (client) => {
    const principal = principals.get(client);
    if (principal?.kind === 'device') devices.set(principal.deviceId, client);
  });
  broker.on('clientDisconnect', (client) => {
    const principal = principals.get(client);
    if (principal?.kind === 'device' && devices.get(principal.deviceId) === client)
      devices.delete(principal.deviceId);
  });

  const track = (stream: Duplex) => {
    sockets.add(stream);
    stream.once('close', () => sockets.delete(stream));
  };
  const handle = (stream: Duplex) => {
    track(stream);
    const client = broker.handle(stream);
    limitPacketSize(client, stream, MAX_PACKET_BYTES);
    return client;
  };
  const server = options.tls
    ? tls.createServer(
        { cert: readFileSync(options.tls.certFile), key: readFileSync(options.tls.keyFile) },
        (socket) => void handle(socket),
      )
    : net.createServer((socket) => void handle(socket));
  // Every connection, also one still in its TLS handshake (it is no stream of the broker's yet): closed on close.
  server.on('connection', (socket: net.Socket) => track(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = options.host.includes(':') ? `[${options.host}]` : options.host;

  return {
    port,
    url: `${options.tls ? 'mqtts' : 'mqtt'}://${urlHost}:${port}`,
    connectInProcess() {
      // One end for the broker, the other for the client; both are ordinary streams of MQTT packets.
      const [brokerEnd, clientEnd] = duplexPair();
      // Like a socket: when one side closes, so does the other.
      brokerEnd.once('close', () => clientEnd.destroy());
      clientEnd.once('close', () => brokerEnd.destroy());
      handle(brokerEnd);
      return clientEnd;
    },
    disconnect(deviceId) {
      // Its will ('gone') is published as the connection ends.
      devices.get(deviceId.toLowerCase())?.close();
    },
    async close() {
      closing = true;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      // Connections that never finished connecting are no client of the broker's: cut them too.
      for (const socket of sockets) socket.destroy();
      await stopped;
    },
  };
}
