/**
 * An external MQTT broker asks vNOC who may connect and what each client may do (docs/device-protocol.md,
 * section 5), in the form EMQX's HTTP authentication and mosquitto-go-auth's HTTP backend call. The rules are
 * the embedded broker's (fleet/edge/acl.ts, credentials.ts): a device is its id as client id and username,
 * with its secret, and uses only its own topics; vNOC's gateway workers use the derived gateway password.
 */
import type { AppContext } from '../../context.ts';
import {
  checkDeviceSecret,
  GATEWAY_USERNAME,
  gatewayPasswordFor,
  MQTT_DRIVERS,
  type MqttAction,
  type MqttPrincipal,
  mqttTopicAllowed,
  sameSecret,
} from '../../fleet/edge/index.ts';

export type BrokerAuthInput = { clientid: string; username: string; password: string };
export type BrokerAclInput = {
  clientid: string;
  username: string;
  topic: string;
  action?: 'publish' | 'subscribe';
  /** mosquitto-go-auth: 1 read, 2 write, 3 read and write, 4 subscribe. */
  acc?: number;
};

/** Whether the broker's bearer token is the configured one (constant time); false when none is configured. */
export function brokerTokenValid(ctx: AppContext, token: string | undefined): boolean {
  const expected = ctx.config.mqtt.authToken;
  return expected !== undefined && token !== undefined && sameSecret(token, expected);
}

/** Whether the client may connect. */
export async function authorizeBrokerClient(ctx: AppContext, input: BrokerAuthInput): Promise<boolean> {
  const token = ctx.config.mqtt.authToken;
  if (input.username === GATEWAY_USERNAME)
    return token !== undefined && sameSecret(input.password, gatewayPasswordFor(token));
  if (input.clientid !== input.username) return false;
  const check = await checkDeviceSecret(ctx.db, input.username, input.password);
  const allowed = check.ok && MQTT_DRIVERS.includes(check.driver) && check.deviceId === input.username;
  if (!allowed)
    ctx.log.warn(
      { deviceId: input.username, reason: check.ok ? `driver ${check.driver}` : check.reason },
      'the MQTT broker asked about a device connection: refused',
    );
  return allowed;
}

/** The actions an ACL call asks about (`action`, else mosquitto-go-auth's `acc`); none: a call we refuse. */
function actionsOf(input: BrokerAclInput): MqttAction[] {
  if (input.action) return [input.action];
  switch (input.acc) {
    case 1:
      return ['read'];
    case 2:
      return ['publish'];
    case 3:
      return ['read', 'publish'];
    case 4:
      return ['subscribe'];
    default:
      return [];
  }
}

/**
 * Whether the client may use the topic. The broker authenticated it through `authorizeBrokerClient` first, so
 * the username names the principal (a gateway worker, or a device whose client id is its id).
 */
export function authorizeBrokerTopic(input: BrokerAclInput): boolean {
  const principal: MqttPrincipal | null =
    input.username === GATEWAY_USERNAME
      ? { kind: 'gateway' }
      : input.clientid === input.username
        ? { kind: 'device', deviceId: input.username }
        : null;
  const actions = actionsOf(input);
  return (
    principal !== null &&
    actions.length > 0 &&
    actions.every((a) => mqttTopicAllowed(principal, a, input.topic))
  );
}
