import type { Device, DeviceSummary, TimeseriesSample, Transaction } from '@vnoc/contracts';
import type { ConfigVersion } from '../../db/schema.ts';
import { iso } from '../../http/iso.ts';
import type { DeviceRow, DeviceSummaryRow, WanSampleRow } from './repository.ts';

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
    portMapping: row.port_mapping,
    vlans: row.vlans,
    portLabels: row.port_labels,
    disabledPorts: row.disabled_ports,
    transactions: presentTransactions(row.config_versions),
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
