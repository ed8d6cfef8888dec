import {
  type Device,
  DeviceMonitoringSchema,
  type DeviceSummary,
  type DeviceTelemetry,
  deviceCapabilities,
  padPortMapping,
  type TimeseriesSample,
  type Transaction,
} from '@vnoc/contracts';
import type { ConfigVersion } from '../../db/schema.ts';
import { diskUsedPercent, memoryUsedPercent } from '../../fleet/edge/ingest.ts';
import { iso } from '../../http/iso.ts';
import type { DeviceRow, DeviceSummaryRow, TelemetryRow, WanSampleRow } from './repository.ts';

export function presentDeviceSummary(row: DeviceSummaryRow): DeviceSummary {
  return {
    id: row.id,
    name: row.name,
    macAddress: row.mac_address,
    deviceModelType: { manufacturer: row.manufacturer, model: row.model },
    kind: row.kind,
    site: { id: row.site_id, name: row.site_name },
    returnRequested: row.return_requested,
    status: row.status,
    connection: row.connection,
    lastUpdate: iso(row.last_update),
    lastBoot: iso(row.last_boot),
    driver: row.driver,
  };
}

/** Configuration versions are appended in order, so a version's id is its 1-based position. */
export function presentTransactions(versions: ConfigVersion[]): Transaction[] {
  return versions.map((v, i) => ({
    id: String(i + 1),
    versionName: v.versionName,
    internalChange: v.internalChange,
    at: v.at ?? null,
  }));
}

export function presentDevice(row: DeviceRow): Device {
  return {
    ...presentDeviceSummary(row),
    modemSignalStatistics: row.modem_signal_statistics,
    signalStrength: row.modem_signal_statistics[0]?.rsrp ?? null,
    portMapping: padPortMapping(row.port_mapping),
    vlans: row.vlans,
    portLabels: row.port_labels,
    disabledPorts: row.disabled_ports,
    transactions: presentTransactions(row.config_versions),
    capabilities: deviceCapabilities(row),
  };
}

export function presentSample(row: WanSampleRow): TimeseriesSample {
  return {
    time: iso(row.time) ?? '',
    sourceInterface: row.source_interface,
    ipAddress: row.ip_address,
    ping: row.ping,
    jitter: row.jitter,
  };
}

/** A lease's end (seconds since the epoch) as ISO text; null for none (0) or a time no date holds. */
const leaseEnd = (expiry: number | undefined) =>
  expiry !== undefined && expiry > 0 && expiry < 1e11 ? new Date(expiry * 1000).toISOString() : null;

/** GET device/{id}/telemetry: the latest report as the console shows it (a simulated device has none). */
export function presentTelemetry(row: TelemetryRow, malformedMessages: number): DeviceTelemetry {
  // Stored validated; read through the schema again so the answer never depends on an older shape's leftovers.
  const parsed = row.monitoring === null ? undefined : DeviceMonitoringSchema.safeParse(row.monitoring);
  const m = parsed?.success ? parsed.data : undefined;
  const interfaces = m?.interfaces ?? [];
  return {
    driver: row.driver,
    sampledAt: iso(row.sampled_at),
    receivedAt: iso(row.received_at),
    hostname: m?.general?.hostname ?? null,
    uptimeSeconds: m?.general?.uptime ?? null,
    resources: m?.resources
      ? {
          load: m.resources.load ?? [],
          cpus: m.resources.cpus ?? null,
          memoryUsedPercent: memoryUsedPercent(m),
          diskUsedPercent: diskUsedPercent(m),
        }
      : null,
    interfaces: interfaces.map((i) => ({
      name: i.name,
      type: i.type ?? null,
      up: i.up ?? null,
      mac: i.mac ?? null,
      addresses: (i.addresses ?? []).map((a) =>
        a.mask === undefined ? a.address : `${a.address}/${a.mask}`,
      ),
      rxBytes: i.statistics?.rx_bytes ?? null,
      txBytes: i.statistics?.tx_bytes ?? null,
      rxErrors: i.statistics?.rx_errors ?? null,
      txErrors: i.statistics?.tx_errors ?? null,
      rxDropped: i.statistics?.rx_dropped ?? null,
      txDropped: i.statistics?.tx_dropped ?? null,
    })),
    wireless: interfaces.flatMap((i) =>
      i.wireless
        ? [
            {
              interface: i.name,
              ssid: i.wireless.ssid ?? null,
              channel: i.wireless.channel ?? null,
              clients: (i.wireless.clients ?? []).map((c) => ({ mac: c.mac, signal: c.signal ?? null })),
            },
          ]
        : [],
    ),
    dhcpLeases: (m?.dhcp_leases ?? []).map((l) => ({
      mac: l.mac,
      ip: l.ip ?? null,
      clientName: l.client_name ?? null,
      expiresAt: leaseEnd(l.expiry),
    })),
    malformedMessages,
  };
}
