/**
 * What the simulator's devices say over the device protocol (docs/device-protocol.md, sections 2 and 3): the
 * simulator decides what happens (engine.ts), and each simulated device publishes it as a device does, through
 * the device edge's ingest (the one path real devices take too). Pure: the gateway hands the messages to its
 * devices' connections (sim-devices.ts).
 *
 * - A change to `online` or `onbackup` is a report taken at that moment (`vnoc.connection` primary, secondary;
 *   `none` for an access point or switch), as a device coming back or failing over reports.
 * - A change to `offline` is the state `gone`, to `rebooting` the state `rebooting`, each with its time `at`.
 *   (An access point behind a down edge device could not say so itself: its `gone` stands for the broker losing it.)
 * - A WAN sample is a report at the sample's time with `vnoc.wan`; every tick each device that is up and heard from
 *   sends a heartbeat report at the tick's time, with its drifted cellular signal about once a minute.
 * - A device that lost its cloud connection (a `silent` episode) keeps its reports and sends them, each at its own
 *   time, once it is heard from again (or before its next status change), as the reference agent replays its buffer.
 *
 * Every message carries its own time (the simulated clock mapped back to real ms), never when it is received.
 */
import {
  DEVICE_PROTOCOL_VERSION,
  type DeviceMonitoring,
  type DeviceStateMessage,
  type VnocAdditions,
} from '@vnoc/contracts';
import type { ModemSignal } from '../../db/schema.ts';
import {
  type DeviceKind,
  type DeviceStatus,
  isEdgeKind,
  isUp,
  type StatusEvent,
  type WanSample,
} from '../simulator/index.ts';

export type SimMessage =
  | { deviceId: string; at: number; topic: 'report'; body: DeviceMonitoring }
  | { deviceId: string; at: number; topic: 'state'; body: DeviceStateMessage };

/** Where a tick's messages go: each device's in order, a device at a time per connection (sim-devices.ts). */
export type SimDeviceLink = {
  /** Publishes the messages (each device's in the given order); answers how many were acknowledged. `now`: the tick's time. */
  deliver: (messages: readonly SimMessage[], now: number) => Promise<{ sent: number; failed: number }>;
};

/** Messages by device, each device's in the order given (a device's are delivered one after another). */
export function byDevice(messages: readonly SimMessage[]): Map<string, SimMessage[]> {
  const out = new Map<string, SimMessage[]>();
  for (const m of messages) {
    const list = out.get(m.deviceId);
    if (list) list.push(m);
    else out.set(m.deviceId, [m]);
  }
  return out;
}

/** A device as its messages need it. */
export type SimMessageDevice = { id: string; kind: DeviceKind };

/** The link a device reports being on: primary, its backup, or none (not an edge device). */
function connectionOf(kind: DeviceKind, status: DeviceStatus): VnocAdditions['connection'] {
  if (!isEdgeKind(kind)) return 'none';
  return status === 'onbackup' ? 'secondary' : 'primary';
}

/** A report taken at `at` by a device that is `status` then. */
export function reportAt(
  device: SimMessageDevice,
  status: DeviceStatus,
  at: number,
  extra: { wan?: WanSample; signal?: ModemSignal } = {},
): SimMessage {
  const vnoc: VnocAdditions = {
    protocol: DEVICE_PROTOCOL_VERSION,
    sampledAt: at,
    connection: connectionOf(device.kind, status),
  };
  if (extra.wan)
    vnoc.wan = {
      interface: extra.wan.sourceInterface,
      // The simulator's sample names the probe's target (spec part 3), kept where the tick kept it.
      ipAddress: extra.wan.ipAddress,
      target: extra.wan.ipAddress,
      latencyMs: extra.wan.ping,
      jitterMs: extra.wan.jitter,
      lossPercent: extra.wan.loss,
    };
  if (extra.signal) vnoc.cellular = [extra.signal];
  return { deviceId: device.id, at, topic: 'report', body: { type: 'DeviceMonitoring', vnoc } };
}

/** The message of one status change, or none for a status no device reports (pending, unknown, …). */
export function statusMessage(device: SimMessageDevice, event: StatusEvent): SimMessage | undefined {
  if (isUp(event.to)) return reportAt(device, event.to, event.at);
  const status = event.to === 'offline' ? 'gone' : event.to === 'rebooting' ? 'rebooting' : undefined;
  if (!status) return undefined;
  return { deviceId: device.id, at: event.at, topic: 'state', body: { status, at: event.at } };
}

export type TickDevice = SimMessageDevice & {
  /** Its status at the end of the tick. */
  status: DeviceStatus;
  /** It lost its cloud connection at the end of the tick (its reports wait). */
  silent: boolean;
  /** Its cellular readings, when they are due to be reported this tick. */
  signal?: ModemSignal | null;
};

/**
 * A tick's messages, each device's in time order (a change before a sample at the same time), then its heartbeat
 * at `now`. `held` keeps the reports of silent devices across ticks (changed in place).
 */
export function tickMessages(
  tick: {
    now: number;
    devices: readonly TickDevice[];
    events: readonly StatusEvent[];
    samples: readonly WanSample[];
  },
  held: Map<string, SimMessage[]>,
): SimMessage[] {
  const byId = new Map(tick.devices.map((d) => [d.id, d]));
  const own = new Map<string, { messages: SimMessage[]; changed: boolean }>();
  const of = (id: string) => {
    let entry = own.get(id);
    if (!entry) {
      entry = { messages: [], changed: false };
      own.set(id, entry);
    }
    return entry;
  };
  for (const e of tick.events) {
    const d = byId.get(e.deviceId);
    const message = d && statusMessage(d, e);
    if (!message) continue;
    const entry = of(e.deviceId);
    entry.messages.push(message);
    entry.changed = true;
  }
  const samplesOf = new Map<string, WanSample[]>();
  for (const s of tick.samples) samplesOf.set(s.deviceId, [...(samplesOf.get(s.deviceId) ?? []), s]);
  for (const [id, samples] of samplesOf) {
    const d = byId.get(id);
    if (!d) continue;
    const entry = of(id);
    for (const s of samples)
      entry.messages.push(reportAt(d, s.sourceInterface === 'LTE' ? 'onbackup' : 'online', s.at, { wan: s }));
  }
  for (const d of tick.devices) {
    if (!isUp(d.status) || d.silent) continue;
    of(d.id).messages.push(reportAt(d, d.status, tick.now, d.signal ? { signal: d.signal } : {}));
  }

  const out: SimMessage[] = [];
  for (const [id, entry] of own) {
    // Stable: at the same time, a change comes before a sample.
    const messages = entry.messages.sort((a, b) => a.at - b.at);
    const d = byId.get(id);
    if (d?.silent && !entry.changed) {
      held.set(id, [...(held.get(id) ?? []), ...messages]);
      continue;
    }
    out.push(...(held.get(id) ?? []), ...messages);
    held.delete(id);
  }
  // A device heard from again with nothing new to say still sends what it kept.
  for (const [id, kept] of held) {
    if (own.has(id) || byId.get(id)?.silent) continue;
    out.push(...kept);
    held.delete(id);
  }
  return out;
}
