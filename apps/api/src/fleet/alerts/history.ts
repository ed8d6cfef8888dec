import { ALERT_THRESHOLDS } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/db.ts';

/**
 * The alert history the backfilled status history implies (issue 8 part 9), written once into an empty
 * alerts table: each finished outage of an edge device is a cleared site-offline alert, each failover an
 * on-backup alert, each reboot longer than the threshold a reboot-too-long alert (raised at the threshold);
 * an access point or switch that went offline with its edge device is that alert's dependent, one that went
 * offline on its own a device-offline alert, and one offline only through its edge device's normal reboot
 * none. Clearings are marked notified: history tells nobody. Answers the number of alerts written.
 */
export async function backfillAlertHistory(db: Db): Promise<number> {
  const { rows: any } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from alerts limit 1) x`,
  );
  if ((any[0]?.n ?? 0) > 0) return 0;
  const reboot = `${ALERT_THRESHOLDS.rebootTooLongMinutes} minutes`;
  const { rows } = await db.execute<{ n: number }>(sql`
    with iv as (
      select i.device_id, i.organization_id, d.site_id, s.state as region, d.kind, i.status, i.started_at, i.ended_at,
        floor(extract(epoch from i.ended_at - i.started_at) / 60)::int as minutes
      from device_status_intervals i
      join devices d on d.id = i.device_id
      join sites s on s.id = d.site_id
      where i.ended_at is not null and i.status in ('offline', 'onbackup', 'rebooting')
    ),
    roots as (
      insert into alerts (organization_id, site_id, device_id, region, code, severity, state, details, raised_at,
        last_seen_at, cleared_at, clear_notified)
      select organization_id, site_id, device_id, region,
        case status when 'offline' then 'site_offline' when 'onbackup' then 'on_backup' else 'reboot_too_long' end,
        case status when 'offline' then 'critical' else 'major' end,
        'cleared', jsonb_build_object('minutes', minutes),
        case status when 'rebooting' then started_at + ${reboot}::interval else started_at end,
        ended_at, ended_at, true
      from iv
      where kind in ('firewall', '5g')
        and (status in ('offline', 'onbackup') or ended_at - started_at > ${reboot}::interval)
      returning id, site_id, code, raised_at, cleared_at
    ),
    lan as (
      select iv.*, (
        select r.id from roots r
        where r.site_id = iv.site_id and r.code in ('site_offline', 'reboot_too_long')
          and iv.started_at >= r.raised_at - case r.code when 'reboot_too_long' then ${reboot}::interval else interval '0' end
          and iv.started_at < r.cleared_at
        limit 1) as root_id,
        exists (
          select 1 from device_status_intervals e join devices ed on ed.id = e.device_id
          where ed.site_id = iv.site_id and ed.kind in ('firewall', '5g') and e.status in ('offline', 'rebooting')
            and e.started_at <= iv.started_at and (e.ended_at is null or e.ended_at > iv.started_at)) as edge_down
      from iv where kind not in ('firewall', '5g') and status = 'offline'
    ),
    dependents as (
      insert into alerts (organization_id, site_id, device_id, region, code, severity, state, details, raised_at,
        last_seen_at, cleared_at, root_alert_id, clear_notified)
      select organization_id, site_id, device_id, region, 'device_offline', 'major', 'cleared',
        jsonb_build_object('minutes', minutes), started_at, ended_at, ended_at, root_id, true
      from lan where root_id is not null or not edge_down
      returning id
    )
    select (select count(*) from roots)::int + (select count(*) from dependents)::int as n`);
  return rows[0]?.n ?? 0;
}
