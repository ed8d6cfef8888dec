import { randomUUID } from 'node:crypto';
import { ALERT_CODE_INFO, ALERT_THRESHOLDS, type AlertCode, type DeviceKind } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/db.ts';
import { arr, BATCH, iso } from '../gateway/sql.ts';

type Period = {
  device_id: string;
  organization_id: string;
  site_id: string;
  region: string | null;
  kind: DeviceKind;
  status: 'offline' | 'onbackup' | 'rebooting';
  started: number;
  ended: number;
};

type PastAlert = {
  id: string;
  period: Period;
  code: AlertCode;
  raisedAt: number;
  rootId: string | null;
};

const MINUTE = 60_000;
const isEdge = (kind: DeviceKind) => kind === 'firewall' || kind === '5g';

/**
 * The alert history the backfilled status history implies (issue 8 part 9), written once into an empty
 * alerts table: each finished outage of an edge device is a cleared site-offline alert, each failover an
 * on-backup alert, each reboot longer than the threshold a reboot-too-long alert (raised at the threshold);
 * an access point or switch that went offline while its edge device was down is that outage's dependent (none
 * when the edge device was only rebooting normally), one that went offline on its own a device-offline alert.
 * Clearings are marked notified: history tells nobody. Worked out in memory from one read of the periods, then
 * written in batches. Answers the number of alerts written.
 */
export async function backfillAlertHistory(db: Db): Promise<number> {
  const { rows: any } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from alerts limit 1) x`,
  );
  if ((any[0]?.n ?? 0) > 0) return 0;
  const { rows } = await db.execute<
    Omit<Period, 'started' | 'ended'> & { started: string; ended: string }
  >(sql`
    select i.device_id, i.organization_id, d.site_id, s.state as region, d.kind, i.status,
      (extract(epoch from i.started_at) * 1000)::float8 as started, (extract(epoch from i.ended_at) * 1000)::float8 as ended
    from device_status_intervals i
    join devices d on d.id = i.device_id
    join sites s on s.id = d.site_id
    where i.ended_at is not null and i.status in ('offline', 'onbackup', 'rebooting')
    order by i.started_at`);
  const periods: Period[] = rows.map((r) => ({ ...r, started: Number(r.started), ended: Number(r.ended) }));

  const tooLong = ALERT_THRESHOLDS.rebootTooLongMinutes * MINUTE;
  const alerts: PastAlert[] = [];
  // Per site, its edge devices' down periods, and the root alert of each (if it was one).
  const edgeDown = new Map<string, { period: Period; rootId: string | null }[]>();
  for (const p of periods) {
    if (!isEdge(p.kind)) continue;
    let code: AlertCode | null = null;
    if (p.status === 'offline') code = 'site_offline';
    else if (p.status === 'onbackup') code = 'on_backup';
    else if (p.ended - p.started > tooLong) code = 'reboot_too_long';
    const id = code ? randomUUID() : null;
    if (code && id)
      alerts.push({
        id,
        period: p,
        code,
        raisedAt: code === 'reboot_too_long' ? p.started + tooLong : p.started,
        rootId: null,
      });
    if (p.status !== 'onbackup')
      edgeDown.set(p.site_id, [...(edgeDown.get(p.site_id) ?? []), { period: p, rootId: id }]);
  }
  for (const p of periods) {
    if (isEdge(p.kind) || p.status !== 'offline') continue;
    const cause = edgeDown
      .get(p.site_id)
      ?.find((e) => e.period.started <= p.started && e.period.ended > p.started);
    // Offline only through a normal reboot of its edge device: no alert of its own.
    if (cause && !cause.rootId) continue;
    alerts.push({
      id: randomUUID(),
      period: p,
      code: 'device_offline',
      raisedAt: p.started,
      rootId: cause?.rootId ?? null,
    });
  }

  // Roots before dependents (the foreign key), in batches.
  alerts.sort((a, b) => Number(a.rootId !== null) - Number(b.rootId !== null));
  for (let i = 0; i < alerts.length; i += BATCH) {
    const part = alerts.slice(i, i + BATCH);
    const col = <T>(f: (a: PastAlert) => T) => arr(part.map(f));
    await db.execute(sql`
      insert into alerts (id, organization_id, site_id, device_id, region, code, severity, state, details,
        raised_at, last_seen_at, cleared_at, root_alert_id, clear_notified)
      select id, org, site, device, region, code, severity, 'cleared', details, raised, ended, ended, root, true
      from unnest(${col((a) => a.id)}::uuid[], ${col((a) => a.period.organization_id)}::uuid[],
        ${col((a) => a.period.site_id)}::uuid[], ${col((a) => a.period.device_id)}::uuid[],
        ${col((a) => a.period.region)}::text[], ${col((a) => a.code)}::text[],
        ${col((a) => ALERT_CODE_INFO[a.code].severity)}::text[],
        ${col((a) => JSON.stringify({ minutes: Math.floor((a.period.ended - a.period.started) / MINUTE) }))}::jsonb[],
        ${col((a) => iso(a.raisedAt))}::timestamptz[], ${col((a) => iso(a.period.ended))}::timestamptz[],
        ${col((a) => a.rootId)}::uuid[])
        as v(id, org, site, device, region, code, severity, details, raised, ended, root)`);
  }
  return alerts.length;
}
