import {
  ALERT_THRESHOLDS,
  type DeviceDriver,
  type DeviceKind,
  type DeviceStatus,
  type ModemSignal,
  SIGNAL_THRESHOLDS,
} from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { arr, iso } from '../gateway/sql.ts';
import { type DeviceFacts, deviceSpeed } from './rules.ts';

/** A device's facts with where it is: what the engine stores on its alerts. */
export type AlertFacts = DeviceFacts & { organizationId: string; siteId: string; region: string | null };

type FactRow = {
  id: string;
  organization_id: string;
  site_id: string;
  region: string | null;
  kind: DeviceKind;
  driver: DeviceDriver;
  status: DeviceStatus;
  since: Date | string | null;
  last_update: Date | string | null;
  modem_signal_statistics: ModemSignal[];
  disabled_ports: number[];
  edge_id: string | null;
  edge_status: DeviceStatus | null;
  ping: number | null;
  jitter: number | null;
  loss: number | null;
  samples: number | null;
};

const ms = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

/**
 * The facts of these devices and of every other device of their sites, in one query:
 * status and since when, last report, signal, disabled ports, the site's edge device (the first by id, as
 * the simulator picks it), and the averages of the newest WAN samples of the last 15 minutes.
 */
export async function loadFacts(
  tx: DbOrTx,
  deviceIds: readonly string[],
  now: number,
): Promise<AlertFacts[]> {
  const recent = iso(now - 15 * 60_000);
  // The sites once (materialized), their edge devices once per site, and the WAN samples read only for
  // edge devices (the lateral's kind test is a one-time filter, so other kinds never touch the index).
  const { rows } = await tx.execute<FactRow>(sql`
    with target as materialized (
      select distinct site_id from devices where id = any(${arr(deviceIds)}::uuid[])
    ), edge as materialized (
      select distinct on (x.site_id) x.site_id, x.id, x.status from target t join devices x on x.site_id = t.site_id
      where x.kind in ('firewall', '5g') order by x.site_id, x.id
    )
    select d.id, d.organization_id, d.site_id, s.state as region, d.kind, d.driver, d.status,
      (select started_at from device_status_intervals i where i.device_id = d.id and i.ended_at is null) as since,
      d.last_update, d.modem_signal_statistics, d.disabled_ports,
      e.id as edge_id, e.status as edge_status,
      w.ping, w.jitter, w.loss, case when d.kind in ('firewall', '5g') then w.samples end as samples
    from target t
    join sites s on s.id = t.site_id
    join devices d on d.site_id = t.site_id
    left join edge e on e.site_id = d.site_id and d.kind not in ('firewall', '5g')
    left join lateral (
      select avg(ping)::float8 as ping, avg(jitter)::float8 as jitter, avg(loss)::float8 as loss,
        count(*)::int as samples
      from (select ping, jitter, loss from wan_samples ws
            where d.kind in ('firewall', '5g') and ws.device_id = d.id and ws.time > ${recent}
            order by ws.time desc limit ${ALERT_THRESHOLDS.wanSamples}) last
    ) w on true`);
  return rows.map((r) => ({
    deviceId: r.id,
    organizationId: r.organization_id,
    siteId: r.site_id,
    region: r.region,
    kind: r.kind,
    driver: r.driver,
    status: r.status,
    statusSince: ms(r.since),
    lastUpdate: ms(r.last_update),
    signal: r.modem_signal_statistics,
    disabledPorts: r.disabled_ports,
    wan: r.samples === null ? null : { ping: r.ping, jitter: r.jitter, loss: r.loss, samples: r.samples },
    edge: r.edge_id && r.edge_status ? { deviceId: r.edge_id, status: r.edge_status } : null,
  }));
}

/**
 * Devices a sweep looks at: every device not online (so conditions that held before the engine ran, as at a
 * first start, are raised too, and a change the engine missed is caught); those whose conditions depend on
 * time or readings rather than on a status change (up but silent, a modem reading below Fair on some metric,
 * a recent WAN sample over a threshold, ports disabled); and every device with an active alert.
 */
export async function sweepCandidates(tx: DbOrTx, now: number, speed = 1): Promise<string[]> {
  const t = ALERT_THRESHOLDS;
  const fair = (m: keyof typeof SIGNAL_THRESHOLDS) => SIGNAL_THRESHOLDS[m][2];
  // Silence is measured in each device's time: the fleet's for simulated devices, the clock's for real ones.
  const silentSince = (driver: DeviceDriver) =>
    iso(now - (t.cloudDisconnectedMinutes * 60_000) / deviceSpeed(driver, speed));
  const recent = iso(now - 15 * 60_000);
  const { rows } = await tx.execute<{ id: string }>(sql`
    select d.id from devices d
    where d.status in ('offline', 'onbackup', 'rebooting', 'pending', 'error')
      or (d.status in ('online', 'onbackup') and d.last_update < case when d.driver = 'simulator'
        then ${silentSince('simulator')}::timestamptz else ${silentSince('agent')}::timestamptz end)
      or cardinality(d.disabled_ports) > 0
      or (d.status in ('online', 'onbackup') and exists (
        select 1 from jsonb_array_elements(d.modem_signal_statistics) m
        where (m->>'rsrp')::float8 < ${fair('rsrp')} or (m->>'rsrq')::float8 < ${fair('rsrq')}
           or (m->>'sinr')::float8 < ${fair('sinr')} or (m->>'rssi')::float8 < ${fair('rssi')}))
      or (d.kind in ('firewall', '5g') and d.status in ('online', 'onbackup') and exists (
        select 1 from wan_samples ws where ws.device_id = d.id and ws.time > ${recent}
          and (ws.ping > ${t.latencyMs} or ws.jitter > ${t.jitterMs} or ws.loss > ${t.lossPercent})))
    union
    select device_id from alerts where state = 'active' and device_id is not null`);
  return rows.map((r) => r.id);
}
