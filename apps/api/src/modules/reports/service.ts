import type { Readable } from 'node:stream';
import {
  type CellularBillingRow,
  type OnlineAnalyticsRow,
  REPORT_CATALOGUE,
  REPORT_DEFAULT_SORTING,
  REPORT_MAX_MONTHS,
  REPORT_SORT_FIELDS,
  type ReportFilters,
  type ReportId,
  type ReportInfo,
  type ReportPage,
  type ReportQuery,
  SLA_DEFAULT_TARGET,
  type SlaRow,
} from '@vnoc/contracts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import { copyCsv } from '../../http/csv-export.ts';
import { type Language, languageOf } from '../../notifications/profile.ts';
import { paged, parseSorting } from '../../sql/paging.ts';
import { type Scope, scopeOf } from '../../sql/scope.ts';
import { findLanguage } from '../accounts/index.ts';
import { type PdfColumn, reportPdf } from './pdf.ts';
import * as present from './present.ts';
import { REPORT_TEXT, type ReportText } from './report-text.ts';
import * as repo from './repository.ts';

/** Rows the PDF's table shows at most (the CSV has them all). */
export const PDF_ROWS = 300;

const DAY_MS = 86_400_000;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

const unknownReport = () => new AppError(404, 'not_found', 'Unknown report.');

/** The catalogue entry of a report id, or 404. */
export function reportInfo(id: string): ReportInfo {
  const info = REPORT_CATALOGUE.find((r) => r.id === id);
  if (!info) throw unknownReport();
  return info;
}

/** The reports the caller's organization has. */
export function listReports(user: UserWithOrg): ReportInfo[] {
  return REPORT_CATALOGUE.filter(
    (r) => !r.entitlement || user.organization.entitlements.includes(r.entitlement),
  );
}

/** `from` + 13 calendar months (the first day past the longest range). */
function monthsAfter(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return dayOf(target.getTime());
}

/**
 * The range of a query: default the 7 days before today (UTC); from alone → 7 days from it (not past today);
 * to alone → the 7 days ending then. Reversed, ending after today or longer than 13 months → 400.
 */
export function resolveRange(
  query: Pick<ReportQuery, 'from' | 'to'>,
  now: Date,
): { from: string; to: string } {
  const today = dayOf(now.getTime());
  const yesterday = dayOf(msOf(today) - DAY_MS);
  let { from, to } = query;
  if ((from && from > today) || (to && to > today))
    throw Errors.invalidInput('The date range cannot end in the future.', to && to > today ? 'to' : 'from');
  if (!to) {
    const week = from ? dayOf(msOf(from) + 6 * DAY_MS) : yesterday;
    to = week < today ? week : today;
  }
  if (!from) from = dayOf(msOf(to) - 6 * DAY_MS);
  if (from > to)
    throw Errors.invalidInput('The start of the date range must be on or before its end.', 'from');
  if (to >= monthsAfter(from, REPORT_MAX_MONTHS))
    throw Errors.invalidInput(`The date range can be at most ${REPORT_MAX_MONTHS} months long.`, 'to');
  return { from, to };
}

function resolveSorting(report: ReportId, sorting: string | undefined): { text: string; sort: repo.Sort } {
  const text = sorting || REPORT_DEFAULT_SORTING[report];
  const fields: readonly string[] = REPORT_SORT_FIELDS[report];
  const dash = text.lastIndexOf('-');
  const dir = text.slice(dash + 1);
  const parsed = parseSorting<string>(text);
  if (dash < 1 || (dir !== 'asc' && dir !== 'desc') || !fields.includes(parsed.field))
    throw Errors.invalidInput(`Sort by one of ${fields.join(', ')}, as field-asc or field-desc.`, 'sorting');
  return { text, sort: parsed };
}

function modelsOf(model: string | undefined): string[] | undefined {
  const list = (model ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  if (list.length > 50 || list.some((m) => m.length > 100))
    throw Errors.invalidInput('Enter at most 50 model names.', 'model');
  return list.length ? list : undefined;
}

/** Ids in filters must name a site / group the caller sees: another organization's answers 404 like a missing one. */
export async function checkFilterIds(ctx: AppContext, scope: Scope, f: ReportFilters): Promise<void> {
  if (f.siteId && !(await repo.siteVisible(ctx.db, scope, f.siteId))) throw Errors.notFound();
  if (f.groupId && !(await repo.groupVisible(ctx.db, scope, f.groupId))) throw Errors.notFound();
}

export type ResolvedQuery = {
  report: ReportId;
  scope: Scope;
  filter: repo.ReportFilter;
  sortingText: string;
  sort: repo.Sort;
  target: number;
  page: number;
  pageSize: number;
};

/** Checks a report query (entitlement, range, sorting, filters) before anything is read. */
export async function resolveQuery(
  ctx: AppContext,
  user: UserWithOrg,
  id: string,
  query: ReportQuery,
): Promise<ResolvedQuery> {
  const info = reportInfo(id);
  if (info.entitlement && !user.organization.entitlements.includes(info.entitlement))
    throw Errors.notEntitled();
  const range = resolveRange(query, ctx.now());
  const { text, sort } = resolveSorting(info.id, query.sorting);
  const models = modelsOf(query.model);
  const scope = await scopeOf(ctx.db, user);
  await checkFilterIds(ctx, scope, query);
  return {
    report: info.id,
    scope,
    filter: { ...range, siteId: query.siteId, groupId: query.groupId, models, q: query.q || undefined },
    sortingText: text,
    sort,
    target: query.target ?? SLA_DEFAULT_TARGET,
    page: query.page,
    pageSize: query.pageSize,
  };
}

type AnyRow = CellularBillingRow | OnlineAnalyticsRow | SlaRow;

function presenter(report: ReportId): (row: never) => AnyRow {
  if (report === 'cellular-billing') return present.presentBilling as (row: never) => AnyRow;
  if (report === 'online-analytics') return present.presentOnline as (row: never) => AnyRow;
  return present.presentSla as (row: never) => AnyRow;
}

/**
 * The page, the totals over the whole filtered set and the per-day summary. For a caller who sees the whole
 * organization the page is shared with every such caller asking the same (ctx.sharedAnswers: computed at most
 * once per 15 s): the rolled-up days it reads change once a day and when the carrier reports. A restricted
 * caller's groups are read at each call, so their pages are computed for them.
 */
function pageOf(ctx: AppContext, q: ResolvedQuery, page: number, pageSize: number): Promise<ReportPage> {
  const key = ['report', q.report, q.scope.organizationId, q.filter, q.sortingText, q.target, page, pageSize];
  return ctx.sharedAnswers.forScope(q.scope, key, () => computePage(ctx, q, page, pageSize));
}

async function computePage(
  ctx: AppContext,
  q: ResolvedQuery,
  page: number,
  pageSize: number,
): Promise<ReportPage> {
  const [{ rows, sites }, { totals, series }] = await Promise.all([
    q.report === 'sla'
      ? repo.slaPage(ctx.db, q.scope, q.filter, q.sort, q.target, page, pageSize)
      : repo
          .pageOfRows<never>(ctx.db, q.report, q.scope, q.filter, q.sort, page, pageSize)
          .then((rows) => ({ rows, sites: undefined })),
    repo.seriesAndTotalsOf(ctx.db, q.report, q.scope, q.filter),
  ]);
  const base = { from: q.filter.from, to: q.filter.to, sorting: q.sortingText };
  const content = (rows as never[]).map(presenter(q.report));
  if (q.report === 'cellular-billing')
    return {
      report: 'cellular-billing',
      ...base,
      ...paged(content as CellularBillingRow[], totals.row_count, page, pageSize),
      totals: present.billingTotals(totals),
      summary: { series: series.map(present.billingPoint) },
    };
  if (q.report === 'online-analytics')
    return {
      report: 'online-analytics',
      ...base,
      ...paged(content as OnlineAnalyticsRow[], totals.row_count, page, pageSize),
      totals: present.onlineTotals(totals),
      summary: { series: series.map(present.onlinePoint) },
    };
  const siteTotals = sites ?? { sites: 0, met: 0 };
  return {
    report: 'sla',
    ...base,
    ...paged(content as SlaRow[], siteTotals.sites, page, pageSize),
    totals: present.slaTotals(totals, siteTotals, q.target),
    summary: { series: series.map(present.slaPoint) },
  };
}

/** `GET reports/{id}`. */
export async function reportPage(ctx: AppContext, user: UserWithOrg, id: string, query: ReportQuery) {
  const q = await resolveQuery(ctx, user, id, query);
  return pageOf(ctx, q, q.page, q.pageSize);
}

// ---- CSV ----

export const fileName = (q: ResolvedQuery, ext: string) =>
  `${q.report}-${q.filter.from}-to-${q.filter.to}.${ext}`;

/**
 * The whole filtered report as CSV (UTF-8 with BOM), the columns spec part 3 names, written by PostgreSQL
 * from one statement; `limit` caps the rows. A download names its `owner` (an export slot now, or 429); a
 * scheduled report's file waits for a slot.
 */
export function csvOf(ctx: AppContext, q: ResolvedQuery, limit?: number, owner?: string): Readable {
  return copyCsv(ctx.db, repo.csvQuery(q.report, q.scope, q.filter, q.sort, q.target, limit), {
    bom: true,
    owner,
  });
}

/** `GET reports/{id}/export.csv`. */
export async function exportCsv(ctx: AppContext, user: UserWithOrg, id: string, query: ReportQuery) {
  const q = await resolveQuery(ctx, user, id, query);
  return { stream: csvOf(ctx, q, undefined, user.id), filename: fileName(q, 'csv') };
}

// ---- PDF ----

/** A figure in the reader's number format, to `digits` decimals exactly. */
const fixed = (locale: string, v: number, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);

/** Bytes in base-1024 units (spec part 9), in the reader's number format. */
export function formatBytes(bytes: number, locale = 'en-US'): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${fixed(locale, v, u === 0 ? 0 : v >= 100 ? 0 : v >= 10 ? 1 : 2)} ${units[u]}`;
}

/** MM/DD/YYYY hh:mm A (spec part 9), in UTC. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours() % 12 || 12;
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()} ${p(h)}:${p(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'} UTC`;
}

/** MM/DD/YYYY of a YYYY-MM-DD day. */
export const formatDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h ${m}m` : h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** How a report's figures are written for one reader: words and number format. */
type Writer = {
  text: ReportText;
  percent: (v: number) => string;
  count: (v: number) => string;
  bytes: (v: number) => string;
};
const writerOf = (language: Language): Writer => {
  const text = REPORT_TEXT[language];
  return {
    text,
    percent: (v) => `${fixed(text.locale, v, 4)} %`,
    count: (v) => new Intl.NumberFormat(text.locale).format(v),
    bytes: (v) => formatBytes(v, text.locale),
  };
};

type ColumnKey = keyof ReportText['columns'];
type ColumnDef<R> = [ColumnKey, number, (r: R, w: Writer) => string];
const columns = <R>(defs: ColumnDef<R>[]) => defs as unknown as ColumnDef<unknown>[];

const PDF_COLUMNS: { [K in ReportId]: ColumnDef<unknown>[] } = {
  'cellular-billing': columns<CellularBillingRow>([
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
  ]),
  'online-analytics': columns<OnlineAnalyticsRow>([
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
  ]),
  sla: columns<SlaRow>([
    ['site', 18, (r) => r.siteName],
    ['city', 9, (r) => r.city ?? ''],
    ['state', 5, (r) => r.state ?? ''],
    ['availability', 9, (r, w) => w.percent(r.availability)],
    ['target', 6, (r) => `${r.target} %`],
    ['met', 4, (r, w) => (r.met ? w.text.yes : w.text.no)],
    ['onBackup', 9, (r, w) => w.percent(r.percentOnBackup)],
    ['down', 9, (r, w) => w.percent(r.percentDown)],
    ['timeDown', 8, (r) => formatDuration(r.secondsDown)],
    ['timeOnBackup', 8, (r) => formatDuration(r.secondsOnBackup)],
    ['outages', 5, (r, w) => w.count(r.downEvents)],
    ['failovers', 5, (r, w) => w.count(r.backupEvents)],
  ]),
};

function pdfColumns(report: ReportId, w: Writer): PdfColumn[] {
  return PDF_COLUMNS[report].map(([key, width, value]) => ({
    header: w.text.columns[key],
    width,
    value: (row: unknown) => value(row, w),
  }));
}

/** The totals of a page as label/value pairs (the PDF's boxes and the email's lines), in `language`. */
export function totalsLines(page: ReportPage, language: Language = 'en'): { label: string; value: string }[] {
  const w = writerOf(language);
  const l = w.text.totals;
  if (page.report === 'cellular-billing')
    return [
      { label: l.backupUsage, value: w.bytes(page.totals.usage_backup) },
      { label: l.devices, value: w.count(page.totals.devices) },
      { label: l.deviceDays, value: w.count(page.totals.rows) },
      { label: l.reported, value: w.count(page.totals.reportedRows) },
      { label: l.awaiting, value: w.count(page.totals.awaitingRows) },
    ];
  if (page.report === 'online-analytics')
    return [
      { label: l.online, value: w.percent(page.totals.percentOnline) },
      { label: l.onPrimary, value: w.percent(page.totals.percentOnPrimary) },
      { label: l.onBackup, value: w.percent(page.totals.percentOnBackup) },
      { label: l.offline, value: w.percent(page.totals.percentOffline) },
      { label: l.outages, value: w.count(page.totals.offlineEvents) },
      { label: l.failovers, value: w.count(page.totals.backupEvents) },
      { label: l.wanReceived, value: w.bytes(page.totals.wanBytesReceived) },
      { label: l.wanSent, value: w.bytes(page.totals.wanBytesTransmitted) },
      { label: l.devices, value: w.count(page.totals.devices) },
      { label: l.deviceDays, value: w.count(page.totals.rows) },
    ];
  return [
    { label: l.availability, value: w.percent(page.totals.availability) },
    { label: l.target, value: `${page.totals.target} %` },
    {
      label: l.meetingTarget,
      value: w.text.of(w.count(page.totals.sitesMeetingTarget), w.count(page.totals.sites)),
    },
    { label: l.onBackup, value: w.percent(page.totals.percentOnBackup) },
    { label: l.down, value: w.percent(page.totals.percentDown) },
    { label: l.outages, value: w.count(page.totals.downEvents) },
    { label: l.failovers, value: w.count(page.totals.backupEvents) },
  ];
}

function chartOf(page: ReportPage, w: Writer) {
  const label = (d: string) => d.slice(5).replace('-', '/');
  const share = (v: number) => `${fixed(w.text.locale, v, 2)} %`;
  if (page.report === 'cellular-billing')
    return {
      title: w.text.charts.billing,
      points: page.summary.series.map((p) => ({ label: label(p.date), value: p.usage_backup })),
      format: w.bytes,
    };
  if (page.report === 'online-analytics')
    return {
      title: w.text.charts.online,
      points: page.summary.series.map((p) => ({ label: label(p.date), value: p.percentOffline })),
      format: share,
    };
  return {
    title: w.text.charts.sla,
    points: page.summary.series.map((p) => ({ label: label(p.date), value: p.percentDown })),
    format: share,
  };
}

export const rangeText = (from: string, to: string, language: Language = 'en') =>
  REPORT_TEXT[language].range(formatDay(from), formatDay(to));

/** The reader's language preference: read only for what is written out (PDF, email), not for every page. */
export async function readerLanguage(ctx: AppContext, userId: string): Promise<Language> {
  return languageOf(await findLanguage(ctx.db, userId));
}

/** The report as PDF in the reader's language: totals, chart and the first PDF_ROWS rows. */
export async function pdfOf(
  ctx: AppContext,
  q: ResolvedQuery,
  language: Language,
): Promise<{ stream: Readable; page: ReportPage }> {
  const page = await pageOf(ctx, q, 0, PDF_ROWS);
  const info = reportInfo(q.report);
  const w = writerOf(language);
  const stream = reportPdf({
    title: info.title[language],
    subtitle: rangeText(page.from, page.to, language),
    caption: info.caption[language],
    totals: totalsLines(page, language),
    chart: { ...chartOf(page, w), empty: w.text.noSamples },
    columns: pdfColumns(q.report, w),
    rows: page.content,
    totalRows: page.totalElements,
    notes: {
      generated: w.text.generated(formatDateTime(ctx.now().toISOString())),
      noRows: w.text.noRows,
      showingFirst: w.text.showingFirst(w.count(page.content.length), w.count(page.totalElements)),
    },
  });
  return { stream, page };
}

/** `GET reports/{id}/export.pdf`. */
export async function exportPdf(ctx: AppContext, user: UserWithOrg, id: string, query: ReportQuery) {
  const q = await resolveQuery(ctx, user, id, query);
  const { stream } = await pdfOf(ctx, q, await readerLanguage(ctx, user.id));
  return { stream, filename: fileName(q, 'pdf') };
}
