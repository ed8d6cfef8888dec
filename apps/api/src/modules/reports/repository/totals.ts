/** Every report's totals over the whole filtered set and its per-day summary (the chart above the table). */
import type { ReportId } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../plugins/db.ts';
import type { Scope } from '../../../sql/scope.ts';
import { FROM, type ReportFilter, where } from './rollups.ts';

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

/**
 * The per-day sums and the totals over the whole filtered set in one pass (`group by rollup`): the
 * totals' row is the one without a day. The SLA never reads the kept sums: they hold the device-days of
 * devices not installed yet, which the SLA leaves out (rollups.ts `INSTALLED`).
 */
export async function seriesAndTotalsOf(
  db: DbOrTx,
  report: ReportId,
  scope: Scope,
  f: ReportFilter,
): Promise<{ totals: DayTotals; series: (DayTotals & { date: string })[] }> {
  const { rows } = await db.execute<DayTotals & { date: string | null }>(
    wholeOrganization(scope, f) && report !== 'sla'
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
  !scope.restricted && !f.siteId && !f.deviceId && !f.groupId && !f.models?.length && !f.q;

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
