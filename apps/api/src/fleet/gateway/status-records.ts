/**
 * How a device's status change is recorded (the device edge's ingest, for real and simulated devices alike): its
 * status periods, its row, and the `device.status` live event once the change is committed, so alerts, reports,
 * rollups and the live console read one kind of record. The simulator's gateway opens the periods a device lacks
 * at start (`insertOpen`).
 */
import type { LiveEvent } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { type DeviceStatus, isEdgeKind, type StatusEvent } from '../simulator/index.ts';
import type { GatewayDevice, OpenInterval } from './sql.ts';
import { iso } from './sql.ts';

/** What recording a status change needs of its device. */
export type StatusDevice = Pick<GatewayDevice, 'id' | 'organizationId' | 'siteId' | 'kind'>;

const connectionOf = (d: StatusDevice, status: DeviceStatus) =>
  !isEdgeKind(d.kind)
    ? 'none'
    : status === 'online'
      ? 'primary'
      : status === 'onbackup'
        ? 'secondary'
        : 'none';

/** One `device.status` live event per status change (after the change is committed). */
export function publishStatusEvents(
  publish: (organizationId: string, event: LiveEvent) => void,
  events: readonly StatusEvent[],
  byId: ReadonlyMap<string, StatusDevice>,
  log: { warn: (obj: unknown, msg: string) => void },
): void {
  for (const e of events) {
    const d = byId.get(e.deviceId);
    if (!d) continue;
    try {
      publish(d.organizationId, {
        type: 'device.status',
        siteId: d.siteId,
        deviceId: d.id,
        from: e.from,
        to: e.to,
        at: new Date(e.at).toISOString(),
      });
    } catch (err) {
      log.warn({ err }, 'publishing a device status event failed');
    }
  }
}

export async function insertOpen(
  tx: DbOrTx,
  d: StatusDevice,
  status: DeviceStatus,
  at: number,
): Promise<void> {
  await tx.execute(sql`insert into device_status_intervals (device_id, organization_id, status, started_at)
    values (${d.id}, ${d.organizationId}, ${status}, ${iso(at)})`);
}

/**
 * Status changes in time order: each closes its device's open period and opens the next. A period
 * that would last no time is dropped instead (merged into the one before when that had the new status).
 * The device row gets its final status and connection; one going down keeps `last_update` (it was last heard
 * before it went down), one coming back from a reboot its boot time.
 */
export async function recordEvents(
  tx: DbOrTx,
  events: readonly StatusEvent[],
  byId: ReadonlyMap<string, StatusDevice>,
  open: Map<string, OpenInterval>,
): Promise<void> {
  const final = new Map<string, { status: DeviceStatus; booted?: number }>();
  for (const e of events) {
    const d = byId.get(e.deviceId);
    if (!d) continue;
    const current = open.get(d.id);
    const at = Math.max(e.at, current?.from ?? e.at);
    if (current && at > current.from) {
      await tx.execute(sql`update device_status_intervals set ended_at = ${iso(at)}
        where device_id = ${d.id} and ended_at is null`);
      await insertOpen(tx, d, e.to, at);
      open.set(d.id, { status: e.to, from: at });
    } else if (current) {
      // The current period lasted no time: drop it, and reopen the one before if it had this status.
      await tx.execute(
        sql`delete from device_status_intervals where device_id = ${d.id} and ended_at is null`,
      );
      const { rows } = await tx.execute<{ started_at: string | Date }>(sql`
        update device_status_intervals set ended_at = null
        where device_id = ${d.id} and ended_at = ${iso(at)} and status = ${e.to}
        returning started_at`);
      const reopened = rows[0];
      if (reopened) open.set(d.id, { status: e.to, from: new Date(reopened.started_at).getTime() });
      else {
        await insertOpen(tx, d, e.to, at);
        open.set(d.id, { status: e.to, from: at });
      }
    } else {
      await insertOpen(tx, d, e.to, at);
      open.set(d.id, { status: e.to, from: at });
    }
    const f = final.get(d.id) ?? { status: e.to };
    f.status = e.to;
    if (e.from === 'rebooting' && e.to === 'online') f.booted = at;
    final.set(d.id, f);
  }
  for (const [id, f] of final) {
    const d = byId.get(id) as StatusDevice;
    await tx.execute(sql`update devices set
        status = ${f.status},
        connection = ${connectionOf(d, f.status)},
        last_boot = ${f.booted !== undefined ? iso(f.booted) : sql`last_boot`}
      where id = ${id}`);
  }
}
