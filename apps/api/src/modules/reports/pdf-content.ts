/**
 * What a report's PDF says, in the reader's language: its table's columns, the totals' boxes (also the
 * email's lines), the per-day chart and the notes. pdf.ts draws it.
 */
import type { ReportId, ReportInfo, ReportPage } from '@vnoc/contracts';
import type { Language } from '../../notifications/profile.ts';
import {
  fixed,
  formatDateTime,
  formatDay,
  formatDuration,
  rangeText,
  type Writer,
  writerOf,
} from './format.ts';
import type { PdfColumn, PdfReport } from './pdf.ts';
import type { ReportText } from './report-text.ts';

type Label = keyof ReportText['labels'];
type PageOf<K extends ReportId> = Extract<ReportPage, { report: K }>;
/** A column: its header, its relative width and its value in a row. */
type ColumnDef<R> = [Label, number, (r: R, w: Writer) => string];

const PDF_COLUMNS: { [K in ReportId]: ColumnDef<PageOf<K>['content'][number]>[] } = {
  'cellular-billing': [
    ['date', 8, (r) => formatDay(r.date)],
    ['mac', 11, (r) => r.macAddress],
    ['manufacturer', 10, (r) => r.manufacturer],
    ['model', 9, (r) => r.model],
    ['backupUsage', 9, (r, w) => (r.usage_backup === null ? '—' : w.bytes(r.usage_backup))],
    ['lastUpdated', 13, (r) => formatDateTime(r.lastUpdated)],
    ['site', 18, (r) => r.siteName],
    ['city', 9, (r) => r.city ?? ''],
    ['state', 5, (r) => r.state ?? ''],
    ['zip', 6, (r) => r.zip ?? ''],
  ],
  'online-analytics': [
    ['date', 7, (r) => formatDay(r.date)],
    ['mac', 11, (r) => r.macAddress],
    ['model', 9, (r) => r.model],
    ['site', 16, (r) => r.siteName],
    ['online', 8, (r, w) => w.percent(r.percentOnline)],
    ['primary', 8, (r, w) => w.percent(r.percentOnPrimary)],
    ['backup', 8, (r, w) => w.percent(r.percentOnBackup)],
    ['offline', 8, (r, w) => w.percent(r.percentOffline)],
    ['outages', 5, (r, w) => w.count(r.offlineEvents)],
    ['failovers', 5, (r, w) => w.count(r.backupEvents)],
    ['wanReceived', 8, (r, w) => w.bytes(r.wanBytesReceived)],
    ['wanSent', 8, (r, w) => w.bytes(r.wanBytesTransmitted)],
  ],
  sla: [
    ['site', 18, (r) => r.siteName],
    ['city', 9, (r) => r.city ?? ''],
    ['state', 5, (r) => r.state ?? ''],
    ['availability', 9, (r, w) => w.percent(r.availability)],
    ['target', 6, (r, w) => w.percent(r.target)],
    ['met', 4, (r, w) => (r.met ? w.text.yes : w.text.no)],
    ['onBackup', 9, (r, w) => w.percent(r.percentOnBackup)],
    ['down', 9, (r, w) => w.percent(r.percentDown)],
    ['timeDown', 8, (r) => formatDuration(r.secondsDown)],
    ['timeOnBackup', 8, (r) => formatDuration(r.secondsOnBackup)],
    ['outages', 5, (r, w) => w.count(r.downEvents)],
    ['failovers', 5, (r, w) => w.count(r.backupEvents)],
  ],
};

function pdfColumns(report: ReportId, w: Writer): PdfColumn[] {
  const defs = PDF_COLUMNS[report] as ColumnDef<ReportPage['content'][number]>[];
  return defs.map(([key, width, value]) => ({
    header: w.text.labels[key],
    width,
    value: (row: unknown) => value(row as ReportPage['content'][number], w),
  }));
}

/** A total: its label and its value in the page's totals. */
type TotalDef<T> = [Label, (t: T, w: Writer) => string];
/** What the per device-day reports' totals cover: devices and device-days. */
const COVERAGE: TotalDef<{ devices: number; rows: number }>[] = [
  ['devices', (t, w) => w.count(t.devices)],
  ['deviceDays', (t, w) => w.count(t.rows)],
];

const TOTALS: { [K in ReportId]: TotalDef<PageOf<K>['totals']>[] } = {
  'cellular-billing': [
    ['backupUsage', (t, w) => w.bytes(t.usage_backup)],
    ...COVERAGE,
    ['reported', (t, w) => w.count(t.reportedRows)],
    ['awaiting', (t, w) => w.count(t.awaitingRows)],
  ],
  'online-analytics': [
    ['online', (t, w) => w.percent(t.percentOnline)],
    ['onPrimary', (t, w) => w.percent(t.percentOnPrimary)],
    ['onBackup', (t, w) => w.percent(t.percentOnBackup)],
    ['offline', (t, w) => w.percent(t.percentOffline)],
    ['outages', (t, w) => w.count(t.offlineEvents)],
    ['failovers', (t, w) => w.count(t.backupEvents)],
    ['wanReceived', (t, w) => w.bytes(t.wanBytesReceived)],
    ['wanSent', (t, w) => w.bytes(t.wanBytesTransmitted)],
    ...COVERAGE,
  ],
  sla: [
    ['availability', (t, w) => w.percent(t.availability)],
    ['target', (t, w) => w.percent(t.target)],
    ['meetingTarget', (t, w) => w.text.of(w.count(t.sitesMeetingTarget), w.count(t.sites))],
    ['onBackup', (t, w) => w.percent(t.percentOnBackup)],
    ['down', (t, w) => w.percent(t.percentDown)],
    ['outages', (t, w) => w.count(t.downEvents)],
    ['failovers', (t, w) => w.count(t.backupEvents)],
  ],
};

/** The totals of a page as label/value pairs (the PDF's boxes and the email's lines), in `language`. */
export function totalsLines(page: ReportPage, language: Language = 'en'): { label: string; value: string }[] {
  const w = writerOf(language);
  const defs = TOTALS[page.report] as TotalDef<ReportPage['totals']>[];
  return defs.map(([label, value]) => ({ label: w.text.labels[label], value: value(page.totals, w) }));
}

/**
 * The per-day chart, the console's: billing's backup bytes, online analytics' share of time offline, and the
 * SLA's availability per day as a line against the target (issue 37 point 6: the PDF drew downtime bars).
 */
function chartOf(page: ReportPage, w: Writer): PdfReport['chart'] {
  const label = (d: string) => d.slice(5).replace('-', '/');
  const share = (v: number) => `${fixed(w.text.locale, v, 2)} %`;
  const chart = (
    title: string,
    points: { date: string; value: number }[],
    format: (v: number) => string,
  ) => ({
    title,
    points: points.map((p) => ({ label: label(p.date), value: p.value })),
    format,
    empty: w.text.noSamples,
  });
  if (page.report === 'cellular-billing')
    return chart(
      w.text.charts.billing,
      page.summary.series.map((p) => ({ date: p.date, value: p.usage_backup })),
      w.bytes,
    );
  if (page.report === 'online-analytics')
    return chart(
      w.text.charts.online,
      page.summary.series.map((p) => ({ date: p.date, value: p.percentOffline })),
      share,
    );
  return {
    ...chart(
      w.text.charts.sla,
      page.summary.series.map((p) => ({ date: p.date, value: p.availability })),
      w.percent,
    ),
    line: {
      top: 100,
      reference: { value: page.totals.target, label: w.text.target(w.percent(page.totals.target)) },
    },
  };
}

/** The whole PDF of a page (its first rows) in `language`, generated at `now`. */
export function pdfReportOf(info: ReportInfo, page: ReportPage, language: Language, now: Date): PdfReport {
  const w = writerOf(language);
  return {
    title: info.title[language],
    subtitle: rangeText(page.from, page.to, language),
    caption: info.caption[language],
    totals: totalsLines(page, language),
    chart: chartOf(page, w),
    columns: pdfColumns(info.id, w),
    rows: page.content,
    totalRows: page.totalElements,
    notes: {
      generated: w.text.generated(formatDateTime(now.toISOString())),
      noRows: w.text.noRows,
      showingFirst: w.text.showingFirst(w.count(page.content.length), w.count(page.totalElements)),
    },
  };
}
