import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { type Scope, siteInScope } from '../sites/scope.ts';

export type UptimeRow = { uptime: number | null; devices: number };

/**
 * Uptime over [from, to) from the status intervals of the devices in scope, computed in SQL the way
 * `uptimePercent` does it: each interval's overlap with the window in ms (an open one runs to `to`;
 * time before a device's first interval is simply not covered), the online/onbackup share of the
 * total, in percent rounded to 4 decimals; null when nothing in the window is recorded.
 */
export async function uptime(db: DbOrTx, scope: Scope, from: Date, to: Date): Promise<UptimeRow> {
  const start = sql`${from.toISOString()}::timestamptz`;
  const end = sql`${to.toISOString()}::timestamptz`;
  const { rows } = await db.execute<{ uptime: string | null; devices: string }>(sql`
    with spans as (
      select i.device_id, i.status,
             round(extract(epoch from least(coalesce(i.ended_at, ${end}), ${end})
                                    - greatest(i.started_at, ${start})) * 1000) as ms
      from device_status_intervals i
      join devices d on d.id = i.device_id
      join sites s on s.id = d.site_id
      where i.organization_id = ${scope.organizationId}
        and ${siteInScope(scope)}
        and i.started_at < ${end}
        and (i.ended_at is null or i.ended_at > ${start})
    )
    select round(100 * coalesce(sum(ms) filter (where status in ('online', 'onbackup')), 0)
                 / nullif(sum(ms), 0), 4) as uptime,
           count(distinct device_id) as devices
    from spans where ms > 0`);
  const row = rows[0];
  if (!row || row.uptime === null) return { uptime: null, devices: 0 };
  return { uptime: Number(row.uptime), devices: Number(row.devices) };
}
