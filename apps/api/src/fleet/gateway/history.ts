import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/db.ts';
import { type BackfillOptions, backfill, DAY } from '../simulator/index.ts';
import { arr, insertIntervals, insertSamples, iso, loadDevices, upsertRollups, writeSignals } from './sql.ts';

/** The backfill's seed, end and days of status history, and how many of those days get WAN samples. */
export type HistoryOptions = Pick<BackfillOptions, 'seed' | 'now' | 'days'> & {
  /**
   * Days of WAN samples to store (the most recent ones); default all of `days`. Samples are the bulk
   * of the history (one per edge device every 5 minutes), so a smaller value shortens the first start.
   */
  sampleDays?: number;
};

export type HistoryResult = {
  devices: number;
  intervals: number;
  samples: number;
  rollups: number;
  /** Wall-clock ms spent computing and storing. */
  ms: number;
};

/** Serialises concurrent first starts on one database (see seedDemo's lock for the seed itself). */
const HISTORY_LOCK = 7415094;

/**
 * History at first seed: status intervals, WAN samples and daily rollups for every
 * device, ending in its current status; the devices get their drifted signal, offline ones the time
 * they were last heard from, rebooted ones their last boot. Does nothing when any status interval
 * exists already (history is only backfilled into a fresh fleet), and answers null then.
 */
export async function backfillHistory(db: Db, options: HistoryOptions): Promise<HistoryResult | null> {
  const started = Date.now();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${HISTORY_LOCK})`);
    const { rows } = await tx.execute<{ any: boolean }>(
      sql`select exists (select 1 from device_status_intervals) as any`,
    );
    if (rows[0]?.any) return null;
    const devices = await loadDevices(tx);
    if (devices.length === 0) return null;
    const orgOf = new Map(devices.map((d) => [d.id, d.organizationId]));

    const history = backfill(devices, { seed: options.seed, now: options.now, days: options.days });
    const sampleFrom =
      options.sampleDays === undefined
        ? history.from
        : Math.max(history.from, history.to - options.sampleDays * DAY);
    const samples =
      sampleFrom === history.from ? history.samples : history.samples.filter((s) => s.at >= sampleFrom);

    await insertIntervals(tx, history.intervals, orgOf);
    await insertSamples(tx, samples);
    await upsertRollups(tx, history.rollups, orgOf);

    // Offline devices were last heard from when their current period began; rebooted ones last booted
    // when their last reboot ended.
    const currentFrom = new Map<string, number>();
    for (const iv of history.intervals) if (iv.to === null) currentFrom.set(iv.deviceId, iv.from);
    const lastBoot = new Map<string, number>();
    for (const e of history.events)
      if (e.from === 'rebooting' && e.to === 'online') lastBoot.set(e.deviceId, e.at);
    const silent = devices.filter((d) => d.status === 'offline' || d.status === 'rebooting');
    if (silent.length > 0) {
      await tx.execute(sql`
        update devices d set last_update = v.at
        from unnest(${arr(silent.map((d) => d.id))}::uuid[],
                    ${arr(silent.map((d) => iso(currentFrom.get(d.id) ?? history.to)))}::timestamptz[]) as v(id, at)
        where d.id = v.id`);
    }
    const booted = [...lastBoot];
    if (booted.length > 0) {
      await tx.execute(sql`
        update devices d set last_boot = v.at
        from unnest(${arr(booted.map(([id]) => id))}::uuid[],
                    ${arr(booted.map(([, at]) => iso(at)))}::timestamptz[]) as v(id, at)
        where d.id = v.id and d.status in ('online', 'onbackup')`);
    }
    await writeSignals(
      tx,
      history.state.devices.flatMap((d) => (d.signal ? [{ id: d.id, signal: d.signal }] : [])),
    );
    return {
      devices: devices.length,
      intervals: history.intervals.length,
      samples: samples.length,
      rollups: history.rollups.length,
      ms: Date.now() - started,
    };
  });
}
