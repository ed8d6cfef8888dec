/**
 * What every report reads (issue 9): the daily rollups (`device_daily_stats`) joined to their device and site,
 * never raw samples or intervals, within the caller's scope and the report's filters; filtered, totalled and
 * sorted in SQL.
 */
import type { ReportId } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { inSiteGroups, type Scope, siteInScope } from '../../../sql/scope.ts';
import { containsPattern, macFragment, siteTextLike } from '../../../sql/text.ts';

export type ReportFilter = {
  /** UTC days, both included. */
  from: string;
  to: string;
  siteId?: string;
  /** One device (the timeline's availability strip of a device page); never a report's filter. */
  deviceId?: string;
  groupId?: string;
  models?: string[];
  q?: string;
};

export type Sort = { field: string; desc: boolean };

/** Devices with a modem: 5G appliances, and firewalls with their LTE backup (every edge device fails over to it). */
const MODEM_KINDS = sql`('firewall', '5g')`;

export const FROM = sql`device_daily_stats ds join devices d on d.id = ds.device_id join sites s on s.id = d.site_id`;

/**
 * SLA: a device-day counts once the device is installed (issue 37 point 6: a site pending installation read as
 * 100 % down). The rollups keep pending time with the offline time, so installation is the first day the
 * device was up at all: a day with time up, or any day after one. A device never up is pending installation and
 * left out, and so is a site whose edge devices all are. The installation day itself counts whole (the rollup
 * does not say when in the day the device came up). The look back runs only for days with no time up.
 */
const INSTALLED = sql`(ds.seconds_online > 0 or exists (select 1 from device_daily_stats u
  where u.device_id = ds.device_id and u.day < ds.day and u.seconds_online > 0))`;

/** The rows of `FROM` a report covers: the caller's scope, the range and the filters. */
export function where(report: ReportId, scope: Scope, f: ReportFilter): SQL {
  const parts: SQL[] = [
    sql`ds.organization_id = ${scope.organizationId}`,
    sql`ds.day between ${f.from}::date and ${f.to}::date`,
    siteInScope(scope, sql`d.site_id`, sql`s.organization_id`),
  ];
  // Billing: devices with a modem; SLA: a site's availability is its edge devices' (its WAN), one device's is
  // its own whatever its kind.
  if (report !== 'online-analytics' && !f.deviceId) parts.push(sql`d.kind in ${MODEM_KINDS}`);
  if (report === 'sla') parts.push(INSTALLED);
  if (f.siteId) parts.push(sql`d.site_id = ${f.siteId}`);
  if (f.deviceId) parts.push(sql`ds.device_id = ${f.deviceId}`);
  if (f.groupId) parts.push(inSiteGroups([f.groupId], sql`d.site_id`));
  if (f.models?.length) parts.push(sql`d.model = any(${sql.param(f.models)}::text[])`);
  if (f.q)
    parts.push(
      sql`(${siteTextLike(containsPattern(f.q))} or d.mac_address ilike ${containsPattern(macFragment(f.q))})`,
    );
  return sql.join(parts, sql` and `);
}

/** A share of `whole` in percent, 4 decimals; 0 of nothing (`whole` null). */
export const pct = (part: SQL, whole: SQL) => sql`coalesce(round(${part} * 100.0 / ${whole}, 4), 0)`;

/** The site's name and address (`s`), as every report's row carries them. */
export const SITE_COLUMNS = sql`s.name as "siteName", s.street as address, s.city, s.state, s.zip, s.country`;

/** The row fields SITE_COLUMNS reads. */
export type SiteFields = {
  siteName: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string;
};
