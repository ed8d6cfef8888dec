/**
 * What a device said on MQTT, handed to the seam (docs/device-protocol.md, section 2): a report to
 * `ingest.report`, its state to `ingest.online`/`gone`/`rebooting`, a command's result to whoever waits for it.
 * Used by the gateway's MQTT client (mqtt-gateway.ts) and by the embedded broker, which hands device messages
 * over in-process before it acknowledges them (broker.ts). Never throws: a message that is not JSON or not the
 * right shape is counted or logged with its device and changes nothing.
 */
import { DeviceStateMessageSchema, parseDeviceTopic } from '@vnoc/contracts';
import type { DeviceIngest } from './types.ts';

export type EdgeLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * `stored`: done with (stored, or malformed and counted): acknowledge it. `retry`: the store failed (e.g. the
 * database is away): do not acknowledge it, so the broker or the device sends it again.
 */
export type MessageOutcome = 'stored' | 'retry';

/** Handles one message from a device topic; `receivedAt` is when it came in (ms). */
export type DeviceMessageRouter = (
  topic: string,
  payload: Buffer,
  receivedAt: number,
) => Promise<MessageOutcome>;

export type DeviceMessageRouterOptions = {
  ingest: DeviceIngest;
  log: EdgeLog;
  /** A command's result (`…/results`), parsed JSON but not yet validated. */
  onResult?: (deviceId: string, body: unknown) => void;
};

/** The JSON in a payload, or `undefined` when it is none. */
function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

export function createDeviceMessageRouter(options: DeviceMessageRouterOptions): DeviceMessageRouter {
  const { ingest, log } = options;
  return async (topic, payload, receivedAt) => {
    const parsed = parseDeviceTopic(topic);
    if (!parsed) {
      log.warn({ topic }, 'a message on a topic that is not a device topic was ignored');
      return 'stored';
    }
    const { deviceId, kind } = parsed;
    try {
      switch (kind) {
        case 'report': {
          // As it came: the ingest parses it once (too big, or not JSON, is counted and logged there) and
          // takes its time from its `vnoc.sampledAt`.
          const outcome = await ingest.report(deviceId, payload, { source: 'agent', receivedAt });
          if (!outcome.ok && outcome.reason === 'unknown-device')
            log.warn({ deviceId }, 'a report from a device that does not report over MQTT was ignored');
          return 'stored';
        }
        case 'state': {
          const state = DeviceStateMessageSchema.safeParse(parseJson(payload));
          if (!state.success) {
            log.warn({ deviceId }, 'a malformed state message was ignored');
            return 'stored';
          }
          // When it happened, as the device says (a simulated device's change falls inside its tick), never later
          // than received.
          const at = Math.min(state.data.at ?? receivedAt, receivedAt);
          await ingest[state.data.status](deviceId, at, state.data.session);
          return 'stored';
        }
        case 'results': {
          // Stored by whoever waits for it, so refused here from a device whose secret was revoked or rotated.
          if (await ingest.refuses(deviceId, 'agent')) return 'stored';
          const body = parseJson(payload);
          if (body === undefined) log.warn({ deviceId }, 'a command result that is not JSON was ignored');
          else options.onResult?.(deviceId, body);
          return 'stored';
        }
        default:
          // `commands` go to devices; the gateway never subscribes to them.
          return 'stored';
      }
    } catch (error) {
      log.error({ err: error, deviceId, kind }, 'storing a device message failed; it will be sent again');
      return 'retry';
    }
  };
}
