import type {
  CellularBillingPage,
  CellularBillingRow,
  OnlineAnalyticsPage,
  OnlineAnalyticsRow,
  SlaPage,
  SlaRow,
} from '@vnoc/contracts';
import type { BillingRow, DayTotals, OnlineRow, SlaRow as SlaDbRow, SlaTotals } from './repository.ts';

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
/** Percent of `whole`, 4 decimals; 0 of nothing. */
const pct = (part: number, whole: number) => (whole > 0 ? round4((part * 100) / whole) : 0);
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: unknown) => Number(v ?? 0);

export function presentBilling(r: BillingRow): CellularBillingRow {
  return {
    id: r.id,
    deviceId: r.deviceId,
    siteId: r.siteId,
    macAddress: r.macAddress,
    manufacturer: r.manufacturer,
    model: r.model,
    usage_backup: r.usage_backup === null ? null : num(r.usage_backup),
    date: r.date,
    lastUpdated: iso(r.lastUpdated),
    siteName: r.siteName,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    country: r.country,
  };
}

export function presentOnline(r: OnlineRow): OnlineAnalyticsRow {
  return {
    id: r.id,
    deviceId: r.deviceId,
    siteId: r.siteId,
    macAddress: r.macAddress,
    manufacturer: r.manufacturer,
    model: r.model,
    date: r.date,
    siteName: r.siteName,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    country: r.country,
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
    siteName: r.siteName,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    country: r.country,
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
    whole,
    percentOnPrimary,
    percentOnBackup,
    percentOnline,
    percentOffline: whole > 0 ? round4(100 - percentOnline) : 0,
  };
}

export function billingTotals(t: DayTotals): CellularBillingPage['totals'] {
  return {
    rows: num(t.row_count),
    devices: num(t.devices),
    usage_backup: num(t.usage_backup),
    reportedRows: num(t.reported_rows),
    awaitingRows: num(t.awaiting_rows),
  };
}

export function billingPoint(
  t: DayTotals & { date: string },
): CellularBillingPage['summary']['series'][number] {
  return { date: t.date, usage_backup: num(t.usage_backup), devicesOnBackup: num(t.devices_on_backup) };
}

export function onlineTotals(t: DayTotals): OnlineAnalyticsPage['totals'] {
  const s = shares(t);
  return {
    rows: num(t.row_count),
    devices: num(t.devices),
    percentOffline: s.percentOffline,
    secondsOffline: num(t.seconds_offline),
    offlineEvents: num(t.offline_events),
    percentOnBackup: s.percentOnBackup,
    secondsOnBackup: num(t.seconds_on_backup),
    backupEvents: num(t.backup_events),
    percentOnPrimary: s.percentOnPrimary,
    secondsOnPrimary: num(t.seconds_on_primary),
    percentOnline: s.percentOnline,
    secondsOnline: num(t.seconds_online),
    wanBytesReceived: num(t.wan_bytes_received),
    wanBytesTransmitted: num(t.wan_bytes_transmitted),
  };
}

export function onlinePoint(
  t: DayTotals & { date: string },
): OnlineAnalyticsPage['summary']['series'][number] {
  const s = shares(t);
  return {
    date: t.date,
    percentOnline: s.percentOnline,
    percentOnPrimary: s.percentOnPrimary,
    percentOnBackup: s.percentOnBackup,
    percentOffline: s.percentOffline,
    offlineEvents: num(t.offline_events),
    backupEvents: num(t.backup_events),
    wanBytesReceived: num(t.wan_bytes_received),
    wanBytesTransmitted: num(t.wan_bytes_transmitted),
  };
}

export function slaTotals(t: DayTotals, sites: SlaTotals, target: number): SlaPage['totals'] {
  const s = shares(t);
  return {
    sites: sites.sites,
    sitesMeetingTarget: sites.met,
    target,
    availability: s.percentOnline,
    percentOnPrimary: s.percentOnPrimary,
    percentOnBackup: s.percentOnBackup,
    percentDown: s.percentOffline,
    secondsDown: num(t.seconds_offline),
    secondsOnBackup: num(t.seconds_on_backup),
    downEvents: num(t.offline_events),
    backupEvents: num(t.backup_events),
  };
}

export function slaPoint(t: DayTotals & { date: string }): SlaPage['summary']['series'][number] {
  const s = shares(t);
  return {
    date: t.date,
    availability: s.percentOnline,
    percentOnBackup: s.percentOnBackup,
    percentDown: s.percentOffline,
  };
}
