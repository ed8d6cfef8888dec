/**
 * Who may do what on the device topics (docs/device-protocol.md, sections 2 and 5): one rule for the embedded
 * broker (broker.ts) and for an external broker's HTTP ACL calls (modules/device-edge/routes-broker.ts).
 * A device publishes only to its own `report`, `state` and `results` topics and subscribes only to its own
 * `commands` topic; vNOC's gateway publishes commands and subscribes to what devices send (plainly, or through
 * a shared subscription of an external broker). Nothing else is allowed: no wildcards for devices, no `$SYS`.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  DEVICE_TOPIC_ROOT,
  type DeviceDriver,
  type DeviceTopicKind,
  parseDeviceTopic,
} from '@vnoc/contracts';

/** The MQTT username of vNOC's own gateway clients (never a device id: those are UUIDs). */
export const GATEWAY_USERNAME = 'vnoc-gateway';
/** A shared-subscription group's name (MQTT_SHARE_GROUP: one per installation, 'vnoc-gateway' by default). */
export const SHARE_GROUP = /^[A-Za-z0-9_-]{1,64}$/;

export type MqttPrincipal = { kind: 'device'; deviceId: string } | { kind: 'gateway' };
/** `read`: receiving a message on a concrete topic (an external broker asks before it delivers one). */
export type MqttAction = 'publish' | 'subscribe' | 'read';

/**
 * The drivers whose devices connect over MQTT: vNOC's agent, and the simulator's devices (sim-devices.ts), which
 * take their commands the same way. OpenWISP's agent posts over HTTP and never connects.
 */
export const MQTT_DRIVERS: readonly DeviceDriver[] = ['agent', 'simulator'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const DEVICE_PUBLISHES: readonly DeviceTopicKind[] = ['report', 'state', 'results'];
const GATEWAY_SUBSCRIBES: readonly DeviceTopicKind[] = ['report', 'state', 'results'];

/** Whether `principal` may publish to or subscribe to `topic`. */
export function mqttTopicAllowed(principal: MqttPrincipal, action: MqttAction, topic: string): boolean {
  if (principal.kind === 'device') {
    const parsed = parseDeviceTopic(topic);
    if (!parsed || parsed.deviceId !== principal.deviceId) return false;
    return action === 'publish' ? DEVICE_PUBLISHES.includes(parsed.kind) : parsed.kind === 'commands';
  }
  if (action !== 'subscribe') {
    // Commands to one device at a time; what one device sent, one message at a time.
    const parsed = parseDeviceTopic(topic);
    if (!parsed || !UUID.test(parsed.deviceId)) return false;
    return action === 'publish' ? parsed.kind === 'commands' : GATEWAY_SUBSCRIBES.includes(parsed.kind);
  }
  const shared = /^\$share\/([^/]+)\/(.*)$/.exec(topic);
  if (shared && !SHARE_GROUP.test(shared[1] as string)) return false;
  const parts = (shared ? (shared[2] as string) : topic).split('/');
  if (parts.length !== 5 || parts.slice(0, 3).join('/') !== DEVICE_TOPIC_ROOT) return false;
  return parts[3] === '+' && GATEWAY_SUBSCRIBES.includes(parts[4] as DeviceTopicKind);
}

/**
 * The gateway's password on an external broker that asks vNOC (section 5): derived from the broker's bearer
 * token, so that token itself never travels over MQTT, and checked here in constant time.
 */
export const gatewayPasswordFor = (authToken: string): string =>
  createHmac('sha256', authToken).update(GATEWAY_USERNAME).digest('base64url');

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Constant-time comparison of two secrets given as text (their digests: not even the length shows). */
export const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(digest(given), digest(expected));
