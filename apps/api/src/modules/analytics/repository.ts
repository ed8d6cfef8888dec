import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { inSiteGroups, type Scope, siteInScope } from '../../sql/scope.ts';

/**
 * Where an analytics call looks: the caller's scope (organization, and their own groups when restricted)
 * and, for a dashboard with groupIds, only the sites of those groups. Applied to sites aliased `s`.
 */
export type AnalyticsScope = { scope: Scope; groupIds?: readonly string[] };

export function inAnalyticsScope({ scope, groupIds }: AnalyticsScope): SQL {
  const own = siteInScope(scope);
  return groupIds && groupIds.length > 0 ? sql`${own} and ${inSiteGroups(groupIds)}` : own;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The caller sees the whole organization and the dashboard names no site groups. */
const wholeOrganization = ({ scope, groupIds }: AnalyticsScope) => !scope.restricted && !groupIds?.length;

/**
 * FROM and WHERE of the status intervals of the devices in scope, `i` being the interval and, where joined, `d` its
 * device. Over the whole organization the interval's own organization is the scope, and devices are joined only
 * when the caller needs them (`withDevice`).
 */
function intervalsOf(where: AnalyticsScope, withDevice = false): SQL {
  if (wholeOrganization(where))
    return sql`device_status_intervals i ${withDevice ? sql`join devices d on d.id = i.device_id` : sql``}
      where i.organization_id = ${where.scope.organizationId}`;
  return sql`device_status_intervals i join devices d on d.id = i.device_id join sites s on s.id = d.site_id
    where i.organization_id = ${where.scope.organizationId} and ${inAnalyticsScope(where)}`;
}

/**
 * intervalsOf, those that overlap [start, end) (an open one runs on). The end's test is written as the expression
 * indexes on `coalesce(ended_at, 'infinity')` have it, so a short window reads the intervals still open or ended
 * within it, not every interval that started before its end.
 */
const intervalsIn = (where: AnalyticsScope, start: SQL, end: SQL, withDevice = false) =>
  sql`${intervalsOf(where, withDevice)}
    and i.started_at < ${end} and coalesce(i.ended_at, 'infinity'::timestamptz) > ${start}`;

export type UptimeRow = { uptime: number | null; devices: number };

/**
 * Uptime over [from, to) from the status intervals of the devices in scope, computed in SQL the way
 * `uptimePercent` does it: each interval's overlap with the window in ms (an open one runs to `to`;
 * time before a device's first interval is simply not covered), the online/onbackup share of the
 * total, in percent rounded to 4 decimals; null when nothing in the window is recorded.
 */
export async function uptime(
  db: DbOrTx,
  scope: Scope,
  from: Date,
  to: Date,
  groupIds?: readonly string[],
): Promise<UptimeRow> {
  const start = ts(from);
  const end = ts(to);
  const { rows } = await db.execute<{ uptime: string | null; devices: string }>(sql`
    with spans as (
      select i.device_id, i.status,
             round(extract(epoch from least(coalesce(i.ended_at, ${end}), ${end})
                                    - greatest(i.started_at, ${start})) * 1000) as ms
      from ${intervalsIn({ scope, groupIds }, start, end)}
    )
    select round(100 * coalesce(sum(ms) filter (where status in ('online', 'onbackup')), 0)
                 / nullif(sum(ms), 0), 4) as uptime,
           count(distinct device_id) as devices
    from spans where ms > 0`);
  const row = rows[0];
  if (!row || row.uptime === null) return { uptime: null, devices: 0 };
  return { uptime: Number(row.uptime), devices: Number(row.devices) };
}

export type VanRow = {
  id: string;
  macAddress: string;
  kind: 'firewall' | '5g' | 'access-point' | 'switch';
  manufacturer: string;
  model: string;
  status: string;
  siteId: string;
  siteName: string;
};

/** One page of the devices in scope by site name then MAC address, the total, and the count per kind. */
export async function vanList(db: DbOrTx, where: AnalyticsScope, page: number, pageSize: number) {
  const from = sql`devices d join sites s on s.id = d.site_id`;
  const cond = sql`d.organization_id = ${where.scope.organizationId} and ${inAnalyticsScope(where)}`;
  const [pageRows, kinds] = await Promise.all([
    db.execute<VanRow>(sql`
      select d.id, d.mac_address as "macAddress", d.kind, d.manufacturer, d.model, d.status,
             s.id as "siteId", s.name as "siteName"
      from ${from} where ${cond}
      order by s.name, d.mac_address
      limit ${pageSize} offset ${page * pageSize}`),
    // Over the whole organization the devices alone are counted (no site to test).
    db.execute<{ kind: VanRow['kind']; count: number }>(sql`
      select d.kind, count(*)::int as count
      from ${wholeOrganization(where) ? sql`devices d where d.organization_id = ${where.scope.organizationId}` : sql`${from} where ${cond}`}
      group by d.kind order by d.kind`),
  ]);
  const total = kinds.rows.reduce((n, k) => n + k.count, 0);
  return { rows: pageRows.rows, total, types: kinds.rows };
}

export type SiteUsageRow = {
  siteId: string;
  siteName: string;
  bytesReceived: number;
  bytesTransmitted: number;
  bytesTotal: number;
};

/** Top sites by WAN bytes over the UTC days [fromDay, toDay] (device_daily_stats); sites without bytes left out. */
export async function topUsage(
  db: DbOrTx,
  where: AnalyticsScope,
  fromDay: string,
  toDay: string,
  limit: number,
): Promise<SiteUsageRow[]> {
  const { rows } = await db.execute<Record<keyof SiteUsageRow, string>>(sql`
    select s.id as "siteId", s.name as "siteName",
           sum(ds.wan_bytes_received) as "bytesReceived",
           sum(ds.wan_bytes_transmitted) as "bytesTransmitted",
           sum(ds.wan_bytes_received + ds.wan_bytes_transmitted) as "bytesTotal"
    from device_daily_stats ds
    join devices d on d.id = ds.device_id
    join sites s on s.id = d.site_id
    where ds.organization_id = ${where.scope.organizationId}
      and ${inAnalyticsScope(where)}
      and ds.day between ${fromDay}::date and ${toDay}::date
    group by s.id, s.name
    having sum(ds.wan_bytes_received + ds.wan_bytes_transmitted) > 0
    order by "bytesTotal" desc, s.name, s.id
    limit ${limit}`);
  return rows.map((r) => ({
    siteId: r.siteId,
    siteName: r.siteName,
    bytesReceived: Number(r.bytesReceived),
    bytesTransmitted: Number(r.bytesTransmitted),
    bytesTotal: Number(r.bytesTotal),
  }));
}

export type TroubledSiteRow = {
  siteId: string;
  siteName: string;
  status: string;
  secondsOffline: number;
  secondsOnBackup: number;
  offlineEvents: number;
  backupEvents: number;
};

/**
 * Per site, over [from, to): seconds its devices spent offline and on backup (each interval's overlap,
 * an open one running to `to`), and the offline / on-backup periods that started in the window. Worst
 * first: most trouble seconds, then most events, then name; sites without any left out.
 */
export async function troubledSites(
  db: DbOrTx,
  where: AnalyticsScope,
  from: Date,
  to: Date,
  limit: number,
): Promise<TroubledSiteRow[]> {
  const start = ts(from);
  const end = ts(to);
  const { rows } = await db.execute<TroubledSiteRow>(sql`
    with spans as (
      select d.site_id, i.status, i.started_at >= ${start} as started_in,
             extract(epoch from least(coalesce(i.ended_at, ${end}), ${end}) - greatest(i.started_at, ${start})) as secs
      from ${intervalsIn(where, start, end, true)} and i.status in ('offline', 'onbackup')
    ), per_site as (
      select site_id,
             round(coalesce(sum(secs) filter (where status = 'offline'), 0))::int as "secondsOffline",
             round(coalesce(sum(secs) filter (where status = 'onbackup'), 0))::int as "secondsOnBackup",
             (count(*) filter (where status = 'offline' and started_in))::int as "offlineEvents",
             (count(*) filter (where status = 'onbackup' and started_in))::int as "backupEvents"
      from spans where secs > 0 group by site_id
    )
    select s.id as "siteId", s.name as "siteName", s.status, p."secondsOffline", p."secondsOnBackup",
           p."offlineEvents", p."backupEvents"
    from per_site p join sites s on s.id = p.site_id
    order by p."secondsOffline" + p."secondsOnBackup" desc, p."offlineEvents" + p."backupEvents" desc, s.name, s.id
    limit ${limit}`);
  return rows;
}

/** Epoch seconds of the bucket `at` falls in (buckets aligned to the Unix epoch, UTC). */
const bucketOf = (at: SQL, seconds: number) =>
  sql`(floor(extract(epoch from ${at}) / ${seconds}) * ${seconds})::bigint`;

/** Every bucket of [from, to), as epoch seconds. */
const buckets = (from: Date, to: Date, seconds: number) => {
  const first = Math.floor(from.getTime() / 1000 / seconds) * seconds;
  const last = Math.floor((to.getTime() - 1) / 1000 / seconds) * seconds;
  return sql`select generate_series(${first}::bigint, ${last}::bigint, ${seconds}::bigint) as t`;
};

export type LatencyBucketRow = { t: string; avg: number | null; p95: number | null; samples: number };

/** Average and 95th percentile WAN ping per bucket over [from, to) of the edge devices in scope. */
export async function wanLatencyTrend(
  db: DbOrTx,
  where: AnalyticsScope,
  from: Date,
  to: Date,
  seconds: number,
): Promise<LatencyBucketRow[]> {
  const { rows } = await db.execute<{
    t: string;
    avg: string | null;
    p95: string | null;
    samples: number;
  }>(sql`
    with b as (${buckets(from, to, seconds)}),
    samples as (
      select ${bucketOf(sql`w.time`, seconds)} as t, w.ping
      from wan_samples w
      join devices d on d.id = w.device_id
      join sites s on s.id = d.site_id
      where d.organization_id = ${where.scope.organizationId}
        and ${inAnalyticsScope(where)}
        and w.time >= ${ts(from)} and w.time < ${ts(to)}
        and w.ping is not null
    ), agg as (
      select t, round(avg(ping)::numeric, 2) as avg,
             round((percentile_cont(0.95) within group (order by ping))::numeric, 2) as p95,
             count(*)::int as samples
      from samples group by t
    )
    select b.t::text as t, agg.avg, agg.p95, coalesce(agg.samples, 0) as samples
    from b left join agg on agg.t = b.t order by b.t`);
  return rows.map((r) => ({
    t: r.t,
    avg: r.avg === null ? null : Number(r.avg),
    p95: r.p95 === null ? null : Number(r.p95),
    samples: Number(r.samples),
  }));
}

/** On-backup periods (failovers) of the devices in scope starting in each bucket of [from, to). */
export async function failoversTrend(
  db: DbOrTx,
  where: AnalyticsScope,
  from: Date,
  to: Date,
  seconds: number,
): Promise<{ t: string; failovers: number }[]> {
  const { rows } = await db.execute<{ t: string; failovers: number }>(sql`
    with b as (${buckets(from, to, seconds)}),
    starts as (
      select ${bucketOf(sql`i.started_at`, seconds)} as t, count(*)::int as n
      from ${intervalsOf(where)}
        and i.status = 'onbackup'
        and i.started_at >= ${ts(from)} and i.started_at < ${ts(to)}
      group by 1
    )
    select b.t::text as t, coalesce(starts.n, 0)::int as failovers
    from b left join starts on starts.t = b.t order by b.t`);
  return rows.map((r) => ({ t: r.t, failovers: Number(r.failovers) }));
}

export type CellularNowRow = {
  devices: number;
  avgRsrp: number | null;
  minRsrp: number | null;
  avgSinr: number | null;
  minSinr: number | null;
};

/** The present modem readings (devices.modem_signal_statistics) of the devices in scope, averaged. */
export async function cellularNow(db: DbOrTx, where: AnalyticsScope): Promise<CellularNowRow> {
  const { rows } = await db.execute<Record<keyof CellularNowRow, string | null>>(sql`
    with readings as (
      select d.id,
             case when jsonb_typeof(m->'rsrp') = 'number' then (m->>'rsrp')::numeric end as rsrp,
             case when jsonb_typeof(m->'sinr') = 'number' then (m->>'sinr')::numeric end as sinr
      from devices d
      join sites s on s.id = d.site_id
      cross join lateral jsonb_array_elements(d.modem_signal_statistics) m
      where d.organization_id = ${where.scope.organizationId}
        and ${inAnalyticsScope(where)}
        and jsonb_typeof(d.modem_signal_statistics) = 'array'
    )
    select count(distinct id) filter (where rsrp is not null or sinr is not null)::int as devices,
           round(avg(rsrp), 2) as "avgRsrp", min(rsrp) as "minRsrp",
           round(avg(sinr), 2) as "avgSinr", min(sinr) as "minSinr"
    from readings`);
  const r = rows[0];
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    devices: Number(r?.devices ?? 0),
    avgRsrp: num(r?.avgRsrp),
    minRsrp: num(r?.minRsrp),
    avgSinr: num(r?.avgSinr),
    minSinr: num(r?.minSinr),
  };
}
