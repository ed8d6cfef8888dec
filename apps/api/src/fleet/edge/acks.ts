/**
 * A gateway connection's acknowledgements (mqtt-gateway.ts): a QoS 1 message is acknowledged only once it is
 * stored, and PUBACKs go out in the order the messages came (MQTT 3.1.1 section 4.6, MQTT 5 section 4.6).
 *
 * mqtt.js hands a client's messages to `handleMessage` one at a time and sends the PUBACK when its callback is
 * called without an error; called with one, it sends none and hands over the next message. With `limit` above 1
 * this module calls it so at once (up to `limit` messages being stored on the connection), keeps the messages in
 * the order they came and writes their PUBACKs itself (mqtt-packet, the encoder mqtt.js uses) as the oldest ones
 * are stored. A message that could not be stored renews the connection: the broker sends it and every later
 * unacknowledged message again (the session is persistent); a report stored twice is ignored the second time.
 */
import type { MqttClient } from 'mqtt';
import { type IPublishPacket, writeToStream } from 'mqtt-packet';

type Pending = { messageId: number; stream: unknown; stored: boolean | undefined };

export type OrderedAcks = {
  /** Takes a message handed to `handleMessage`; answers how to settle it once routed (stored or not). */
  take: (packet: IPublishPacket, callback: (error?: Error) => void) => (stored: boolean) => void;
  /** Messages taken and not yet acknowledged (tests, the bench). */
  pending: () => number;
};

/** Passed to mqtt.js's callback: no PUBACK from mqtt.js (this module writes it), and the next message comes. */
const ACKED_HERE = new Error('acknowledged in order by the gateway');

export function orderedAcks(options: { client: MqttClient; limit: number; renew: () => void }): OrderedAcks {
  const { client, limit, renew } = options;
  let queue: Pending[] = [];
  /** mqtt.js's callback while `limit` messages are being stored: called when one is acknowledged. */
  let held: (() => void) | undefined;
  const release = () => {
    const next = held;
    held = undefined;
    next?.();
  };
  // A connection that ended takes its unacknowledged messages with it: the broker sends them again.
  client.on('close', () => {
    queue = [];
    release();
  });

  const flush = () => {
    while (queue.length > 0 && queue[0]?.stored !== undefined) {
      const head = queue.shift() as Pending;
      if (head.stream !== client.stream) continue;
      if (!head.stored) {
        queue = [];
        release();
        renew();
        return;
      }
      writeToStream({ cmd: 'puback', messageId: head.messageId }, client.stream, {
        protocolVersion: client.options.protocolVersion,
      });
    }
    if (queue.length < limit) release();
  };

  return {
    take(packet, callback) {
      if (limit <= 1 || packet.qos !== 1 || packet.messageId === undefined) {
        return (stored) => {
          if (stored) return callback();
          callback(new Error('not stored'));
          renew();
        };
      }
      const entry: Pending = { messageId: packet.messageId, stream: client.stream, stored: undefined };
      queue.push(entry);
      const handOver = () => callback(ACKED_HERE);
      if (queue.length < limit) handOver();
      else held = handOver;
      return (stored) => {
        entry.stored = stored;
        flush();
      };
    },
    pending: () => queue.length,
  };
}
