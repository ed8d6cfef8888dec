import { z } from 'zod';
import { DIAGNOSTIC_ACTIONS } from './diagnostic-constants.ts';

/**
 * The device protocol (docs/device-protocol.md): how a device reports to vNOC and takes its commands.
 * Payloads are NetJSON `DeviceMonitoring` objects (the format OpenWrt's monitoring agent produces) with
 * vNOC's additions under the `vnoc` key. Every field but `type` is optional; unknown fields are dropped
 * (zod objects strip them), so a newer agent never breaks an older server.
 */

/** Bumped when a message changes incompatibly; devices send it in `vnoc.protocol`. */
export const DEVICE_PROTOCOL_VERSION = 1;

// ---- topics ----

/** Every device topic starts here; the device's id (its MQTT username and client id) follows. */
export const DEVICE_TOPIC_ROOT = 'vnoc/v1/devices';
export const DEVICE_TOPIC_KINDS = ['report', 'state', 'commands', 'results'] as const;
export type DeviceTopicKind = (typeof DEVICE_TOPIC_KINDS)[number];

/** `vnoc/v1/devices/{deviceId}/{kind}`. */
export const deviceTopic = (deviceId: string, kind: DeviceTopicKind) =>
  `${DEVICE_TOPIC_ROOT}/${deviceId}/${kind}`;

/** The device id and kind of a device topic, or null for any other topic. */
export function parseDeviceTopic(topic: string): { deviceId: string; kind: DeviceTopicKind } | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || `${parts[0]}/${parts[1]}/${parts[2]}` !== DEVICE_TOPIC_ROOT) return null;
  const kind = parts[4] as DeviceTopicKind;
  if (!parts[3] || !DEVICE_TOPIC_KINDS.includes(kind)) return null;
  return { deviceId: parts[3], kind };
}

// ---- NetJSON DeviceMonitoring (the parts vNOC reads) ----

const num = z.number().finite();
const count = z.number().finite().nonnegative();
const text = z.string().max(512);

const NetJsonStatisticsSchema = z.object({
  rx_bytes: count.optional(),
  tx_bytes: count.optional(),
  rx_packets: count.optional(),
  tx_packets: count.optional(),
  rx_errors: count.optional(),
  tx_errors: count.optional(),
  rx_dropped: count.optional(),
  tx_dropped: count.optional(),
  collisions: count.optional(),
});

export const NetJsonWirelessClientSchema = z.object({
  mac: text,
  signal: num.optional(),
  noise: num.optional(),
  auth: z.boolean().optional(),
  assoc: z.boolean().optional(),
  authorized: z.boolean().optional(),
});

const NetJsonWirelessSchema = z.object({
  ssid: text.optional(),
  mode: text.optional(),
  channel: num.optional(),
  frequency: num.optional(),
  tx_power: num.optional(),
  signal: num.optional(),
  noise: num.optional(),
  country: text.optional(),
  clients: z.array(NetJsonWirelessClientSchema).max(4096).optional(),
});

/** OpenWrt's ModemManager section: `signal.lte` carries rsrp/rsrq/snr/rssi. */
const NetJsonMobileSchema = z.object({
  imei: text.optional(),
  operator_name: text.optional(),
  operator_code: text.optional(),
  connection_status: text.optional(),
  signal: z
    .object({
      lte: z
        .object({ rsrp: num.optional(), rsrq: num.optional(), snr: num.optional(), rssi: num.optional() })
        .optional(),
      '5g': z.object({ rsrp: num.optional(), rsrq: num.optional(), snr: num.optional() }).optional(),
      umts: z.object({ rscp: num.optional(), ecio: num.optional() }).optional(),
      gsm: z.object({ rssi: num.optional() }).optional(),
    })
    .optional(),
});

export const NetJsonInterfaceSchema = z.object({
  name: text,
  type: text.optional(),
  up: z.boolean().optional(),
  mac: text.optional(),
  mtu: num.optional(),
  speed: text.optional(),
  addresses: z
    .array(z.object({ address: text, mask: num.optional(), family: text.optional(), proto: text.optional() }))
    .max(256)
    .optional(),
  statistics: NetJsonStatisticsSchema.optional(),
  wireless: NetJsonWirelessSchema.optional(),
  mobile: NetJsonMobileSchema.optional(),
});
export type NetJsonInterface = z.infer<typeof NetJsonInterfaceSchema>;

const NetJsonResourcesSchema = z.object({
  load: z.array(num).max(3).optional(),
  cpus: count.optional(),
  memory: z
    .object({
      total: count.optional(),
      free: count.optional(),
      available: count.optional(),
      buffered: count.optional(),
      cached: count.optional(),
      shared: count.optional(),
    })
    .optional(),
  swap: z.object({ total: count.optional(), free: count.optional() }).optional(),
  disk: z
    .array(
      z.object({
        filesystem: text.optional(),
        mount_point: text.optional(),
        size_bytes: count.optional(),
        used_bytes: count.optional(),
        available_bytes: count.optional(),
        used_percent: num.optional(),
      }),
    )
    .max(64)
    .optional(),
});

export const NetJsonDhcpLeaseSchema = z.object({
  expiry: num.optional(),
  mac: text,
  ip: text.optional(),
  client_name: text.optional(),
  client_id: text.optional(),
});

export const NetJsonNeighborSchema = z.object({
  mac: text.optional(),
  ip: text.optional(),
  interface: text.optional(),
  state: text.optional(),
});

/** vNOC's additions, under `vnoc`: what NetJSON has no field for. */
export const VnocAdditionsSchema = z.object({
  protocol: z.number().int().positive().optional(),
  /** The device's own view of its WAN: primary, or on its (LTE) backup. */
  connection: z.enum(['primary', 'secondary', 'none']).optional(),
  /** A WAN latency sample: the default route's interface and its probes to the configured target. */
  wan: z
    .object({
      interface: text,
      ipAddress: text.optional(),
      target: text.optional(),
      latencyMs: count.nullable().optional(),
      jitterMs: count.nullable().optional(),
      lossPercent: z.number().min(0).max(100).optional(),
    })
    .optional(),
  /** Cellular signal as the spec names it (modemSignalStatistics). */
  cellular: z
    .array(
      z.object({
        linkStatus: text.optional(),
        serviceType: text.optional(),
        rsrp: num.nullable().optional(),
        rsrq: num.nullable().optional(),
        sinr: num.nullable().optional(),
        rssi: num.nullable().optional(),
      }),
    )
    .max(8)
    .optional(),
  /** The port map (LAN/WAN ports by system number). */
  ports: z
    .array(z.object({ id: z.number().int(), systemNumber: z.number().int(), type: text }))
    .max(64)
    .optional(),
  vlans: z
    .array(z.object({ id: z.number().int(), name: text.optional(), subnet: text.optional() }))
    .max(4096)
    .optional(),
  configVersion: z.object({ versionName: text, internalChange: z.boolean().optional() }).optional(),
  /** The time the device took this sample (ms since the epoch): a buffered report keeps its own time. */
  sampledAt: z.number().int().nonnegative().optional(),
});
export type VnocAdditions = z.infer<typeof VnocAdditionsSchema>;

/** A telemetry report: a NetJSON DeviceMonitoring object. */
export const DeviceMonitoringSchema = z.object({
  type: z.literal('DeviceMonitoring', { error: 'The body must be a NetJSON DeviceMonitoring object.' }),
  general: z
    .object({ hostname: text.optional(), local_time: num.optional(), uptime: count.optional() })
    .optional(),
  resources: NetJsonResourcesSchema.optional(),
  interfaces: z.array(NetJsonInterfaceSchema).max(512).optional(),
  neighbors: z.array(NetJsonNeighborSchema).max(4096).optional(),
  dhcp_leases: z.array(NetJsonDhcpLeaseSchema).max(4096).optional(),
  vnoc: VnocAdditionsSchema.optional(),
});
export type DeviceMonitoring = z.infer<typeof DeviceMonitoringSchema>;

/** The largest message a device may send (bytes); larger ones are refused as malformed. */
export const DEVICE_MESSAGE_MAX_BYTES = 512 * 1024;

// ---- state, commands, results ----

/**
 * `…/state`: `online` when the device connects (retained), `gone` as its last will (or when it goes down),
 * `rebooting` just before it restarts. `at` (ms) is when it happened (default: when received).
 */
export const DEVICE_STATES = ['online', 'gone', 'rebooting'] as const;
export const DeviceStateMessageSchema = z.object({
  status: z.enum(DEVICE_STATES),
  at: z.number().int().nonnegative().optional(),
  /**
   * Which connection of the device this is (a stamp that grows with each connection, e.g. its time in ms), on
   * `online`, `rebooting` and the will's `gone`: a state of an earlier connection, or an `online` of one already
   * gone, is ignored (a scaled installation's workers may take a device's messages out of order).
   */
  session: z.number().int().nonnegative().optional(),
  agent: text.optional(),
  protocol: z.number().int().positive().optional(),
});
export type DeviceStateMessage = z.infer<typeof DeviceStateMessageSchema>;

/** What a device can be told to do: the troubleshooting actions, and keeping disabled ports off. */
export const DEVICE_COMMANDS = [...DIAGNOSTIC_ACTIONS, 'confirmLanPorts'] as const;
export type DeviceCommandName = (typeof DEVICE_COMMANDS)[number];

/** `…/commands` (vNOC → device, QoS 1). */
export const DeviceCommandSchema = z.object({
  id: z.uuid(),
  action: z.enum(DEVICE_COMMANDS),
  params: z.record(z.string(), z.unknown()).default({}),
  /** The device gives up (and answers a failure) after this long. */
  timeoutMs: z
    .number()
    .int()
    .positive()
    .max(15 * 60_000),
  sentAt: z.number().int().nonnegative(),
});
export type DeviceCommand = z.infer<typeof DeviceCommandSchema>;

/** `…/results` (device → vNOC): the command's result (the action's result schema) or why it failed. */
export const DeviceCommandResultSchema = z.discriminatedUnion('ok', [
  z.object({ id: z.uuid(), ok: z.literal(true), result: z.unknown() }),
  z.object({ id: z.uuid(), ok: z.literal(false), error: z.string().min(1).max(1000) }),
]);
export type DeviceCommandResult = z.infer<typeof DeviceCommandResultSchema>;

// ---- what the console reads of a reporting device ----

/** GET device/{id}/telemetry: the device's latest report as the console shows it; null parts were not reported. */
export const DeviceTelemetrySchema = z.object({
  driver: z.enum(['simulator', 'agent', 'openwisp']),
  /** When the latest report was taken (device time) and received; null: it never reported. */
  sampledAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  hostname: z.string().nullable(),
  uptimeSeconds: z.number().nullable(),
  resources: z
    .object({
      load: z.array(z.number()),
      cpus: z.number().nullable(),
      memoryUsedPercent: z.number().nullable(),
      diskUsedPercent: z.number().nullable(),
    })
    .nullable(),
  interfaces: z.array(
    z.object({
      name: z.string(),
      type: z.string().nullable(),
      up: z.boolean().nullable(),
      mac: z.string().nullable(),
      addresses: z.array(z.string()),
      rxBytes: z.number().nullable(),
      txBytes: z.number().nullable(),
      rxErrors: z.number().nullable(),
      txErrors: z.number().nullable(),
      rxDropped: z.number().nullable(),
      txDropped: z.number().nullable(),
    }),
  ),
  /** Wireless clients per access point interface and SSID. */
  wireless: z.array(
    z.object({
      interface: z.string(),
      ssid: z.string().nullable(),
      channel: z.number().nullable(),
      clients: z.array(z.object({ mac: z.string(), signal: z.number().nullable() })),
    }),
  ),
  dhcpLeases: z.array(
    z.object({
      mac: z.string(),
      ip: z.string().nullable(),
      clientName: z.string().nullable(),
      expiresAt: z.string().nullable(),
    }),
  ),
  /** Malformed messages from the device since the server started (they changed nothing). */
  malformedMessages: z.number().int().nonnegative(),
});
export type DeviceTelemetry = z.infer<typeof DeviceTelemetrySchema>;
