import { describe, expect, it } from 'vitest';
import { applyCarrierReports, rollUpCompleteDays, rollUpDay } from '../src/fleet/gateway/daily.ts';
import { carrierReport, wanBytes } from '../src/fleet/simulator/usage.ts';
import { createDevice, createOrganization, createSite } from './factories.ts';
import { count, useTestApp } from './helpers.ts';

const t = useTestApp();
const SEED = 5;
const H = 3_600_000;
const D0 = Date.parse('2026-02-10T00:00:00.000Z');

describe('daily figures kept by the gateway (issue 9 part 4)', () => {
  it('rolls a finished day up from the intervals, then fills the carrier figure when it is reported', async () => {
    const org = await createOrganization(t.db);
    const site = await createSite(t.db, org);
    const edge = await createDevice(t.db, site, { kind: 'firewall' });
    const ap = await createDevice(t.db, site, { kind: 'access-point', model: 'MR36', connection: 'none' });
    const iso = (ms: number) => new Date(ms).toISOString();
    // Edge: online, on backup 10:00–12:00, offline 12:00–12:30, online again (a reboot-free outage).
    await t.pool.query(
      `insert into device_status_intervals (device_id, organization_id, status, started_at, ended_at) values
       ($1, $3, 'online', $4, $5), ($1, $3, 'onbackup', $5, $6), ($1, $3, 'offline', $6, $7), ($1, $3, 'online', $7, null),
       ($2, $3, 'online', $4, null)`,
      [edge.id, ap.id, org.id, iso(D0), iso(D0 + 10 * H), iso(D0 + 12 * H), iso(D0 + 12.5 * H)],
    );
    // Not before the day is over.
    expect(await rollUpCompleteDays(t.db, SEED, D0 + 23 * H)).toBe(0);
    expect(await count(t.pool, 'device_daily_stats')).toBe(0);
    // 01:00 the next day: one row per device for the day (and none for today).
    expect(await rollUpCompleteDays(t.db, SEED, D0 + 25 * H)).toBe(1);
    const { rows } = await t.pool.query(
      `select device_id, day::text, seconds_on_primary, seconds_on_backup, seconds_offline, offline_events, backup_events,
              wan_bytes_received::float8 as rx, wan_bytes_transmitted::float8 as tx, backup_usage_bytes, backup_usage_updated_at
       from device_daily_stats order by device_id = $1 desc`,
      [edge.id],
    );
    expect(rows).toHaveLength(2);
    const [e, a] = rows;
    expect(e).toMatchObject({
      day: '2026-02-10',
      seconds_on_primary: 21.5 * 3600,
      seconds_on_backup: 7200,
      seconds_offline: 1800,
      offline_events: 1,
      backup_events: 1,
      backup_usage_bytes: null,
    });
    const wan = wanBytes(
      SEED,
      { id: edge.id, kind: 'firewall' },
      { day: '2026-02-10', secondsOnPrimary: 77_400, secondsOnBackup: 7200 },
    );
    expect([e.rx, e.tx]).toEqual([wan.received, wan.transmitted]);
    expect(a).toMatchObject({ seconds_on_primary: 86_400, backup_usage_bytes: null });
    expect(a.rx).toBeGreaterThan(0);
    // Again: nothing new.
    expect(await rollUpCompleteDays(t.db, SEED, D0 + 26 * H)).toBe(0);

    // The carrier reports the day during the next one; the access point has no modem and never gets a figure.
    const report = carrierReport(
      SEED,
      { id: edge.id, kind: 'firewall' },
      { day: '2026-02-10', secondsOnBackup: 7200 },
    );
    if (!report) throw new Error('no report');
    expect(await applyCarrierReports(t.db, SEED, report.at - 1000)).toBe(0);
    expect(await applyCarrierReports(t.db, SEED, report.at)).toBe(1);
    expect(await applyCarrierReports(t.db, SEED, report.at + H)).toBe(0);
    const { rows: after } = await t.pool.query(
      'select device_id, backup_usage_bytes::float8 as bytes, backup_usage_updated_at as at from device_daily_stats',
    );
    const byId = new Map(after.map((r) => [r.device_id, r]));
    expect(byId.get(edge.id)).toMatchObject({ bytes: report.bytes, at: new Date(report.at) });
    expect(byId.get(ap.id)).toMatchObject({ bytes: null, at: null });
    // Rolling the day up again (as of before the report) keeps the carrier's figure.
    expect(await rollUpDay(t.db, SEED, D0, D0 + 25 * H)).toBe(2);
    const { rows: again } = await t.pool.query(
      'select backup_usage_bytes::float8 as bytes from device_daily_stats where device_id = $1',
      [edge.id],
    );
    expect(again).toEqual([{ bytes: report.bytes }]);
  });
});
