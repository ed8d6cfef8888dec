import { sql } from 'drizzle-orm';
import type { ModemSignal } from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import type { DeviceStatus, FleetDevice, StatusInterval, WanSample } from '../simulator/index.ts';
import type { DeviceDay } from '../simulator/usage.ts';

/** A device as the gateway keeps it: what the simulator needs, plus its organization for the records. */
export type GatewayDevice = FleetDevice & { organizationId: string };

/** Rows per statement for bulk inserts (arrays bound as one parameter per column, so no 65 535-parameter limit). */
export const BATCH = 20_000;

/** Consecutive slices of at most `size` items: one statement's parameter arrays stay bounded. */
export function* batchesOf<T>(items: readonly T[], size = BATCH): Generator<readonly T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

const iso = (ms: number) => new Date(ms).toISOString();
/** A JS array bound as one PostgreSQL array parameter (a bare array would be spread into a list). */
const arr = (values: readonly unknown[]) => sql.param(values);

/**
 * Every simulated device (driver `simulator`: devices that report for real are the device edge's) with its site's
 * state (its region), in a stable order (the simulator breaks ties by position).
 */
export async function loadDevices(db: DbOrTx): Promise<GatewayDevice[]> {
  const { rows } = await db.execute<{
    id: string;
    kind: FleetDevice['kind'];
    site_id: string;
    organization_id: string;
    region: string | null;
    status: DeviceStatus;
    modem_signal_statistics: ModemSignal[];
  }>(
    sql`select d.id, d.kind, d.site_id, d.organization_id, s.state as region, d.status, d.modem_signal_statistics
        from devices d join sites s on s.id = d.site_id where d.driver = 'simulator' order by d.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    siteId: r.site_id,
    organizationId: r.organization_id,
    region: r.region,
    status: r.status,
    modemSignalStatistics: r.modem_signal_statistics,
  }));
}

export type OpenInterval = { status: DeviceStatus; from: number };

/** Each device's current (open) status period. */
export async function loadOpenIntervals(db: DbOrTx): Promise<Map<string, OpenInterval>> {
  const { rows } = await db.execute<{ device_id: string; status: DeviceStatus; started_at: string | Date }>(
    sql`select device_id, status, started_at from device_status_intervals where ended_at is null`,
  );
  return new Map(
    rows.map((r) => [r.device_id, { status: r.status, from: new Date(r.started_at).getTime() }]),
  );
}

/** Status intervals (closed or open), in batches. */
export async function insertIntervals(
  db: DbOrTx,
  intervals: readonly StatusInterval[],
  orgOf: ReadonlyMap<string, string>,
): Promise<void> {
  for (const part of batchesOf(intervals)) {
    await db.execute(sql`
      insert into device_status_intervals (device_id, organization_id, status, started_at, ended_at)
      select * from unnest(
        ${arr(part.map((iv) => iv.deviceId))}::uuid[],
        ${arr(part.map((iv) => orgOf.get(iv.deviceId)))}::uuid[],
        ${arr(part.map((iv) => iv.status))}::text[],
        ${arr(part.map((iv) => iso(iv.from)))}::timestamptz[],
        ${arr(part.map((iv) => (iv.to === null ? null : iso(iv.to))))}::timestamptz[])`);
  }
}

/** WAN samples (times already real, whole ms), in batches; a sample already stored for that device and time is kept. */
export async function insertSamples(db: DbOrTx, samples: readonly WanSample[]): Promise<void> {
  for (const part of batchesOf(samples)) {
    await db.execute(sql`
      insert into wan_samples (device_id, time, source_interface, ip_address, ping, jitter, loss)
      select d, to_timestamp(t / 1000.0), i, a, p, j, l from unnest(
        ${arr(part.map((s) => s.deviceId))}::uuid[],
        ${arr(part.map((s) => s.at))}::float8[],
        ${arr(part.map((s) => s.sourceInterface))}::text[],
        ${arr(part.map((s) => s.ipAddress))}::text[],
        ${arr(part.map((s) => s.ping))}::real[],
        ${arr(part.map((s) => s.jitter))}::real[],
        ${arr(part.map((s) => s.loss))}::real[]) as x(d, t, i, a, p, j, l)
      on conflict do nothing`);
  }
}

/**
 * Daily rollups with their traffic; a day already rolled up for a device is replaced, except that a carrier
 * figure already stored is kept when the new row has none yet.
 */
export async function upsertRollups(
  db: DbOrTx,
  rollups: readonly DeviceDay[],
  orgOf: ReadonlyMap<string, string>,
): Promise<void> {
  for (const part of batchesOf(rollups)) {
    const col = <K extends keyof DeviceDay>(k: K) => arr(part.map((r) => r[k]));
    await db.execute(sql`
      insert into device_daily_stats (device_id, organization_id, day, seconds_online, seconds_offline,
        seconds_on_backup, seconds_on_primary, offline_events, backup_events, percent_online,
        percent_offline, percent_on_backup, percent_on_primary, wan_bytes_received, wan_bytes_transmitted,
        backup_usage_bytes, backup_usage_updated_at)
      select * from unnest(
        ${col('deviceId')}::uuid[],
        ${arr(part.map((r) => orgOf.get(r.deviceId)))}::uuid[],
        ${col('day')}::date[],
        ${col('secondsOnline')}::int[],
        ${col('secondsOffline')}::int[],
        ${col('secondsOnBackup')}::int[],
        ${col('secondsOnPrimary')}::int[],
        ${col('offlineEvents')}::int[],
        ${col('backupEvents')}::int[],
        ${col('percentOnline')}::float8[],
        ${col('percentOffline')}::float8[],
        ${col('percentOnBackup')}::float8[],
        ${col('percentOnPrimary')}::float8[],
        ${col('wanBytesReceived')}::bigint[],
        ${col('wanBytesTransmitted')}::bigint[],
        ${col('backupUsageBytes')}::bigint[],
        ${arr(part.map((r) => (r.backupUsageUpdatedAt === null ? null : iso(r.backupUsageUpdatedAt))))}::timestamptz[])
      on conflict (device_id, day) do update set
        seconds_online = excluded.seconds_online, seconds_offline = excluded.seconds_offline,
        seconds_on_backup = excluded.seconds_on_backup, seconds_on_primary = excluded.seconds_on_primary,
        offline_events = excluded.offline_events, backup_events = excluded.backup_events,
        percent_online = excluded.percent_online, percent_offline = excluded.percent_offline,
        percent_on_backup = excluded.percent_on_backup, percent_on_primary = excluded.percent_on_primary,
        wan_bytes_received = excluded.wan_bytes_received, wan_bytes_transmitted = excluded.wan_bytes_transmitted,
        backup_usage_bytes = coalesce(excluded.backup_usage_bytes, device_daily_stats.backup_usage_bytes),
        backup_usage_updated_at = coalesce(excluded.backup_usage_updated_at, device_daily_stats.backup_usage_updated_at)`);
  }
}

/** Drifted cellular readings, one statement for all devices with a modem. */
export async function writeSignals(
  db: DbOrTx,
  signals: readonly { id: string; signal: ModemSignal }[],
): Promise<void> {
  if (signals.length === 0) return;
  await db.execute(sql`
    update devices d set modem_signal_statistics = v.sig
    from unnest(${arr(signals.map((s) => s.id))}::uuid[],
                ${arr(signals.map((s) => JSON.stringify([s.signal])))}::jsonb[]) as v(id, sig)
    where d.id = v.id`);
}

export { arr, iso };
