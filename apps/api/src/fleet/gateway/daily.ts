/**
 * The daily figures kept after the backfill (issue 9 part 4): each UTC day, once it is over, is rolled up
 * from the stored status intervals into `device_daily_stats` (one row per device per day, with its WAN
 * bytes), and the carrier's backup usage of a day is filled in the next day, when the carrier reports it.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../plugins/db.ts';
import {
  carrierReport,
  DAY,
  type DeviceKind,
  type DeviceStatus,
  dailyRollups,
  type StatusInterval,
  withUsage,
} from '../simulator/index.ts';
import { arr, iso, upsertRollups } from './sql.ts';

/** A fleet down longer than this is rolled up only for its last days (the reports' longest range is 13 months, but the history is 30 days). */
export const MAX_CATCH_UP_DAYS = 31;
/** Days back whose carrier figures may still be missing (the carrier reports within a day). */
const CARRIER_LOOKBACK_DAYS = 3;

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Rolls up one UTC day (its midnight in ms) from the intervals that overlap it; answers the rows written. */
export async function rollUpDay(db: DbOrTx, seed: number, dayStart: number, now: number): Promise<number> {
  const { rows } = await db.execute<{
    device_id: string;
    organization_id: string;
    kind: DeviceKind;
    status: DeviceStatus;
    started_at: string | Date;
    ended_at: string | Date | null;
  }>(sql`
    select i.device_id, i.organization_id, d.kind, i.status, i.started_at, i.ended_at
    from device_status_intervals i join devices d on d.id = i.device_id
    where i.started_at < ${iso(dayStart + DAY)} and (i.ended_at is null or i.ended_at > ${iso(dayStart)})`);
  if (rows.length === 0) return 0;
  const kinds = new Map(rows.map((r) => [r.device_id, r.kind]));
  const orgOf = new Map(rows.map((r) => [r.device_id, r.organization_id]));
  const intervals = rows.map(
    (r): StatusInterval => ({
      deviceId: r.device_id,
      status: r.status,
      from: new Date(r.started_at).getTime(),
      to: r.ended_at === null ? null : new Date(r.ended_at).getTime(),
    }),
  );
  const days = withUsage(seed, dailyRollups(intervals, dayStart, 1), (id) => kinds.get(id), now);
  await upsertRollups(db, days, orgOf);
  return days.length;
}

/**
 * Rolls up every complete day after the newest one stored (at most MAX_CATCH_UP_DAYS back); with nothing
 * stored yet, from the first recorded status. Answers the days rolled up.
 */
export async function rollUpCompleteDays(db: Db, seed: number, now: number): Promise<number> {
  const today = Math.floor(now / DAY) * DAY;
  const { rows } = await db.execute<{ last: string | null; first: string | Date | null }>(sql`
    select (select max(day)::text from device_daily_stats) as last,
           (select min(started_at) from device_status_intervals) as first`);
  const last = rows[0]?.last;
  const first = rows[0]?.first;
  if (!last && !first) return 0;
  let day = last
    ? Date.parse(`${last}T00:00:00.000Z`) + DAY
    : Math.floor(new Date(first as string | Date).getTime() / DAY) * DAY;
  day = Math.max(day, today - MAX_CATCH_UP_DAYS * DAY);
  let rolled = 0;
  for (; day < today; day += DAY) {
    await db.transaction((tx) => rollUpDay(tx, seed, day, now));
    rolled++;
  }
  return rolled;
}

/**
 * Fills in the carrier's backup usage of the recent days whose report is due by `now` (days with time on
 * backup only); answers the rows filled.
 */
export async function applyCarrierReports(db: DbOrTx, seed: number, now: number): Promise<number> {
  const since = dayText(Math.floor(now / DAY) * DAY - CARRIER_LOOKBACK_DAYS * DAY);
  const { rows } = await db.execute<{
    device_id: string;
    day: string;
    kind: DeviceKind;
    seconds_on_backup: number;
  }>(
    sql`
    select s.device_id, s.day::text as day, d.kind, s.seconds_on_backup
    from device_daily_stats s join devices d on d.id = s.device_id
    where s.day >= ${since}::date and s.seconds_on_backup > 0 and s.backup_usage_bytes is null`,
  );
  const due = rows.flatMap((r) => {
    const report = carrierReport(
      seed,
      { id: r.device_id, kind: r.kind },
      {
        day: r.day,
        secondsOnBackup: r.seconds_on_backup,
      },
    );
    return report && report.at <= now ? [{ ...r, ...report }] : [];
  });
  if (due.length === 0) return 0;
  await db.execute(sql`
    update device_daily_stats s set backup_usage_bytes = v.bytes, backup_usage_updated_at = v.at
    from unnest(${arr(due.map((r) => r.device_id))}::uuid[], ${arr(due.map((r) => r.day))}::date[],
                ${arr(due.map((r) => r.bytes))}::bigint[], ${arr(due.map((r) => iso(r.at)))}::timestamptz[])
      as v(device_id, day, bytes, at)
    where s.device_id = v.device_id and s.day = v.day and s.backup_usage_bytes is null`);
  return due.length;
}

/** Both of the above: what the gateway runs about once a minute. */
export async function keepDailyFigures(
  db: Db,
  seed: number,
  now: number,
): Promise<{ days: number; reports: number }> {
  const days = await rollUpCompleteDays(db, seed, now);
  const reports = await applyCarrierReports(db, seed, now);
  return { days, reports };
}
