/**
 * Traffic of a device's day (issue 9 part 4), deterministic from the seed, the device and the day: WAN bytes
 * received and transmitted, and the backup (LTE) usage its wireless carrier reports for the day — a day late,
 * with the carrier's own last-updated time. Pure; the backfill and the gateway's daily rollup both use it, so
 * a day rolled up live matches the same day backfilled.
 */
import { CARRIER_REPORT_HOURS } from '@vnoc/contracts';
import { DAY, HOUR, SECOND } from './engine.ts';
import type { DailyRollup } from './intervals.ts';
import { hashString, noise } from './random.ts';
import { type DeviceKind, isEdgeKind } from './transitions.ts';

const GIB = 1024 ** 3;
const KIB = 1024;

/**
 * Bytes a device of each kind receives on a full day up, drawn per device between the bounds (site size):
 * an edge device carries the site's WAN traffic, an access point or a switch its own uplink's.
 */
export const DAILY_RECEIVED_GIB: Readonly<Record<DeviceKind, readonly [number, number]>> = {
  firewall: [8, 60],
  '5g': [3, 25],
  'access-point': [1, 12],
  switch: [4, 40],
};
/** Transmitted bytes as a share of received ones, drawn per device. */
const TRANSMIT_SHARE: readonly [number, number] = [0.12, 0.3];
/** Saturdays and Sundays carry this share of a weekday's traffic (shops, clinics and branch offices). */
const WEEKEND_SHARE = 0.55;
/** Throughput left while an edge device runs on its LTE backup. */
export const BACKUP_THROUGHPUT = 0.6;
/**
 * The carrier reports a day's usage this long after the day ended, and up to CARRIER_SPREAD later: all of it by
 * CARRIER_REPORT_HOURS, where the billing report's default range ends (contracts).
 */
export const CARRIER_DELAY_MS = 2 * HOUR;
export const CARRIER_SPREAD_MS = CARRIER_REPORT_HOURS * HOUR - CARRIER_DELAY_MS;

/** The figures of the day that go beyond the status rollup. */
export type DailyUsage = {
  wanBytesReceived: number;
  wanBytesTransmitted: number;
  /** As the carrier reported it (whole KiB); null until reported, and for days without time on backup. */
  backupUsageBytes: number | null;
  /** When the carrier reported it (ms); null until then. */
  backupUsageUpdatedAt: number | null;
};

/** One row of `device_daily_stats`: the day's status rollup and its traffic. */
export type DeviceDay = DailyRollup & DailyUsage;

export type UsageDevice = { id: string; kind: DeviceKind };

const SALT = { size: 1, share: 2, day: 3, carrier: 4, carrierAt: 5 } as const;
const dayIndex = (day: string) => Math.floor(Date.parse(`${day}T00:00:00.000Z`) / DAY);
const draw = (seed: number, id: string, dayNo: number, salt: number) =>
  noise(seed, hashString(id), dayNo, salt);

/** A device's bytes per second on a full weekday up (received, transmitted), before the day's noise. */
function rates(seed: number, device: UsageDevice): { rx: number; tx: number } {
  const [lo, hi] = DAILY_RECEIVED_GIB[device.kind];
  const rxPerDay = (lo + (hi - lo) * draw(seed, device.id, 0, SALT.size)) * GIB;
  const share =
    TRANSMIT_SHARE[0] + (TRANSMIT_SHARE[1] - TRANSMIT_SHARE[0]) * draw(seed, device.id, 0, SALT.share);
  return { rx: rxPerDay / 86_400, tx: (rxPerDay * share) / 86_400 };
}

/** The day's traffic factor: weekends are quieter, and every day varies ±20 %. */
function dayFactor(seed: number, id: string, day: string): number {
  const n = dayIndex(day);
  const weekday = new Date(n * DAY).getUTCDay();
  const base = weekday === 0 || weekday === 6 ? WEEKEND_SHARE : 1;
  return base * (0.8 + 0.4 * draw(seed, id, n, SALT.day));
}

/**
 * WAN bytes of the day: traffic flows while the device is up — an edge device on its backup link at
 * BACKUP_THROUGHPUT — and none while it is offline, rebooting or not installed.
 */
export function wanBytes(
  seed: number,
  device: UsageDevice,
  r: Pick<DailyRollup, 'day' | 'secondsOnPrimary' | 'secondsOnBackup'>,
): { received: number; transmitted: number } {
  const { rx, tx } = rates(seed, device);
  const f = dayFactor(seed, device.id, r.day);
  const upSeconds = isEdgeKind(device.kind)
    ? r.secondsOnPrimary + r.secondsOnBackup * BACKUP_THROUGHPUT
    : r.secondsOnPrimary + r.secondsOnBackup;
  return { received: Math.round(rx * f * upSeconds), transmitted: Math.round(tx * f * upSeconds) };
}

/**
 * What the carrier reports for an edge device's day with time on backup (null otherwise): the bytes that
 * went over LTE (part of the day's WAN bytes), in whole KiB, at least 1 KiB, reported the next day between
 * CARRIER_DELAY_MS and CARRIER_DELAY_MS + CARRIER_SPREAD_MS after midnight (whole seconds).
 */
export function carrierReport(
  seed: number,
  device: UsageDevice,
  r: Pick<DailyRollup, 'day' | 'secondsOnBackup'>,
): { bytes: number; at: number } | null {
  if (!isEdgeKind(device.kind) || r.secondsOnBackup <= 0) return null;
  const { rx, tx } = rates(seed, device);
  const n = dayIndex(r.day);
  const lte = (rx + tx) * dayFactor(seed, device.id, r.day) * BACKUP_THROUGHPUT * r.secondsOnBackup;
  // Carriers meter a little signalling overhead on top (1–3 %).
  const metered = lte * (1.01 + 0.02 * draw(seed, device.id, n, SALT.carrier));
  const bytes = Math.max(1, Math.round(metered / KIB)) * KIB;
  const delay = CARRIER_DELAY_MS + CARRIER_SPREAD_MS * draw(seed, device.id, n, SALT.carrierAt);
  const at = Math.floor(((n + 1) * DAY + delay) / SECOND) * SECOND;
  return { bytes, at };
}

/** The day's traffic, with the carrier's figure only once it was reported by `now` (ms). */
export function usageOf(seed: number, device: UsageDevice, r: DailyRollup, now: number): DailyUsage {
  const wan = wanBytes(seed, device, r);
  const report = carrierReport(seed, device, r);
  const reported = report !== null && report.at <= now;
  return {
    wanBytesReceived: wan.received,
    wanBytesTransmitted: wan.transmitted,
    backupUsageBytes: reported ? report.bytes : null,
    backupUsageUpdatedAt: reported ? report.at : null,
  };
}

/** Rollups with their traffic; rollups of devices `kindOf` does not know are left out. */
export function withUsage(
  seed: number,
  rollups: readonly DailyRollup[],
  kindOf: (deviceId: string) => DeviceKind | undefined,
  now: number,
): DeviceDay[] {
  const out: DeviceDay[] = [];
  for (const r of rollups) {
    const kind = kindOf(r.deviceId);
    if (kind) out.push({ ...r, ...usageOf(seed, { id: r.deviceId, kind }, r, now) });
  }
  return out;
}
