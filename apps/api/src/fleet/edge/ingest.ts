/**
 * The device edge's ingest (docs/device-protocol.md): the one place device reports are validated and stored,
 * whichever way they came (MQTT from vNOC's agent or the simulator's devices, OpenWISP's HTTP agent). A report is a
 * NetJSON DeviceMonitoring object; it is kept as the device's latest telemetry when it is its newest, as resource,
 * interface and WAN samples at the time it was taken (a replay is stored once), and it moves the device's status:
 * status periods, the device row, the alert engine in the same transaction, `device.status` after the commit
 * (fleet/gateway/status-records.ts).
 *
 * What moves the status: a report that is the device's newest, not marked as a buffered one (`current: false`),
 * and taken within the heartbeat timeout of its reception, says the device is up (`online`, or `onbackup` when
 * it reports being on its backup link). An older, buffered sample only adds history. A sample from the device's
 * future is taken as received (a device clock ahead must not hide every later report).
 *
 * Reports are stored in batches (batcher.ts): those that arrive while the database is busy share one transaction,
 * one statement per table, each device's reports in the order they came; each is answered only once its batch
 * is committed (bench/README.md, "Device ingest"). A device's state changes (`online`, `gone`, `rebooting`, the
 * sweep) each take a transaction of their own.
 */
import {
  DEVICE_MESSAGE_MAX_BYTES,
  type DeviceMonitoring,
  DeviceMonitoringSchema,
  type DeviceStatus,
  type LiveEvent,
} from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ModemSignal } from '../../db/schema.ts';
import type { Db, DbOrTx } from '../../plugins/db.ts';
import type { AlertChange, AlertEngine } from '../alerts/engine.ts';
import { iso, type OpenInterval } from '../gateway/sql.ts';
import { publishStatusEvents, recordEvents, type StatusDevice } from '../gateway/status-records.ts';
import type { DeviceKind, StatusEvent } from '../simulator/index.ts';
import { createKeyedBatcher } from './batcher.ts';
import { credentialRefused } from './credentials.ts';
import { retryDeadlocks } from './deadlock.ts';
import type { DeviceIngest, IngestOutcome, ReportSource } from './types.ts';

/** Drivers whose devices report for real (the simulator's are its own). */
export const EDGE_DRIVERS = ['agent', 'openwisp'] as const;
/**
 * Drivers whose devices' reports and states the ingest records: the real ones, and the simulator's, whose devices
 * publish over MQTT what the simulator decides (fleet/gateway/sim-messages.ts). Silence takes only a real device
 * offline (`sweep`): a simulated one goes down when the simulator says so.
 */
export const INGEST_DRIVERS: readonly string[] = [...EDGE_DRIVERS, 'simulator'];

export type DeviceIngestOptions = {
  db: Db;
  log: { warn: (obj: unknown, msg: string) => void; error: (obj: unknown, msg: string) => void };
  /** Live events (the event bus), told each status change once it is committed. */
  publish?: (organizationId: string, event: LiveEvent) => void;
  /** The alert engine; main.ts creates it after the app, so it may be attached later (`attachAlerts`). */
  alerts?: AlertEngine;
  /** A device of vNOC's agent silent this long is offline (`sweep`); 3 of its 60-second reports. */
  heartbeatTimeoutMs: number;
  /**
   * The same for OpenWISP's agent, which reports every 5 minutes by default (its `interval`): 3 missed reports,
   * never less than `heartbeatTimeoutMs`.
   */
  openwispHeartbeatTimeoutMs?: number;
  /**
   * Reports are stored in batches (batcher.ts, `createKeyedBatcher`): at most `maxReports` devices' reports in one
   * transaction, at most `concurrency` transactions at once (the rest wait, and gather into the next batch).
   */
  batch?: { maxReports?: number; concurrency?: number };
};

/**
 * Reports of at most this many devices per transaction: as many as the raw INSERT the bench compares with puts
 * in one (bench/README.md, "Device ingest"); fewer, larger statements cost the database less per report.
 */
export const REPORT_BATCH_MAX = 1_000;
/** Batches stored at once (each holds one pooled connection while it runs). */
export const REPORT_BATCH_CONCURRENCY = 2;

/** A device in these goes offline when it is gone (its will) or silent past its timeout (the sweep). */
const GOES_DOWN_FROM: readonly DeviceStatus[] = ['online', 'onbackup', 'rebooting'];

const REVOKED_MESSAGE = "The device's secret was revoked or rotated since it connected.";

/** OpenWISP's agent's default interval (openwisp-monitoring's `option interval '300'`). */
export const OPENWISP_REPORT_INTERVAL_MS = 300_000;

/** The ingest, and the alert engine attached once it runs. */
export type EdgeIngest = DeviceIngest & { attachAlerts: (alerts: AlertEngine) => void };

/** A valid report waiting for its batch (ingest.report). */
type PendingReport = {
  deviceId: string;
  data: DeviceMonitoring;
  sampledAt: number;
  receivedAt: number;
  current: boolean | undefined;
};

type Parsed = { ok: true; data: DeviceMonitoring } | { ok: false; message: string };

/** When the device booted, from the uptime its report gives (whole seconds), or null when it gives none. */
function bootOf(report: Pick<PendingReport, 'data' | 'sampledAt'>): string | null {
  const uptime = report.data.general?.uptime;
  if (uptime === undefined || !Number.isFinite(uptime)) return null;
  return iso(Math.round((report.sampledAt - uptime * 1000) / 1000) * 1000);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Counters stored as bigint: beyond this they would lose precision (or overflow the column). */
const MAX_COUNTER = Number.MAX_SAFE_INTEGER;
/** Load averages and WAN figures stored as real: no sane device reports more. */
const MAX_FIGURE = 1_000_000;

/** Where a string the database cannot keep (NUL, a lone UTF-16 surrogate) is in a parsed body, as a path. */
function unstorableTextAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string')
    return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path || '(body)' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [name, item] of Object.entries(value)) {
    const at = path ? `${path}.${name}` : name;
    if (name.includes('\u0000') || LONE_SURROGATE.test(name)) return at;
    const found = unstorableTextAt(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The first figure a column could not hold, as `path: message` (no allocation for a report within range). */
function outOfRange(data: DeviceMonitoring): string | undefined {
  const over = (value: number | null | undefined, max: number) =>
    value !== null && value !== undefined && Math.abs(value) > max;
  const tooLarge = (path: string, max: number) => `${path}: Number must be at most ${max}.`;
  if (over(data.general?.uptime, MAX_COUNTER)) return tooLarge('general.uptime', MAX_COUNTER);
  if (over(data.resources?.load?.[0], MAX_FIGURE)) return tooLarge('resources.load.0', MAX_FIGURE);
  if (over(data.vnoc?.wan?.latencyMs, MAX_FIGURE)) return tooLarge('vnoc.wan.latencyMs', MAX_FIGURE);
  if (over(data.vnoc?.wan?.jitterMs, MAX_FIGURE)) return tooLarge('vnoc.wan.jitterMs', MAX_FIGURE);
  const interfaces = data.interfaces ?? [];
  for (let i = 0; i < interfaces.length; i++) {
    const statistics = interfaces[i]?.statistics;
    if (!statistics) continue;
    for (const name in statistics) {
      if (over(statistics[name as keyof typeof statistics], MAX_COUNTER))
        return tooLarge(`interfaces.${i}.statistics.${name}`, MAX_COUNTER);
    }
  }
  return undefined;
}

/**
 * Text that may hold a string the database cannot keep: a NUL or a UTF-16 surrogate, raw or as a `\u` escape.
 * Text decoded from UTF-8 holds no lone surrogate (bad bytes decode to U+FFFD) and JSON refuses a raw control
 * character in a string, so a body without any of these needs no walk through its strings (the common case).
 */
const SURROGATE = /[\uD800-\uDFFF]/;
const mayBeUnstorable = (text: string) =>
  text.includes('\\u') || text.includes('\u0000') || SURROGATE.test(text);

/**
 * A report as the device sent it (its raw text or bytes, or already parsed JSON), validated. The raw payload is
 * the cheap way: its size is its length, and its text says whether its strings need checking (above).
 */
export function parseReport(body: unknown): Parsed {
  let value = body;
  let unstorable = true;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    if (size > DEVICE_MESSAGE_MAX_BYTES)
      return { ok: false, message: `The report is larger than ${DEVICE_MESSAGE_MAX_BYTES} bytes.` };
    const text =
      typeof body === 'string'
        ? body
        : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    unstorable = mayBeUnstorable(text);
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, message: 'The report is not valid JSON.' };
    }
  } else if (value !== null && typeof value === 'object') {
    if (Buffer.byteLength(JSON.stringify(value)) > DEVICE_MESSAGE_MAX_BYTES)
      return { ok: false, message: `The report is larger than ${DEVICE_MESSAGE_MAX_BYTES} bytes.` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'The report must be a JSON object (a NetJSON DeviceMonitoring).' };
  const result = DeviceMonitoringSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue?.path.map(String).join('.') ?? '';
    return { ok: false, message: `${path ? `${path}: ` : ''}${issue?.message ?? 'Invalid report.'}` };
  }
  const text = unstorable ? unstorableTextAt(result.data, '') : undefined;
  if (text !== undefined)
    return { ok: false, message: `${text}: Text cannot contain NUL characters or lone surrogates.` };
  const range = outOfRange(result.data);
  if (range) return { ok: false, message: range };
  return { ok: true, data: result.data };
}

// ---- what a report stores ----

const round = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n));
const clampPercent = (n: number) => Math.min(100, Math.max(0, n));

/** Memory in use (total less available, else free), percent of the total. */
export function memoryUsedPercent(data: DeviceMonitoring): number | null {
  const m = data.resources?.memory;
  if (!m?.total) return null;
  const left = m.available ?? m.free;
  return left === undefined ? null : clampPercent(((m.total - left) / m.total) * 100);
}

/** The root file system's use (else the first disk's), percent. */
export function diskUsedPercent(data: DeviceMonitoring): number | null {
  const disks = data.resources?.disk ?? [];
  const d = disks.find((x) => x.mount_point === '/') ?? disks[0];
  if (!d) return null;
  if (d.used_percent !== undefined) return clampPercent(d.used_percent);
  if (d.size_bytes && d.used_bytes !== undefined) return clampPercent((d.used_bytes / d.size_bytes) * 100);
  return null;
}

function wirelessClients(data: DeviceMonitoring): number | null {
  const aps = (data.interfaces ?? []).filter((i) => i.wireless);
  return aps.length === 0 ? null : aps.reduce((n, i) => n + (i.wireless?.clients?.length ?? 0), 0);
}

/** Cellular signal as the console reads it: `vnoc.cellular`, else OpenWrt's `interfaces[].mobile.signal`. */
export function cellularOf(data: DeviceMonitoring): ModemSignal[] | undefined {
  if (data.vnoc?.cellular)
    return data.vnoc.cellular.map((c) => ({
      linkStatus: c.linkStatus ?? 'connected',
      serviceType: c.serviceType ?? 'LTE',
      rsrp: c.rsrp ?? null,
      rsrq: c.rsrq ?? null,
      sinr: c.sinr ?? null,
      rssi: c.rssi ?? null,
    }));
  const modems = (data.interfaces ?? []).flatMap((i) => (i.mobile?.signal ? [i.mobile] : []));
  if (modems.length === 0) return undefined;
  return modems.flatMap((m): ModemSignal[] => {
    const linkStatus = m.connection_status ?? 'connected';
    const lte = m.signal?.lte;
    if (lte) return [radioSignal(linkStatus, 'LTE', lte, lte.rssi ?? null)];
    const nr = m.signal?.['5g'];
    if (nr) return [radioSignal(linkStatus, '5G', nr, null)];
    return [];
  });
}

type Radio = { rsrp?: number | undefined; rsrq?: number | undefined; snr?: number | undefined };

/** One modem radio's NetJSON figures as the signal kept (its SNR is our SINR; 5G reports no RSSI). */
function radioSignal(
  linkStatus: string,
  serviceType: 'LTE' | '5G',
  r: Radio,
  rssi: number | null,
): ModemSignal {
  return { linkStatus, serviceType, rsrp: r.rsrp ?? null, rsrq: r.rsrq ?? null, sinr: r.snr ?? null, rssi };
}

type LockedDevice = {
  id: string;
  organization_id: string;
  site_id: string;
  kind: DeviceKind;
  driver: string;
  status: DeviceStatus;
  /** Its secret was revoked, or rotated and not proved since: what it sends is refused (credentials.ts). */
  refused: boolean;
  sampled_at: Date | string | null;
};

/** The locked row's columns (devices `d`, its credential `c`: read under the same lock). */
const LOCKED_COLUMNS = sql`d.id, d.organization_id, d.site_id, d.kind, d.driver, d.status, ${credentialRefused} as refused`;
const LOCKED_FROM = sql`devices d left join device_credentials c on c.device_id = d.id`;

/**
 * The device's row, locked until the transaction ends (its reports are recorded one at a time), then its newest
 * stored sample's time. The second read is a statement of its own: after waiting for the lock, a joined row would
 * still be the one seen before the wait (PostgreSQL re-reads only the locked row), and a report that was newer than
 * a stale time would overwrite the newest one.
 */
async function lockDevice(tx: DbOrTx, deviceId: string): Promise<LockedDevice | undefined> {
  const { rows } = await tx.execute<Omit<LockedDevice, 'sampled_at'>>(sql`
    select ${LOCKED_COLUMNS} from ${LOCKED_FROM} where d.id = ${deviceId} for update of d`);
  const device = rows[0];
  if (!device) return undefined;
  const stored = await tx.execute<{ sampled_at: Date | string }>(
    sql`select sampled_at from device_telemetry where device_id = ${deviceId}`,
  );
  return { ...device, sampled_at: stored.rows[0]?.sampled_at ?? null };
}

/**
 * The rows of several devices, locked in the order of their ids (so two batches, or a batch and a single
 * device's change, never wait on each other in a circle), then their newest stored samples' times (read after
 * the locks, as above).
 */
async function lockDevices(tx: DbOrTx, deviceIds: readonly string[]): Promise<Map<string, LockedDevice>> {
  const ids = sql.param([...deviceIds]);
  const { rows } = await tx.execute<Omit<LockedDevice, 'sampled_at'>>(sql`
    select ${LOCKED_COLUMNS} from ${LOCKED_FROM} where d.id = any(${ids}::uuid[]) order by d.id for update of d`);
  const stored = await tx.execute<{ device_id: string; sampled_at: Date | string }>(
    sql`select device_id, sampled_at from device_telemetry where device_id = any(${ids}::uuid[])`,
  );
  const times = new Map(stored.rows.map((r) => [r.device_id, r.sampled_at]));
  return new Map(rows.map((d) => [d.id, { ...d, sampled_at: times.get(d.id) ?? null }]));
}

const statusDevice = (d: LockedDevice): StatusDevice => ({
  id: d.id,
  organizationId: d.organization_id,
  siteId: d.site_id,
  kind: d.kind,
});

/** Whether a report gives any figure of a resource sample (uptime, resources, wireless interfaces). */
const hasResourceFigures = (s: Sample) =>
  s.data.general?.uptime !== undefined ||
  s.data.resources !== undefined ||
  (s.data.interfaces ?? []).some((i) => i.wireless);

/** A report to store: its device (locked), what it says and when it was taken. */
type Sample = { deviceId: string; data: DeviceMonitoring; at: number };

/** An array parameter: `f` of every item. */
const col = <T>(list: readonly T[], f: (x: T) => unknown) => sql.param(list.map(f));

/**
 * Runs the writes as one statement (each a data-modifying WITH query: PostgreSQL runs every one of them, once,
 * on the same snapshot). They must touch different tables. One round trip instead of one per table: a batch's
 * time is mostly its round trips when the machine is busy.
 */
async function writeTogether(tx: DbOrTx, writes: readonly SQL[]): Promise<void> {
  if (writes.length === 0) return;
  const parts = writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`);
  await tx.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}

/**
 * History rows of samples (each at its own time; a sample already stored is kept as it is): one insert per
 * table for all of them (array parameters, unnest), however many devices they come from.
 */
function historyWrites(samples: readonly Sample[]): SQL[] {
  if (samples.length === 0) return [];
  // A report with no resource figure (a simulated device's heartbeat) adds no resource sample.
  const res = samples.filter(hasResourceFigures);
  const writes: SQL[] = [];
  if (res.length > 0)
    writes.push(sql`
    insert into device_resource_samples (device_id, time, load1, memory_used_percent, disk_used_percent,
      uptime_seconds, wireless_clients)
    select * from unnest(${col(res, (s) => s.deviceId)}::uuid[], ${col(res, (s) => iso(s.at))}::timestamptz[],
      ${col(res, (s) => s.data.resources?.load?.[0] ?? null)}::real[],
      ${col(res, (s) => memoryUsedPercent(s.data))}::real[], ${col(res, (s) => diskUsedPercent(s.data))}::real[],
      ${col(res, (s) => round(s.data.general?.uptime))}::bigint[],
      ${col(res, (s) => wirelessClients(s.data))}::integer[])
    on conflict do nothing`);
  const itfs = samples.flatMap((s) =>
    (s.data.interfaces ?? []).filter((i) => i.statistics || i.up !== undefined).map((i) => ({ s, i })),
  );
  if (itfs.length > 0) {
    const stat = (k: 'rx_bytes' | 'tx_bytes' | 'rx_errors' | 'tx_errors') =>
      col(itfs, (x) => round(x.i.statistics?.[k]));
    writes.push(sql`
      insert into device_interface_samples (device_id, interface, time, up, rx_bytes, tx_bytes, rx_errors, tx_errors)
      select * from unnest(${col(itfs, (x) => x.s.deviceId)}::uuid[], ${col(itfs, (x) => x.i.name)}::text[],
        ${col(itfs, (x) => iso(x.s.at))}::timestamptz[], ${col(itfs, (x) => x.i.up ?? null)}::boolean[],
        ${stat('rx_bytes')}::bigint[], ${stat('tx_bytes')}::bigint[],
        ${stat('rx_errors')}::bigint[], ${stat('tx_errors')}::bigint[])
      on conflict do nothing`);
  }
  // A WAN sample's address is what was probed (spec's Timeseries sample, as the simulator stores it: the console
  // shows "over <interface> to <address>"), not the device's own WAN address.
  const wans = samples.flatMap((s) => (s.data.vnoc?.wan ? [{ s, wan: s.data.vnoc.wan }] : []));
  if (wans.length > 0)
    writes.push(sql`
      insert into wan_samples (device_id, time, source_interface, ip_address, ping, jitter, loss)
      select * from unnest(${col(wans, (x) => x.s.deviceId)}::uuid[], ${col(wans, (x) => iso(x.s.at))}::timestamptz[],
        ${col(wans, (x) => x.wan.interface)}::text[], ${col(wans, (x) => x.wan.target ?? '')}::text[],
        ${col(wans, (x) => x.wan.latencyMs ?? null)}::real[], ${col(wans, (x) => x.wan.jitterMs ?? null)}::real[],
        ${col(wans, (x) => x.wan.lossPercent ?? 0)}::real[])
      on conflict do nothing`);
  return writes;
}

/** A device's newest report: kept as its latest telemetry. */
type Latest = { d: LockedDevice; data: DeviceMonitoring; sampledAt: number; receivedAt: number };

/**
 * The devices' latest reports: one upsert for all of them (at most one report per device). Their bodies go as
 * one JSON array, matched to the other columns by position: as a text array each ~1 kB body was escaped again
 * for the array literal (node-postgres), a good part of the gateway's CPU per report.
 */
function latestWrites(latest: readonly Latest[]): SQL[] {
  if (latest.length === 0) return [];
  const of = (f: (x: Latest) => unknown) => col(latest, f);
  return [
    sql`
    insert into device_telemetry (device_id, organization_id, sampled_at, received_at, monitoring)
    select x.d, x.o, x.s, x.r, m.body
    from unnest(${of((x) => x.d.id)}::uuid[], ${of((x) => x.d.organization_id)}::uuid[],
      ${of((x) => iso(x.sampledAt))}::timestamptz[], ${of((x) => iso(x.receivedAt))}::timestamptz[])
      with ordinality as x(d, o, s, r, n)
    join jsonb_array_elements(${JSON.stringify(latest.map((x) => x.data))}::jsonb) with ordinality as m(body, n)
      using (n)
    on conflict (device_id) do update set sampled_at = excluded.sampled_at, received_at = excluded.received_at,
      monitoring = excluded.monitoring`,
  ];
}

/** A live report (its device's newest, taken within the heartbeat timeout): it moves the device's status. */
type Live = { d: LockedDevice; report: PendingReport };

/**
 * The device rows of live reports: last heard from, and the last boot — the sample's time less the uptime it
 * reports (whole seconds), kept unless it moved by more than a minute, so the clocks' jitter does not rewrite it
 * every report.
 */
function liveWrites(live: readonly Live[]): SQL[] {
  if (live.length === 0) return [];
  return [
    sql`
    update devices d set last_update = greatest(d.last_update, x.t),
      last_boot = case
        when x.b is null then d.last_boot
        when d.last_boot is null or abs(extract(epoch from d.last_boot - x.b)) > 60 then x.b
        else d.last_boot end
    from unnest(${col(live, (x) => x.d.id)}::uuid[],
      ${col(live, (x) => iso(x.report.sampledAt))}::timestamptz[],
      ${col(live, (x) => bootOf(x.report))}::timestamptz[]) as x(id, t, b)
    where d.id = x.id`,
  ];
}

/** What the device row keeps of its newest report. */
async function storeDeviceFields(
  tx: DbOrTx,
  d: LockedDevice,
  data: DeviceMonitoring,
  sampledAt: number,
): Promise<void> {
  const sets = [];
  const cellular = cellularOf(data);
  if (cellular) sets.push(sql`modem_signal_statistics = ${JSON.stringify(cellular)}::jsonb`);
  const v = data.vnoc;
  if (v?.ports) sets.push(sql`port_mapping = ${JSON.stringify(v.ports)}::jsonb`);
  if (v?.vlans) {
    const vlans = v.vlans.map((x) => ({ id: x.id, name: x.name ?? '', subnet: x.subnet ?? '' }));
    sets.push(sql`vlans = ${JSON.stringify(vlans)}::jsonb`);
  }
  if (v?.configVersion) {
    const { versionName } = v.configVersion;
    const entry = {
      versionName,
      internalChange: v.configVersion.internalChange ?? false,
      at: iso(sampledAt),
    };
    // A new version is appended; the same version reported again changes nothing.
    sets.push(sql`config_versions = case when config_versions -> -1 ->> 'versionName' is distinct from ${versionName}
      then config_versions || jsonb_build_array(${JSON.stringify(entry)}::jsonb) else config_versions end`);
  }
  if (sets.length > 0)
    await tx.execute(sql`update devices set ${sql.join(sets, sql`, `)} where id = ${d.id}`);
}

async function openIntervalOf(tx: DbOrTx, deviceId: string): Promise<Map<string, OpenInterval>> {
  const { rows } = await tx.execute<{ status: DeviceStatus; started_at: Date | string }>(sql`
    select status, started_at from device_status_intervals where device_id = ${deviceId} and ended_at is null
    order by started_at desc limit 1`);
  const row = rows[0];
  return new Map(row ? [[deviceId, { status: row.status, from: new Date(row.started_at).getTime() }]] : []);
}

/**
 * Moves the locked device to `to` at `at` (not before its current period began): its periods and row, as the
 * simulator records them. Answers the change, or none when it is there already (or uninstalled).
 */
/**
 * Whether a state belongs to an earlier MQTT session of the device than the latest seen, or is an `online` or
 * `rebooting` of a session already gone; if not, records its session (docs/device-protocol.md, "States"). A state
 * without a session stamp (an older agent, the simulator) is never stale. Runs under the device's row lock.
 */
async function staleSession(
  tx: DbOrTx,
  deviceId: string,
  status: 'online' | 'gone' | 'rebooting',
  session: number | undefined,
): Promise<boolean> {
  if (session === undefined) return false;
  const gone = status === 'gone';
  const { rows } = await tx.execute<{ stale: boolean }>(sql`
    with taken as (
      update device_credentials set mqtt_session = ${session}, mqtt_session_gone = ${gone}
      where device_id = ${deviceId} and (mqtt_session is null or mqtt_session < ${session}
        or (mqtt_session = ${session} and ${gone ? sql`true` : sql`not mqtt_session_gone`}))
      returning 1)
    select not exists (select 1 from taken) and exists (select 1 from device_credentials where device_id = ${deviceId})
      as stale`);
  return rows[0]?.stale === true;
}

async function moveStatus(tx: DbOrTx, d: LockedDevice, to: DeviceStatus, at: number): Promise<StatusEvent[]> {
  if (d.status === to || d.status === 'uninstalled') return [];
  const open = await openIntervalOf(tx, d.id);
  const event: StatusEvent = {
    deviceId: d.id,
    at: Math.max(at, open.get(d.id)?.from ?? at),
    from: d.status,
    to,
  };
  // The edge's device going down was last heard before (its last report), not when it was found silent.
  await recordEvents(tx, [event], new Map([[d.id, statusDevice(d)]]), open);
  return [event];
}

export function createDeviceIngest(options: DeviceIngestOptions): EdgeIngest {
  const { db, log, heartbeatTimeoutMs } = options;
  const openwispTimeoutMs =
    options.openwispHeartbeatTimeoutMs ?? Math.max(heartbeatTimeoutMs, 3 * OPENWISP_REPORT_INTERVAL_MS);
  const timeoutOf = (driver: string) => (driver === 'openwisp' ? openwispTimeoutMs : heartbeatTimeoutMs);
  let alerts = options.alerts;
  const malformed = new Map<string, number>();
  const refused = new Map<string, number>();
  /** Counts and logs what a device sent while its secret is revoked or rotated (`LockedDevice.refused`). */
  const refuse = (deviceId: string, source: ReportSource, what: string): IngestOutcome => {
    const key = deviceId.toLowerCase();
    refused.set(key, (refused.get(key) ?? 0) + 1);
    log.warn(
      { deviceId: key, source },
      `a ${what} from a device whose secret was revoked or rotated since it connected was refused: nothing stored`,
    );
    return { ok: false, reason: 'revoked', message: REVOKED_MESSAGE };
  };

  /** Runs `work` on the locked edge device in one transaction; then publishes its status change and alerts. */
  async function onDevice<T>(
    deviceId: string,
    now: number,
    work: (tx: DbOrTx, d: LockedDevice) => Promise<{ result: T; events: StatusEvent[] }>,
  ): Promise<T | undefined> {
    if (!UUID.test(deviceId)) return undefined;
    let device: LockedDevice | undefined;
    let events: StatusEvent[] = [];
    let changes: AlertChange[] = [];
    const engine = alerts;
    const result = await retryDeadlocks(() =>
      db.transaction(async (tx) => {
        events = [];
        changes = [];
        device = await lockDevice(tx, deviceId);
        if (!device || !INGEST_DRIVERS.includes(device.driver)) return undefined;
        const done = await work(tx, device);
        events = done.events;
        if (engine && events.length > 0) changes = await engine.evaluate(tx, [device.id], now);
        return done.result;
      }),
    );
    if (device && events.length > 0) {
      if (options.publish)
        publishStatusEvents(options.publish, events, new Map([[device.id, statusDevice(device)]]), log);
      engine?.committed(changes);
    }
    return result;
  }

  /**
   * Takes the device offline at `at` (from up or rebooting); from a sweep (`swept`), only if it is still silent past
   * its timeout.
   */
  const goDown = (deviceId: string, at: number, swept = false, session?: number) =>
    onDevice(deviceId, at, async (tx, d) => {
      if (await staleSession(tx, d.id, 'gone', session)) return { result: false, events: [] };
      if (!GOES_DOWN_FROM.includes(d.status)) return { result: false, events: [] };
      if (swept) {
        // The sweep found it silent; a report may have come in since.
        const { rows } = await tx.execute(
          sql`select 1 from devices where id = ${d.id} and last_update < ${iso(at - timeoutOf(d.driver))}`,
        );
        if (rows.length === 0) return { result: false, events: [] };
      }
      const events = await moveStatus(tx, d, 'offline', at);
      return { result: events.length > 0, events };
    });

  /**
   * Stores the reports of several devices (one each) in one transaction: the rows locked in id order, the
   * history and the latest telemetry in one statement per table, then each status change as a single report's
   * (periods, device row), the alert engine once for all the changed devices; events after the commit.
   * Answers `undefined` for a report whose device does not report for real (unknown-device).
   */
  async function storeReports(reports: readonly PendingReport[]): Promise<(IngestOutcome | undefined)[]> {
    let events: StatusEvent[] = [];
    let changes: AlertChange[] = [];
    const changed = new Map<string, StatusDevice>();
    const engine = alerts;
    const outcomes = await retryDeadlocks(() =>
      db.transaction(async (tx) => {
        // A deadlock's victim runs again from here (deadlock.ts).
        events = [];
        changes = [];
        changed.clear();
        const devices = await lockDevices(
          tx,
          reports.map((r) => r.deviceId),
        );
        const answers: (IngestOutcome | undefined)[] = [];
        const history: Sample[] = [];
        const latest: Latest[] = [];
        const live: Live[] = [];
        for (const r of reports) {
          const d = devices.get(r.deviceId);
          if (!d || !INGEST_DRIVERS.includes(d.driver)) {
            answers.push(undefined);
            continue;
          }
          if (d.refused) {
            answers.push({ ok: false, reason: 'revoked', message: REVOKED_MESSAGE });
            continue;
          }
          const storedAt = d.sampled_at === null ? null : new Date(d.sampled_at).getTime();
          const newest = storedAt === null || r.sampledAt >= storedAt;
          history.push({ deviceId: d.id, data: r.data, at: r.sampledAt });
          if (newest) latest.push({ d, data: r.data, sampledAt: r.sampledAt, receivedAt: r.receivedAt });
          const isLive = newest && r.current !== false && r.sampledAt >= r.receivedAt - timeoutOf(d.driver);
          if (isLive) live.push({ d, report: r });
          answers.push({ ok: true, stored: isLive ? 'current' : 'history' });
        }
        // History, latest telemetry and device rows in one statement (different tables); then what each device
        // row keeps of its newest report (signal, port map, VLANs, configuration: a statement per device with any).
        await writeTogether(tx, [...historyWrites(history), ...latestWrites(latest), ...liveWrites(live)]);
        for (const { d, data, sampledAt } of latest) await storeDeviceFields(tx, d, data, sampledAt);
        let now = 0;
        for (const { d, report } of live) {
          const to: DeviceStatus = report.data.vnoc?.connection === 'secondary' ? 'onbackup' : 'online';
          const moved = await moveStatus(tx, d, to, report.sampledAt);
          if (moved.length === 0) continue;
          events = events.concat(moved);
          changed.set(d.id, statusDevice(d));
          now = Math.max(now, report.receivedAt);
        }
        if (engine && changed.size > 0) changes = await engine.evaluate(tx, [...changed.keys()], now);
        return answers;
      }),
    );
    if (events.length > 0) {
      if (options.publish) publishStatusEvents(options.publish, events, changed, log);
      engine?.committed(changes);
    }
    return outcomes;
  }

  const batcher = createKeyedBatcher<PendingReport, IngestOutcome | undefined>({
    key: (r) => r.deviceId,
    store: storeReports,
    maxItems: options.batch?.maxReports ?? REPORT_BATCH_MAX,
    concurrency: options.batch?.concurrency ?? REPORT_BATCH_CONCURRENCY,
  });

  const ingest: EdgeIngest = {
    attachAlerts(engine) {
      alerts = engine;
    },

    async report(deviceId, body, { source, receivedAt, sampledAt: given, current }) {
      const parsed = parseReport(body);
      if (!parsed.ok) {
        const key = deviceId.toLowerCase();
        malformed.set(key, (malformed.get(key) ?? 0) + 1);
        log.warn({ deviceId, source, reason: parsed.message }, 'malformed device report: nothing stored');
        return { ok: false, reason: 'malformed', message: parsed.message };
      }
      const data = parsed.data;
      const sampledAt = Math.round(Math.min(given ?? data.vnoc?.sampledAt ?? receivedAt, receivedAt));
      const outcome = UUID.test(deviceId)
        ? await batcher.add({ deviceId: deviceId.toLowerCase(), data, sampledAt, receivedAt, current })
        : undefined;
      if (outcome?.ok === false && outcome.reason === 'revoked') return refuse(deviceId, source, 'report');
      return (
        outcome ?? {
          ok: false,
          reason: 'unknown-device',
          message: `No device ${deviceId} reports by ${source === 'openwisp' ? "OpenWISP's agent" : "vNOC's agent"}.`,
        }
      );
    },

    async online(deviceId, at, session) {
      await onDevice(deviceId, at, async (tx, d) => {
        if (d.refused) {
          refuse(deviceId, 'agent', "'online' state");
          return { result: undefined, events: [] };
        }
        if (await staleSession(tx, d.id, 'online', session)) return { result: undefined, events: [] };
        await tx.execute(sql`update devices set last_update = greatest(last_update, ${iso(at)}::timestamptz)
          where id = ${d.id}`);
        // Already up (online or on its backup): its next report says which.
        if (d.status === 'online' || d.status === 'onbackup') return { result: undefined, events: [] };
        return { result: undefined, events: await moveStatus(tx, d, 'online', at) };
      });
    },

    async gone(deviceId, at, session) {
      await goDown(deviceId, at, false, session);
    },

    async rebooting(deviceId, at, session) {
      await onDevice(deviceId, at, async (tx, d) => {
        if (await staleSession(tx, d.id, 'rebooting', session)) return { result: undefined, events: [] };
        await tx.execute(sql`update devices set last_update = greatest(last_update, ${iso(at)}::timestamptz)
          where id = ${d.id}`);
        return { result: undefined, events: await moveStatus(tx, d, 'rebooting', at) };
      });
    },

    async sweep(now) {
      const { rows } = await db.execute<{ id: string }>(sql`
        select id from devices
        where status in ('online', 'onbackup', 'rebooting') and (
          (driver = 'agent' and last_update < ${iso(now - heartbeatTimeoutMs)})
          or (driver = 'openwisp' and last_update < ${iso(now - openwispTimeoutMs)}))`);
      let n = 0;
      for (const { id } of rows) {
        try {
          if (await goDown(id, now, true)) n += 1;
        } catch (err) {
          log.error({ err, deviceId: id }, 'marking a silent device offline failed');
        }
      }
      return n;
    },

    async refuses(deviceId, source) {
      if (!UUID.test(deviceId)) return false;
      const { rows } = await db.execute<{ refused: boolean }>(
        sql`select ${credentialRefused} as refused
          from devices d join device_credentials c on c.device_id = d.id where d.id = ${deviceId}`,
      );
      if (!rows[0]?.refused) return false;
      refuse(deviceId, source, 'message');
      return true;
    },

    malformedCount(deviceId) {
      return malformed.get(deviceId.toLowerCase()) ?? 0;
    },

    refusedCount(deviceId) {
      return refused.get(deviceId.toLowerCase()) ?? 0;
    },

    idle: () => batcher.idle(),
  };
  return ingest;
}

/**
 * Sweeps for silent devices every `everyMs` (main.ts: `runSweeps(edge.ingest, 15_000)` beside the alert
 * engine, and `stop()` before the pool closes). Sweeps never overlap; a failed one is logged.
 */
export function runSweeps(
  ingest: Pick<DeviceIngest, 'sweep'>,
  everyMs: number,
  options: { now?: () => number; log?: { error: (obj: object, msg: string) => void } } = {},
): { stop: () => Promise<void> } {
  const now = options.now ?? Date.now;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = ingest
      .sweep(now())
      .catch((err: unknown) => options.log?.error({ err }, 'sweeping for silent devices failed'))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
