/**
 * Reports' SQL (issue 9): everything is read from the daily rollups (`device_daily_stats`), never from raw
 * samples or intervals (DESIGN.md §5), within the caller's scope, filtered, totalled and sorted in SQL.
 */
import type { ReportFrequency, ReportId } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { inertSql } from '../../http/csv-export.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { sortDirection } from '../../sql/paging.ts';
import { inSiteGroups, type Scope, siteInScope } from '../../sql/scope.ts';
import { containsPattern, macFragment, siteTextLike } from '../../sql/text.ts';

export type ReportFilter = {
  /** UTC days, both included. */
  from: string;
  to: string;
  siteId?: string;
  groupId?: string;
  models?: string[];
  q?: string;
};

export type Sort = { field: string; desc: boolean };

/** Devices with a modem: 5G appliances, and firewalls with their LTE backup (every edge device fails over to it). */
const MODEM_KINDS = sql`('firewall', '5g')`;

const FROM = sql`device_daily_stats ds join devices d on d.id = ds.device_id join sites s on s.id = d.site_id`;

function where(report: ReportId, scope: Scope, f: ReportFilter): SQL {
  const parts: SQL[] = [
    sql`ds.organization_id = ${scope.organizationId}`,
    sql`ds.day between ${f.from}::date and ${f.to}::date`,
    siteInScope(scope, sql`d.site_id`, sql`s.organization_id`),
  ];
  // Billing: devices with a modem; SLA: a site's availability is its edge devices' (its WAN).
  if (report !== 'online-analytics') parts.push(sql`d.kind in ${MODEM_KINDS}`);
  if (f.siteId) parts.push(sql`d.site_id = ${f.siteId}`);
  if (f.groupId) parts.push(inSiteGroups([f.groupId], sql`d.site_id`));
  if (f.models?.length) parts.push(sql`d.model = any(${sql.param(f.models)}::text[])`);
  if (f.q)
    parts.push(
      sql`(${siteTextLike(containsPattern(f.q))} or d.mac_address ilike ${containsPattern(macFragment(f.q))})`,
    );
  return sql.join(parts, sql` and `);
}

const IDENTITY = sql`ds.device_id::text || ':' || ds.day::text as id, ds.device_id as "deviceId", d.site_id as "siteId",
  d.mac_address as "macAddress", d.manufacturer, d.model, ds.day::text as date, s.name as "siteName",
  s.street as address, s.city, s.state, s.zip, s.country`;

/** Seconds recorded on the day (online + offline), never 0 in a stored row. */
const DAY_SECONDS = sql`nullif(ds.seconds_online + ds.seconds_offline, 0)`;
const pct = (part: SQL, whole: SQL) => sql`coalesce(round(${part} * 100.0 / ${whole}, 4), 0)`;

const ONLINE_COLUMNS = sql`${IDENTITY},
  ds.seconds_offline as "secondsOffline", ds.offline_events as "offlineEvents",
  ds.seconds_on_backup as "secondsOnBackup", ds.backup_events as "backupEvents",
  ds.seconds_on_primary as "secondsOnPrimary", ds.seconds_online as "secondsOnline",
  ${pct(sql`ds.seconds_on_backup`, DAY_SECONDS)}::float8 as "percentOnBackup",
  ${pct(sql`ds.seconds_on_primary`, DAY_SECONDS)}::float8 as "percentOnPrimary",
  (${pct(sql`ds.seconds_on_primary`, DAY_SECONDS)} + ${pct(sql`ds.seconds_on_backup`, DAY_SECONDS)})::float8 as "percentOnline",
  (100 - ${pct(sql`ds.seconds_on_primary`, DAY_SECONDS)} - ${pct(sql`ds.seconds_on_backup`, DAY_SECONDS)})::float8 as "percentOffline",
  ds.wan_bytes_received::float8 as "wanBytesReceived", ds.wan_bytes_transmitted::float8 as "wanBytesTransmitted"`;

const BILLING_COLUMNS = sql`${IDENTITY},
  ds.backup_usage_bytes::float8 as usage_backup, ds.backup_usage_updated_at as "lastUpdated"`;

export type OnlineRow = {
  id: string;
  deviceId: string;
  siteId: string;
  macAddress: string;
  manufacturer: string;
  model: string;
  date: string;
  siteName: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string;
  secondsOffline: number;
  offlineEvents: number;
  secondsOnBackup: number;
  backupEvents: number;
  secondsOnPrimary: number;
  secondsOnline: number;
  percentOnBackup: number;
  percentOnPrimary: number;
  percentOnline: number;
  percentOffline: number;
  wanBytesReceived: number;
  wanBytesTransmitted: number;
};
export type BillingRow = Omit<
  OnlineRow,
  | 'secondsOffline'
  | 'offlineEvents'
  | 'secondsOnBackup'
  | 'backupEvents'
  | 'secondsOnPrimary'
  | 'secondsOnline'
  | 'percentOnBackup'
  | 'percentOnPrimary'
  | 'percentOnline'
  | 'percentOffline'
  | 'wanBytesReceived'
  | 'wanBytesTransmitted'
> & { usage_backup: number | null; lastUpdated: Date | string | null };

/** Sort columns of the per device-day reports: output names, then a stable order. */
const DAY_SORT: Record<string, SQL> = {
  date: sql`ds.day`,
  macAddress: sql`d.mac_address`,
  manufacturer: sql`d.manufacturer`,
  model: sql`d.model`,
  siteName: sql`s.name`,
  city: sql`s.city`,
  state: sql`s.state`,
  zip: sql`s.zip`,
  usage_backup: sql`ds.backup_usage_bytes`,
  lastUpdated: sql`ds.backup_usage_updated_at`,
  percentOffline: sql`"percentOffline"`,
  secondsOffline: sql`ds.seconds_offline`,
  offlineEvents: sql`ds.offline_events`,
  percentOnBackup: sql`"percentOnBackup"`,
  secondsOnBackup: sql`ds.seconds_on_backup`,
  backupEvents: sql`ds.backup_events`,
  percentOnPrimary: sql`"percentOnPrimary"`,
  secondsOnPrimary: sql`ds.seconds_on_primary`,
  percentOnline: sql`"percentOnline"`,
  secondsOnline: sql`ds.seconds_online`,
  wanBytesReceived: sql`ds.wan_bytes_received`,
  wanBytesTransmitted: sql`ds.wan_bytes_transmitted`,
};

const dayOrder = (sort: Sort) =>
  sql`${DAY_SORT[sort.field] ?? sql`ds.day`} ${sortDirection(sort.desc)}, ds.day desc, s.name, d.mac_address`;

// ---- SLA: per site ----

/**
 * The SLA report's rows, one per site: first each device's sums over the range (the filter's joins, grouped by
 * device), then the devices' sums per site, so the site's device count is a count of rows. One grouping by site
 * with a `count(distinct)` sorted all the range's device-days by site: 1.15 s alone for 30 days of 30 000 sites
 * against 0.85 s this way (bench:reports data).
 */
const SLA_GROUPED = (report: ReportId, scope: Scope, f: ReportFilter, target: number) => sql`
  select s.id, s.id as "siteId", s.name as "siteName", s.street as address, s.city, s.state, s.zip, s.country,
    count(*)::int as devices,
    sum(p.observed)::float8 as "secondsObserved",
    sum(p.on_primary)::float8 as "secondsOnPrimary",
    sum(p.on_backup)::float8 as "secondsOnBackup",
    sum(p.down)::float8 as "secondsDown",
    sum(p.down_events)::int as "downEvents",
    sum(p.backup_events)::int as "backupEvents",
    ${pct(sql`sum(p.on_primary)`, sql`nullif(sum(p.observed), 0)`)} as p_primary,
    ${pct(sql`sum(p.on_backup)`, sql`nullif(sum(p.observed), 0)`)} as p_backup,
    ${target}::float8 as target
  from (
    select ds.device_id, sum(ds.seconds_online + ds.seconds_offline) as observed,
      sum(ds.seconds_on_primary) as on_primary, sum(ds.seconds_on_backup) as on_backup,
      sum(ds.seconds_offline) as down, sum(ds.offline_events) as down_events, sum(ds.backup_events) as backup_events
    from ${FROM} where ${where(report, scope, f)}
    group by ds.device_id) p
  join devices pd on pd.id = p.device_id
  join sites s on s.id = pd.site_id
  group by s.id`;

const SLA_COLUMNS = sql`g.id, g."siteId", g."siteName", g.address, g.city, g.state, g.zip, g.country, g.devices,
  g."secondsObserved", g."secondsOnPrimary", g."secondsOnBackup", g."secondsDown", g."downEvents", g."backupEvents",
  (g.p_primary + g.p_backup)::float8 as availability, g.p_primary::float8 as "percentOnPrimary",
  g.p_backup::float8 as "percentOnBackup", (100 - g.p_primary - g.p_backup)::float8 as "percentDown",
  g.target, (g.p_primary + g.p_backup >= g.target) as met`;

export type SlaRow = {
  id: string;
  siteId: string;
  siteName: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string;
  devices: number;
  secondsObserved: number;
  secondsOnPrimary: number;
  secondsOnBackup: number;
  secondsDown: number;
  downEvents: number;
  backupEvents: number;
  availability: number;
  percentOnPrimary: number;
  percentOnBackup: number;
  percentDown: number;
  target: number;
  met: boolean;
};

const SLA_SORT: Record<string, SQL> = {
  availability: sql`(g.p_primary + g.p_backup)`,
  siteName: sql`g."siteName"`,
  city: sql`g.city`,
  state: sql`g.state`,
  devices: sql`g.devices`,
  percentDown: sql`(100 - g.p_primary - g.p_backup)`,
  secondsDown: sql`g."secondsDown"`,
  percentOnBackup: sql`g.p_backup`,
  secondsOnBackup: sql`g."secondsOnBackup"`,
  downEvents: sql`g."downEvents"`,
  backupEvents: sql`g."backupEvents"`,
};
const slaOrder = (sort: Sort) =>
  sql`${SLA_SORT[sort.field] ?? sql`(g.p_primary + g.p_backup)`} ${sortDirection(sort.desc)}, g."secondsDown" desc, g."siteName", g.id`;

/**
 * A page sorted by date (the default) reads the rows one day at a time, in the range's day order: each day's
 * rows sorted by site name and MAC (the order's next keys), at most `perDay` of them, so a page reads only the
 * days it reaches (page 0: the newest day's first rows, walking the site-name index). The nested loop over
 * generate_series keeps the days in order; the order is the same as `order by dayOrder(sort)`. The whole range
 * (the CSV) is not read this way: joining and sorting each day apart ran at ~60 000 rows/s over 30 days of
 * 100 000 devices, one sort of the range at ~180 000.
 */
function byDayQuery(report: ReportId, scope: Scope, f: ReportFilter, desc: boolean, perDay: number): SQL {
  const columns = report === 'cellular-billing' ? BILLING_COLUMNS : ONLINE_COLUMNS;
  const days = desc
    ? sql`generate_series(${f.to}::date, ${f.from}::date, interval '-1 day')`
    : sql`generate_series(${f.from}::date, ${f.to}::date, interval '1 day')`;
  return sql`select x.* from ${days} as g(day) cross join lateral (
    select ${columns} from ${FROM}
    where ${where(report, scope, f)} and ds.day = g.day::date
    order by s.name, d.mac_address limit ${perDay}) x`;
}

/** The per device-day reports (the SLA report is one row per site). */
export type DayReport = Exclude<ReportId, 'sla'>;

/** Every row of a per device-day report in its order, read from the device-days. */
function dayRowsQuery(report: DayReport, scope: Scope, f: ReportFilter, sort: Sort): SQL {
  const columns = report === 'cellular-billing' ? BILLING_COLUMNS : ONLINE_COLUMNS;
  return sql`select ${columns} from ${FROM} where ${where(report, scope, f)} order by ${dayOrder(sort)}`;
}

/** The SQL of every row of a report in its order (the CSV streams it all). */
export function rowsQuery(report: ReportId, scope: Scope, f: ReportFilter, sort: Sort, target: number): SQL {
  if (report === 'sla')
    return sql`select ${SLA_COLUMNS} from (${SLA_GROUPED(report, scope, f, target)}) g order by ${slaOrder(sort)}`;
  return dayRowsQuery(report, scope, f, sort);
}

/** A page of a per device-day report (the SLA report's pages are slaPage). */
export async function pageOfRows<Row>(
  db: DbOrTx,
  report: DayReport,
  scope: Scope,
  f: ReportFilter,
  sort: Sort,
  page: number,
  pageSize: number,
): Promise<Row[]> {
  const offset = page * pageSize;
  const query =
    sort.field === 'date'
      ? byDayQuery(report, scope, f, sort.desc, offset + pageSize)
      : dayRowsQuery(report, scope, f, sort);
  const { rows } = await db.execute(sql`${query} limit ${pageSize} offset ${offset}`);
  return rows as Row[];
}

/**
 * A page of the SLA report with its site totals from the same grouping (a window over every site before the
 * page is cut), so the sites are grouped once per request, not twice; a page past the end counts them apart.
 */
export async function slaPage(
  db: DbOrTx,
  scope: Scope,
  f: ReportFilter,
  sort: Sort,
  target: number,
  page: number,
  pageSize: number,
): Promise<{ rows: SlaRow[]; sites: SlaTotals }> {
  const { rows } = await db.execute<SlaRow & { sites_total: number; sites_met: number }>(sql`
    select ${SLA_COLUMNS}, (count(*) over ())::int as sites_total,
      (count(*) filter (where g.p_primary + g.p_backup >= g.target) over ())::int as sites_met
    from (${SLA_GROUPED('sla', scope, f, target)}) g order by ${slaOrder(sort)}
    limit ${pageSize} offset ${page * pageSize}`);
  const first = rows[0];
  if (!first)
    return { rows: [], sites: page > 0 ? await slaSitesOf(db, scope, f, target) : { sites: 0, met: 0 } };
  return { rows, sites: { sites: first.sites_total, met: first.sites_met } };
}

// ---- totals and the per-day summary ----

export type DayTotals = {
  row_count: number;
  devices: number;
  seconds_online: number;
  seconds_offline: number;
  seconds_on_backup: number;
  seconds_on_primary: number;
  offline_events: number;
  backup_events: number;
  wan_bytes_received: number;
  wan_bytes_transmitted: number;
  usage_backup: number;
  reported_rows: number;
  awaiting_rows: number;
  devices_on_backup: number;
};

const SUMS = sql`count(*)::int as row_count, count(distinct ds.device_id)::int as devices,
  coalesce(sum(ds.seconds_online), 0)::float8 as seconds_online,
  coalesce(sum(ds.seconds_offline), 0)::float8 as seconds_offline,
  coalesce(sum(ds.seconds_on_backup), 0)::float8 as seconds_on_backup,
  coalesce(sum(ds.seconds_on_primary), 0)::float8 as seconds_on_primary,
  coalesce(sum(ds.offline_events), 0)::int as offline_events,
  coalesce(sum(ds.backup_events), 0)::int as backup_events,
  coalesce(sum(ds.wan_bytes_received), 0)::float8 as wan_bytes_received,
  coalesce(sum(ds.wan_bytes_transmitted), 0)::float8 as wan_bytes_transmitted,
  coalesce(sum(ds.backup_usage_bytes), 0)::float8 as usage_backup,
  count(ds.backup_usage_bytes)::int as reported_rows,
  (count(*) filter (where ds.seconds_on_backup > 0 and ds.backup_usage_bytes is null))::int as awaiting_rows,
  (count(distinct ds.device_id) filter (where ds.seconds_on_backup > 0))::int as devices_on_backup`;

/** Sums over the whole filtered set (device-days), for the totals. */
export async function totalsOf(
  db: DbOrTx,
  report: ReportId,
  scope: Scope,
  f: ReportFilter,
): Promise<DayTotals> {
  const { rows } = await db.execute<DayTotals>(
    sql`select ${SUMS} from ${FROM} where ${where(report, scope, f)}`,
  );
  return rows[0] as DayTotals;
}

/** The same sums per day, in day order: the chart above the table. */
export async function seriesOf(
  db: DbOrTx,
  report: ReportId,
  scope: Scope,
  f: ReportFilter,
): Promise<(DayTotals & { date: string })[]> {
  const { rows } = await db.execute<DayTotals & { date: string }>(sql`
    select ds.day::text as date, ${SUMS} from ${FROM} where ${where(report, scope, f)}
    group by ds.day order by ds.day`);
  return rows;
}

/**
 * The per-day sums and the totals over the whole filtered set in one pass (`group by rollup`): the
 * totals' row is the one without a day. Same figures as totalsOf and seriesOf, one scan instead of two.
 */
export async function seriesAndTotalsOf(
  db: DbOrTx,
  report: ReportId,
  scope: Scope,
  f: ReportFilter,
): Promise<{ totals: DayTotals; series: (DayTotals & { date: string })[] }> {
  const { rows } = await db.execute<DayTotals & { date: string | null }>(
    wholeOrganization(scope, f)
      ? keptSums(report, scope, f)
      : sql`
    select ds.day::text as date, ${SUMS} from ${FROM} where ${where(report, scope, f)}
    group by rollup (ds.day) order by ds.day nulls last`,
  );
  const series = rows.filter((r): r is DayTotals & { date: string } => r.date !== null);
  const total = rows.find((r) => r.date === null);
  return { totals: total ?? emptyTotals(), series };
}

/** Whether the report covers the caller's whole organization: no filter but the dates, no site-group restriction. */
const wholeOrganization = (scope: Scope, f: ReportFilter) =>
  !scope.restricted && !f.siteId && !f.groupId && !f.models?.length && !f.q;

/**
 * seriesAndTotalsOf for the whole organization, from the per-day sums the triggers keep (`org_daily_stats`,
 * a few rows per day) instead of the device-days. The distinct devices over several days, which per-day sums
 * cannot give, come from the devices' spans (`device_day_spans`): a device has a row on every rolled-up day
 * it exists, so it has one in the range when its span meets the range and the range has rows at all.
 */
function keptSums(report: ReportId, scope: Scope, f: ReportFilter): SQL {
  const modem = report === 'online-analytics' ? sql`` : sql`and o.modem`;
  const distinctDevices = sql`(select count(*) from device_day_spans p
    where p.organization_id = ${scope.organizationId} ${report === 'online-analytics' ? sql`` : sql`and p.modem`}
      and p.first_day <= ${f.to}::date and p.last_day >= ${f.from}::date)`;
  return sql`
    select o.day::text as date, coalesce(sum(o.rows), 0)::int as row_count,
      (case when grouping(o.day) = 0 then sum(o.rows) when sum(o.rows) > 0 then ${distinctDevices} else 0 end)::int
        as devices,
      coalesce(sum(o.seconds_online), 0)::float8 as seconds_online,
      coalesce(sum(o.seconds_offline), 0)::float8 as seconds_offline,
      coalesce(sum(o.seconds_on_backup), 0)::float8 as seconds_on_backup,
      coalesce(sum(o.seconds_on_primary), 0)::float8 as seconds_on_primary,
      coalesce(sum(o.offline_events), 0)::int as offline_events,
      coalesce(sum(o.backup_events), 0)::int as backup_events,
      coalesce(sum(o.wan_bytes_received), 0)::float8 as wan_bytes_received,
      coalesce(sum(o.wan_bytes_transmitted), 0)::float8 as wan_bytes_transmitted,
      coalesce(sum(o.backup_usage_bytes), 0)::float8 as usage_backup,
      coalesce(sum(o.reported_rows), 0)::int as reported_rows,
      coalesce(sum(o.awaiting_rows), 0)::int as awaiting_rows,
      coalesce(sum(o.rows_on_backup), 0)::int as devices_on_backup
    from org_daily_stats o
    where o.organization_id = ${scope.organizationId} and o.day between ${f.from}::date and ${f.to}::date ${modem}
    group by rollup (o.day) order by o.day nulls last`;
}

const emptyTotals = (): DayTotals => ({
  row_count: 0,
  devices: 0,
  seconds_online: 0,
  seconds_offline: 0,
  seconds_on_backup: 0,
  seconds_on_primary: 0,
  offline_events: 0,
  backup_events: 0,
  wan_bytes_received: 0,
  wan_bytes_transmitted: 0,
  usage_backup: 0,
  reported_rows: 0,
  awaiting_rows: 0,
  devices_on_backup: 0,
});

export type SlaTotals = { sites: number; met: number };

/** Sites with samples, and those meeting the target. */
export async function slaSitesOf(
  db: DbOrTx,
  scope: Scope,
  f: ReportFilter,
  target: number,
): Promise<SlaTotals> {
  const { rows } = await db.execute<SlaTotals>(sql`
    select count(*)::int as sites, (count(*) filter (where g.p_primary + g.p_backup >= g.target))::int as met
    from (${SLA_GROUPED('sla', scope, f, target)}) g`);
  return rows[0] ?? { sites: 0, met: 0 };
}

// ---- the CSV ----

/** A column of the rows query as a text field, inert when people or devices typed it (csv-export's inertSql). */
const field = (column: string, typed = false) => {
  const value = sql`x.${sql.identifier(column)}::text`;
  return sql`${typed ? inertSql(sql`nullif(${value}, '')`) : value} as ${sql.identifier(column)}`;
};
/** A float8 column as the API's JSON writes it (shortest round-trip digits, as PostgreSQL's float8 text is). */
const figure = (column: string) =>
  sql`x.${sql.identifier(column)}::float8::text as ${sql.identifier(column)}`;
/** A whole number kept as float8 by the rows query (bytes), written without an exponent. */
const whole = (column: string) => sql`x.${sql.identifier(column)}::bigint::text as ${sql.identifier(column)}`;

const IDENTITY_FIELDS = [
  field('siteName', true),
  field('address', true),
  field('city', true),
  field('state', true),
  field('zip', true),
  field('country', true),
];

/**
 * The fields of each report's CSV, in spec part 3's order and with its names, valued as the API answers them
 * (bytes, seconds, percentages as JSON numbers; times as ISO 8601 UTC with milliseconds; null as empty).
 */
const CSV_FIELDS: Record<ReportId, SQL[]> = {
  'cellular-billing': [
    field('macAddress', true),
    field('manufacturer', true),
    field('model', true),
    whole('usage_backup'),
    field('date'),
    sql`to_char(x."lastUpdated" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUpdated"`,
    ...IDENTITY_FIELDS,
  ],
  'online-analytics': [
    field('macAddress', true),
    field('manufacturer', true),
    field('model', true),
    field('date'),
    ...IDENTITY_FIELDS,
    figure('percentOffline'),
    field('secondsOffline'),
    field('offlineEvents'),
    figure('percentOnBackup'),
    field('secondsOnBackup'),
    field('backupEvents'),
    figure('percentOnPrimary'),
    field('secondsOnPrimary'),
    figure('percentOnline'),
    field('secondsOnline'),
    whole('wanBytesReceived'),
    whole('wanBytesTransmitted'),
  ],
  sla: [
    ...IDENTITY_FIELDS,
    field('devices'),
    figure('availability'),
    figure('target'),
    figure('percentOnPrimary'),
    figure('percentOnBackup'),
    figure('percentDown'),
    figure('secondsObserved'),
    figure('secondsOnPrimary'),
    figure('secondsOnBackup'),
    figure('secondsDown'),
    field('downEvents'),
    field('backupEvents'),
    sql`case when x.met then 'yes' else 'no' end as met`,
  ],
};

/** Every row of a report in its order (at most `limit`), as the fields of its CSV: PostgreSQL writes the file (copyCsv). */
export function csvQuery(
  report: ReportId,
  scope: Scope,
  f: ReportFilter,
  sort: Sort,
  target: number,
  limit?: number,
): SQL {
  return sql`select ${sql.join(CSV_FIELDS[report], sql`, `)}
    from (${rowsQuery(report, scope, f, sort, target)}) x ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

// ---- subscriptions ----

export type SubscriptionRow = {
  id: string;
  organization_id: string;
  user_id: string;
  report: ReportId;
  frequency: ReportFrequency;
  filters: Record<string, unknown>;
  next_run_at: Date;
  last_run_at: Date | null;
  created_at: Date;
};

export async function listSubscriptions(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.execute<SubscriptionRow>(sql`
    select * from report_subscriptions where user_id = ${userId} order by created_at, id`);
  return rows;
}

export async function countSubscriptions(db: DbOrTx, userId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from report_subscriptions where user_id = ${userId}`,
  );
  return rows[0]?.n ?? 0;
}

export async function insertSubscription(
  db: DbOrTx,
  s: {
    organizationId: string;
    userId: string;
    report: ReportId;
    frequency: ReportFrequency;
    filters: Record<string, unknown>;
    nextRunAt: Date;
  },
): Promise<SubscriptionRow> {
  const { rows } = await db.execute<SubscriptionRow>(sql`
    insert into report_subscriptions (organization_id, user_id, report, frequency, filters, next_run_at)
    values (${s.organizationId}, ${s.userId}, ${s.report}, ${s.frequency}, ${JSON.stringify(s.filters)}::jsonb,
      ${s.nextRunAt.toISOString()}::timestamptz)
    returning *`);
  return rows[0] as SubscriptionRow;
}

/** Deletes the user's own subscription; false when there is none with that id. */
export async function deleteSubscription(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`delete from report_subscriptions where id = ${id} and user_id = ${userId} returning id`,
  );
  return rows.length > 0;
}

/** The oldest due subscription nobody else holds, locked until the transaction ends (FOR UPDATE SKIP LOCKED). */
export async function claimDue(tx: DbOrTx, now: Date): Promise<SubscriptionRow | undefined> {
  const { rows } = await tx.execute<SubscriptionRow>(sql`
    select * from report_subscriptions where next_run_at <= ${now.toISOString()}::timestamptz
    order by next_run_at, id limit 1 for update skip locked`);
  return rows[0];
}

export async function markRun(tx: DbOrTx, id: string, nextRunAt: Date, ranAt: Date | null): Promise<void> {
  await tx.execute(sql`
    update report_subscriptions set next_run_at = ${nextRunAt.toISOString()}::timestamptz,
      last_run_at = coalesce(${ranAt?.toISOString() ?? null}::timestamptz, last_run_at)
    where id = ${id}`);
}

/** Whether a site / a site group exists within the caller's scope (filters naming one must). */
export async function siteVisible(db: DbOrTx, scope: Scope, siteId: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from sites s where s.id = ${siteId} and ${siteInScope(scope)}`,
  );
  return rows.length > 0;
}

export async function groupVisible(db: DbOrTx, scope: Scope, groupId: string): Promise<boolean> {
  const mine = scope.restricted
    ? sql`and exists (select 1 from user_site_groups u where u.site_group_id = g.id and u.user_id = ${scope.userId})`
    : sql``;
  const { rows } = await db.execute(sql`
    select 1 from site_groups g where g.id = ${groupId} and g.organization_id = ${scope.organizationId} ${mine}`);
  return rows.length > 0;
}
