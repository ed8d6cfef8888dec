/** Rows and sums as the reports' contracts answer them: figures as numbers, times as ISO 8601. */
import {
  type CellularBillingRow,
  type OnlineAnalyticsRow,
  ReportFiltersSchema,
  type ReportId,
  type ReportPage,
  type ReportSubscription,
  type SlaRow,
  type TimelineDay,
} from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import { paged } from '../../sql/paging.ts';
import type { BillingRow, DeviceDayFields, OnlineRow } from './repository/device-days.ts';
import type { SiteFields } from './repository/rollups.ts';
import type { SlaRow as SlaDbRow, SlaTotals } from './repository/sla.ts';
import type { SubscriptionRow } from './repository/subscriptions.ts';
import type { DayTotals } from './repository/totals.ts';

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
/** Percent of `whole`, 4 decimals; 0 of nothing. */
const pct = (part: number, whole: number) => (whole > 0 ? round4((part * 100) / whole) : 0);
const num = (v: unknown) => Number(v ?? 0);

/** The site's name and address, as every report's row carries them. */
const siteOf = (r: SiteFields): SiteFields => ({
  siteName: r.siteName,
  address: r.address,
  city: r.city,
  state: r.state,
  zip: r.zip,
  country: r.country,
});

/** Which device, where and which day: the first fields of a per device-day row. */
const deviceDayOf = (r: DeviceDayFields): DeviceDayFields => ({
  id: r.id,
  deviceId: r.deviceId,
  siteId: r.siteId,
  macAddress: r.macAddress,
  manufacturer: r.manufacturer,
  model: r.model,
  date: r.date,
  ...siteOf(r),
});

export function presentBilling(r: BillingRow): CellularBillingRow {
  return {
    ...deviceDayOf(r),
    usage_backup: r.usage_backup === null ? null : num(r.usage_backup),
    lastUpdated: iso(r.lastUpdated),
  };
}

export function presentOnline(r: OnlineRow): OnlineAnalyticsRow {
  return {
    ...deviceDayOf(r),
    percentOffline: num(r.percentOffline),
    secondsOffline: num(r.secondsOffline),
    offlineEvents: num(r.offlineEvents),
    percentOnBackup: num(r.percentOnBackup),
    secondsOnBackup: num(r.secondsOnBackup),
    backupEvents: num(r.backupEvents),
    percentOnPrimary: num(r.percentOnPrimary),
    secondsOnPrimary: num(r.secondsOnPrimary),
    percentOnline: num(r.percentOnline),
    secondsOnline: num(r.secondsOnline),
    wanBytesReceived: num(r.wanBytesReceived),
    wanBytesTransmitted: num(r.wanBytesTransmitted),
  };
}

export function presentSla(r: SlaDbRow): SlaRow {
  return {
    id: r.id,
    siteId: r.siteId,
    ...siteOf(r),
    devices: num(r.devices),
    secondsObserved: num(r.secondsObserved),
    secondsOnPrimary: num(r.secondsOnPrimary),
    secondsOnBackup: num(r.secondsOnBackup),
    secondsDown: num(r.secondsDown),
    availability: num(r.availability),
    percentOnPrimary: num(r.percentOnPrimary),
    percentOnBackup: num(r.percentOnBackup),
    percentDown: num(r.percentDown),
    downEvents: num(r.downEvents),
    backupEvents: num(r.backupEvents),
    target: num(r.target),
    met: r.met === true,
  };
}

/**
 * Shares of time as the rows give them: on primary and on backup rounded to 4 decimals, online their sum and
 * offline the rest of 100, so the four always add up.
 */
function shares(t: DayTotals) {
  const whole = num(t.seconds_online) + num(t.seconds_offline);
  const percentOnPrimary = pct(num(t.seconds_on_primary), whole);
  const percentOnBackup = pct(num(t.seconds_on_backup), whole);
  const percentOnline = round4(percentOnPrimary + percentOnBackup);
  return {
    percentOnPrimary,
    percentOnBackup,
    percentOnline,
    percentOffline: whole > 0 ? round4(100 - percentOnline) : 0,
  };
}

/** Online analytics' figures that its totals and each day of its chart both give. */
function onlineFigures(t: DayTotals) {
  return {
    ...shares(t),
    offlineEvents: num(t.offline_events),
    backupEvents: num(t.backup_events),
    wanBytesReceived: num(t.wan_bytes_received),
    wanBytesTransmitted: num(t.wan_bytes_transmitted),
  };
}

/** The SLA's shares of time (availability is the online share, down the offline one): totals and chart. */
function slaShares(t: DayTotals) {
  const s = shares(t);
  return { availability: s.percentOnline, percentOnBackup: s.percentOnBackup, percentDown: s.percentOffline };
}

/**
 * A day of the timeline's availability strip (issue 37): the SLA chart's day, with the seconds behind it; no
 * seconds recorded (nothing rolled up, nothing installed) is no figure at all.
 */
export function presentAvailabilityDay(
  day: string,
  t: (DayTotals & { date: string }) | undefined,
): TimelineDay {
  const observed = t ? num(t.seconds_online) + num(t.seconds_offline) : 0;
  return {
    day,
    percent: t && observed > 0 ? slaShares(t).availability : null,
    secondsObserved: observed,
    secondsDown: t ? num(t.seconds_offline) : 0,
    secondsOnBackup: t ? num(t.seconds_on_backup) : 0,
  };
}

/** What the per device-day reports' totals cover: device-days and distinct devices. */
const coverage = (t: DayTotals) => ({ rows: num(t.row_count), devices: num(t.devices) });

/** What a report's page is read from: its rows, the sums over the whole filtered set and per day. */
export type PageParts = {
  rows: unknown[];
  totals: DayTotals;
  series: (DayTotals & { date: string })[];
  /** The SLA report's site counts (the other reports count rows). */
  sites?: SlaTotals;
};
type PageOf<K extends ReportId> = Extract<ReportPage, { report: K }>;
type Presenter<K extends ReportId> = {
  row: (r: never) => PageOf<K>['content'][number];
  totals: (t: DayTotals, sites: SlaTotals, target: number) => PageOf<K>['totals'];
  point: (t: DayTotals & { date: string }) => PageOf<K>['summary']['series'][number];
  /** How many rows the whole report has. */
  count: (t: DayTotals, sites: SlaTotals) => number;
};
/** Per report: how a row, the totals and a day of the chart are answered, and how many rows there are. */
const PRESENTERS: { [K in ReportId]: Presenter<K> } = {
  'cellular-billing': {
    row: presentBilling,
    totals: (t) => ({
      ...coverage(t),
      usage_backup: num(t.usage_backup),
      reportedRows: num(t.reported_rows),
      awaitingRows: num(t.awaiting_rows),
    }),
    point: (t) => ({
      date: t.date,
      usage_backup: num(t.usage_backup),
      devicesOnBackup: num(t.devices_on_backup),
    }),
    count: (t) => t.row_count,
  },
  'online-analytics': {
    row: presentOnline,
    totals: (t) => ({
      ...coverage(t),
      ...onlineFigures(t),
      secondsOffline: num(t.seconds_offline),
      secondsOnBackup: num(t.seconds_on_backup),
      secondsOnPrimary: num(t.seconds_on_primary),
      secondsOnline: num(t.seconds_online),
    }),
    point: (t) => ({ date: t.date, ...onlineFigures(t) }),
    count: (t) => t.row_count,
  },
  sla: {
    row: presentSla,
    totals: (t, sites, target) => ({
      sites: sites.sites,
      sitesMeetingTarget: sites.met,
      target,
      ...slaShares(t),
      percentOnPrimary: shares(t).percentOnPrimary,
      secondsDown: num(t.seconds_offline),
      secondsOnBackup: num(t.seconds_on_backup),
      downEvents: num(t.offline_events),
      backupEvents: num(t.backup_events),
    }),
    point: (t) => ({ date: t.date, ...slaShares(t) }),
    count: (_, sites) => sites.sites,
  },
};

/** A report's page: its rows, paging, totals and per-day summary, with the range and sorting it answers. */
export function presentPage(
  report: ReportId,
  head: { from: string; to: string; sorting: string },
  parts: PageParts,
  target: number,
  page: number,
  pageSize: number,
): ReportPage {
  const p = PRESENTERS[report] as unknown as Presenter<ReportId>;
  const sites = parts.sites ?? { sites: 0, met: 0 };
  return {
    report,
    ...head,
    ...paged((parts.rows as never[]).map(p.row), p.count(parts.totals, sites), page, pageSize),
    totals: p.totals(parts.totals, sites, target),
    summary: { series: parts.series.map(p.point) },
  } as ReportPage;
}

export function presentSubscription(r: SubscriptionRow): ReportSubscription {
  const filters = ReportFiltersSchema.safeParse(r.filters);
  return {
    id: r.id,
    report: r.report,
    frequency: r.frequency,
    filters: filters.success ? filters.data : {},
    nextRunAt: new Date(r.next_run_at).toISOString(),
    lastRunAt: r.last_run_at ? new Date(r.last_run_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
