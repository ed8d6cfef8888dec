/*
 * The reports' vocabulary without zod (issue 39): their ids, the longest range, the last complete day, the SLA's
 * default target, the sort fields and the subscriptions' limit. The Reports screen reads these on its first load;
 * the schemas built on them live in reports.ts.
 */

export const REPORT_IDS = ['cellular-billing', 'online-analytics', 'sla'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** The longest range a report covers. */
export const REPORT_MAX_MONTHS = 13;

/**
 * The carrier reports a UTC day's backup usage within this many hours after the day ends (the simulated
 * carrier: 2 h, spread over 8 h more). Until then the day's billing rows read "Not reported".
 */
export const CARRIER_REPORT_HOURS = 10;

/**
 * The last complete UTC day (YYYY-MM-DD) of a report at `now`, where its default range ends: yesterday, and for
 * the billing report the last day the carrier has reported in full (issue 37: it opened on a day of empty
 * "Not reported" rows, which in the Americas' evening is already the local today).
 */
export function reportLastCompleteDay(report: ReportId, now: number): string {
  const lag = report === 'cellular-billing' ? CARRIER_REPORT_HOURS * 3_600_000 : 0;
  const day = Math.floor((now - lag) / 86_400_000) - 1;
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}
/** Default availability target of the SLA report, in percent. */
export const SLA_DEFAULT_TARGET = 99.5;

/** Sort fields per report (`field-asc|desc`); anything else is refused with 400. */
export const REPORT_SORT_FIELDS = {
  'cellular-billing': [
    'date',
    'macAddress',
    'manufacturer',
    'model',
    'usage_backup',
    'lastUpdated',
    'siteName',
    'city',
    'state',
    'zip',
  ],
  'online-analytics': [
    'date',
    'macAddress',
    'manufacturer',
    'model',
    'siteName',
    'city',
    'state',
    'percentOffline',
    'secondsOffline',
    'offlineEvents',
    'percentOnBackup',
    'secondsOnBackup',
    'backupEvents',
    'percentOnPrimary',
    'secondsOnPrimary',
    'percentOnline',
    'secondsOnline',
    'wanBytesReceived',
    'wanBytesTransmitted',
  ],
  sla: [
    'availability',
    'siteName',
    'city',
    'state',
    'devices',
    'percentDown',
    'secondsDown',
    'percentOnBackup',
    'secondsOnBackup',
    'downEvents',
    'backupEvents',
  ],
} as const satisfies Record<ReportId, readonly string[]>;

/** A user has at most this many subscriptions. */
export const MAX_REPORT_SUBSCRIPTIONS = 20;
