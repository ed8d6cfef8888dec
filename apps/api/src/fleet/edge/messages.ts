/**
 * What a device said on MQTT, handed to the seam (docs/device-protocol.md, section 2): a report to
 * `ingest.report`, its state to `ingest.online`/`gone`/`rebooting`, a command's result to whoever waits for it.
 * Used by the gateway's MQTT client (mqtt-gateway.ts) and by the embedded broker, which hands device messages
 * over in-process before it acknowledges them (broker.ts). Never throws: a message that is not JSON or not the
 * right shape is counted or logged with its device and changes nothing.
 */
import { DEVICE_MESSAGE_MAX_BYTES, DeviceStateMessageSchema, parseDeviceTopic } from '@vnoc/contracts';
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

/** `vnoc.sampledAt` of a report when it is a time (ms); the ingest validates the rest. */
function sampledAtOf(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const vnoc = (body as { vnoc?: unknown }).vnoc;
  if (typeof vnoc !== 'object' || vnoc === null) return undefined;
  const at = (vnoc as { sampledAt?: unknown }).sampledAt;
  return typeof at === 'number' && Number.isSafeInteger(at) && at >= 0 ? at : undefined;
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
          // Too big, or not JSON: the ingest gets what cannot be a report, counts it and logs it.
          const body =
            payload.length > DEVICE_MESSAGE_MAX_BYTES
              ? `a message of ${payload.length} bytes (at most ${DEVICE_MESSAGE_MAX_BYTES})`
              : (parseJson(payload) ?? payload.toString('utf8').slice(0, 200));
          const outcome = await ingest.report(deviceId, body, {
            source: 'agent',
            receivedAt,
            sampledAt: sampledAtOf(body),
          });
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
          await ingest[state.data.status](deviceId, at);
          return 'stored';
        }
        case 'results': {
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
