import type { ReportId } from '@vnoc/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../src/db/schema.ts';
import { upsertRollups } from '../src/fleet/gateway/sql.ts';
import type { DeviceDay } from '../src/fleet/simulator/usage.ts';
import { seriesAndTotalsOf } from '../src/modules/reports/repository/totals.ts';
import type { Db } from '../src/plugins/db.ts';
import { createDevice, createOrganization, createSite, type DeviceRow } from './factories.ts';
import { createTestDatabase } from './helpers.ts';

// org_daily_stats (migration 0020) is kept by triggers on `device_daily_stats`; it must equal the sums of the
// device-days after every kind of write, and a whole-organization report read from it must answer what the
// same report summed from the device-days answers.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let orgA: string;
let orgB: string;
let fleetA: DeviceRow[];
let fleetB: DeviceRow[];
const orgOf = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const a = await createOrganization(db, { name: 'Day totals A' });
  const b = await createOrganization(db, { name: 'Day totals B' });
  orgA = a.id;
  orgB = b.id;
  const siteA1 = await createSite(db, a);
  const siteA2 = await createSite(db, a);
  const siteB = await createSite(db, b);
  fleetA = [
    await createDevice(db, siteA1, { kind: 'firewall' }),
    await createDevice(db, siteA1, { kind: 'access-point', model: 'U6-Pro', manufacturer: 'Ubiquiti' }),
    await createDevice(db, siteA2, { kind: '5g', model: 'E300', manufacturer: 'Cradlepoint' }),
    await createDevice(db, siteA2, { kind: 'switch', model: 'USW-24', manufacturer: 'Ubiquiti' }),
  ];
  fleetB = [await createDevice(db, siteB, { kind: 'firewall' })];
  for (const d of [...fleetA, ...fleetB]) orgOf.set(d.id, d.organizationId);
});
afterAll(() => database.drop());

const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];

/** A device-day whose figures differ per device and day; `backup` seconds on backup, `usage` the carrier's. */
function deviceDay(device: DeviceRow, dayNo: number, backup = 0, usage: number | null = null): DeviceDay {
  const offline = 600 * (dayNo + 1) + (device.macAddress.charCodeAt(16) % 7) * 60;
  const online = 86_400 - offline;
  return {
    deviceId: device.id,
    day: DAYS[dayNo] as string,
    secondsOnline: online,
    secondsOffline: offline,
    secondsOnBackup: backup,
    secondsOnPrimary: online - backup,
    offlineEvents: dayNo + 1,
    backupEvents: backup > 0 ? 1 : 0,
    percentOnline: (online * 100) / 86_400,
    percentOffline: (offline * 100) / 86_400,
    percentOnBackup: (backup * 100) / 86_400,
    percentOnPrimary: ((online - backup) * 100) / 86_400,
    wanBytesReceived: 1_000_000_000 * (dayNo + 1) + offline,
    wanBytesTransmitted: 100_000_000 * (dayNo + 1) + online,
    backupUsageBytes: usage,
    backupUsageUpdatedAt: usage === null ? null : Date.parse(`${DAYS[dayNo]}T20:00:00.000Z`),
  };
}

type Sums = Record<string, string | number | boolean>;
const SUMS = `count(*)::int as rows, sum(s.seconds_online)::bigint as seconds_online,
  sum(s.seconds_offline)::bigint as seconds_offline, sum(s.seconds_on_backup)::bigint as seconds_on_backup,
  sum(s.seconds_on_primary)::bigint as seconds_on_primary, sum(s.offline_events)::bigint as offline_events,
  sum(s.backup_events)::bigint as backup_events, sum(s.wan_bytes_received)::bigint as wan_bytes_received,
  sum(s.wan_bytes_transmitted)::bigint as wan_bytes_transmitted,
  coalesce(sum(s.backup_usage_bytes), 0)::bigint as backup_usage_bytes,
  count(s.backup_usage_bytes)::int as reported_rows,
  (count(*) filter (where s.seconds_on_backup > 0 and s.backup_usage_bytes is null))::int as awaiting_rows,
  (count(*) filter (where s.seconds_on_backup > 0))::int as rows_on_backup`;

async function kept(): Promise<Sums[]> {
  const { rows } = await db.execute<Sums>(
    sql.raw(`select organization_id, day::text as day, modem, rows, seconds_online, seconds_offline,
      seconds_on_backup, seconds_on_primary, offline_events, backup_events, wan_bytes_received,
      wan_bytes_transmitted, backup_usage_bytes, reported_rows, awaiting_rows, rows_on_backup
    from org_daily_stats where rows <> 0 order by 1, 2, 3`),
  );
  return rows;
}
async function live(): Promise<Sums[]> {
  const { rows } = await db.execute<Sums>(
    sql.raw(`select s.organization_id, s.day::text as day, d.kind in ('firewall', '5g') as modem, ${SUMS}
    from device_daily_stats s join devices d on d.id = s.device_id group by 1, 2, 3 order by 1, 2, 3`),
  );
  return rows;
}

type Span = {
  device_id: string;
  organization_id: string;
  modem: boolean;
  first_day: string;
  last_day: string;
};
async function keptSpans(): Promise<Span[]> {
  const { rows } = await db.execute<Span>(sql`select device_id, organization_id, modem, first_day::text,
    last_day::text from device_day_spans order by device_id`);
  return rows;
}
async function liveSpans(): Promise<Span[]> {
  const { rows } =
    await db.execute<Span>(sql`select s.device_id, d.organization_id, d.kind in ('firewall', '5g') as modem,
    min(s.day)::text as first_day, max(s.day)::text as last_day
    from device_daily_stats s join devices d on d.id = s.device_id group by 1, 2, 3 order by 1`);
  return rows;
}
/** Both kept tables against the device-days. */
async function expectKept() {
  expect(await kept()).toEqual(await live());
  expect(await keptSpans()).toEqual(await liveSpans());
}

describe('org_daily_stats and device_day_spans', () => {
  it('equal the sums and spans of the device-days after every kind of write', async () => {
    // The gateway's daily rollup: inserts, then the same days again (its upsert), now with time on backup.
    await upsertRollups(
      db,
      [...fleetA, ...fleetB].flatMap((d) => [deviceDay(d, 0), deviceDay(d, 1)]),
      orgOf,
    );
    await expectKept();
    expect((await kept()).length).toBe(6); // A: 2 days × 2 classes; B: 2 days × modem.
    await upsertRollups(
      db,
      [...fleetA, ...fleetB].flatMap((d) => [deviceDay(d, 1, 3600), deviceDay(d, 2, 1200)]),
      orgOf,
    );
    await expectKept();

    // The carrier's figures filled in a day late (the gateway's update), and an upsert that keeps them.
    await db.execute(sql`update device_daily_stats set backup_usage_bytes = 5000000, backup_usage_updated_at = now()
      where day = ${DAYS[1]} and seconds_on_backup > 0`);
    await upsertRollups(db, [deviceDay(fleetA[0] as DeviceRow, 1, 3600)], orgOf);
    await expectKept();
    const day1 = (await kept()).find((r) => r.organization_id === orgA && r.day === DAYS[1] && r.modem);
    expect(day1).toMatchObject({ rows: 2, reported_rows: 2, awaiting_rows: 0, rows_on_backup: 2 });

    // A rollback leaves no trace.
    await db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update device_daily_stats set seconds_offline = 0 where organization_id = ${orgB}`,
        );
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await expectKept();

    // A removed device takes its days with it (a cascade: its `devices` row is already gone).
    await db.delete(devices).where(eq(devices.id, (fleetA[2] as DeviceRow).id));
    await expectKept();
    await db.delete(devices).where(eq(devices.id, (fleetB[0] as DeviceRow).id));
    await expectKept();
    expect((await kept()).some((r) => r.organization_id === orgB)).toBe(false);

    // A row moved to another day (nothing does this today) moves its device's span both ways.
    await db.execute(sql`update device_daily_stats set day = '2026-11-05'
      where device_id = ${(fleetA[0] as DeviceRow).id} and day = ${DAYS[0]}`);
    await expectKept();
    expect((await keptSpans()).find((r) => r.device_id === fleetA[0]?.id)).toMatchObject({
      first_day: DAYS[1],
      last_day: '2026-11-05',
    });

    await db.execute(sql`truncate device_daily_stats`);
    expect(await kept()).toEqual([]);
    expect(await keptSpans()).toEqual([]);
  });

  it.each<ReportId>(['online-analytics', 'cellular-billing', 'sla'])(
    '%s over the whole organization answers what the device-days sum to',
    async (report) => {
      const remaining = fleetA.filter((d) => d.kind !== '5g');
      await upsertRollups(
        db,
        remaining.flatMap((d, i) => [
          deviceDay(d, 0, i * 300, i ? 7000 : null),
          deviceDay(d, 1),
          ...(i ? [deviceDay(d, 2, 900)] : []),
        ]),
        orgOf,
      );
      const scope = { organizationId: orgA, userId: orgA, restricted: false };
      const range = { from: DAYS[0] as string, to: DAYS[2] as string };
      const whole = await seriesAndTotalsOf(db, report, scope, range);
      // Naming every model is the same set of devices, but read from the device-days.
      const models = [...new Set(fleetA.map((d) => d.model))];
      const filtered = await seriesAndTotalsOf(db, report, scope, { ...range, models });
      const { devices_on_backup: _whole, ...wholeTotals } = whole.totals;
      const { devices_on_backup: _filtered, ...filteredTotals } = filtered.totals;
      expect(whole.series).toEqual(filtered.series);
      expect(wholeTotals).toEqual(filteredTotals);
      expect(whole.totals.row_count).toBeGreaterThan(0);
      expect(whole.totals.devices).toBe(report === 'online-analytics' ? 3 : 1);
      // A range of one day in the middle, and of the last day, where one device has no row.
      for (const day of [DAYS[1] as string, DAYS[2] as string]) {
        const one = await seriesAndTotalsOf(db, report, scope, { from: day, to: day });
        const oneFiltered = await seriesAndTotalsOf(db, report, scope, { from: day, to: day, models });
        expect(one.totals.devices).toBe(oneFiltered.totals.devices);
      }
      // Days before and after: nothing, and the counts say so.
      const empty = await seriesAndTotalsOf(db, report, scope, { from: '2025-01-01', to: '2025-01-31' });
      expect(empty.series).toEqual([]);
      expect(empty.totals).toMatchObject({ row_count: 0, devices: 0, seconds_online: 0 });
    },
  );
});
