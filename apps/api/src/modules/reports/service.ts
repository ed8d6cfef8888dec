/** The reports a caller may open, a report query checked against the caller, and a report's page. */
import {
  REPORT_CATALOGUE,
  type ReportFilters,
  type ReportId,
  type ReportInfo,
  type ReportPage,
  type ReportQuery,
  type Role,
  SLA_DEFAULT_TARGET,
  type TimelineDay,
} from '@vnoc/contracts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import { type Scope, scopeOf } from '../../sql/scope.ts';
import { presentAvailabilityDay, presentPage } from './present.ts';
import { DAY_MS, dayOf, modelsOf, resolveRange, resolveSorting } from './query.ts';
import { pageOfRows } from './repository/device-days.ts';
import type { ReportFilter, Sort } from './repository/rollups.ts';
import { slaPage } from './repository/sla.ts';
import { seriesAndTotalsOf } from './repository/totals.ts';
import { groupVisible, siteVisible } from './repository/visibility.ts';

/**
 * Every customer role reads reports and subscribes itself (an email to oneself changes nothing shared): the
 * routes' rule, and checked again before a scheduled report is sent.
 */
export const REPORT_READERS: Role[] = ['ADMINISTRATOR', 'USER', 'READ_ONLY'];

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

/** Ids in filters must name a site / group the caller sees: another organization's answers 404 like a missing one. */
async function checkFilterIds(ctx: AppContext, scope: Scope, f: ReportFilters): Promise<void> {
  if (f.siteId && !(await siteVisible(ctx.db, scope, f.siteId))) throw Errors.notFound();
  if (f.groupId && !(await groupVisible(ctx.db, scope, f.groupId))) throw Errors.notFound();
}

export type ResolvedQuery = {
  report: ReportId;
  scope: Scope;
  filter: ReportFilter;
  sortingText: string;
  sort: Sort;
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
  const range = resolveRange(query, ctx.now(), info.id);
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

/**
 * The page, the totals over the whole filtered set and the per-day summary. For a caller who sees the whole
 * organization the page is shared with every such caller asking the same (ctx.sharedAnswers: computed at most
 * once per 15 s): the rolled-up days it reads change once a day and when the carrier reports. A restricted
 * caller's groups are read at each call, so their pages are computed for them.
 */
export function pageOf(
  ctx: AppContext,
  q: ResolvedQuery,
  page: number,
  pageSize: number,
): Promise<ReportPage> {
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
      ? slaPage(ctx.db, q.scope, q.filter, q.sort, q.target, page, pageSize)
      : pageOfRows(ctx.db, q.report, q.scope, q.filter, q.sort, page, pageSize).then((rows) => ({
          rows,
          sites: undefined,
        })),
    seriesAndTotalsOf(ctx.db, q.report, q.scope, q.filter),
  ]);
  const head = { from: q.filter.from, to: q.filter.to, sorting: q.sortingText };
  return presentPage(q.report, head, { rows, totals, series, sites }, q.target, page, pageSize);
}

/** `GET reports/{id}`. */
export async function reportPage(ctx: AppContext, user: UserWithOrg, id: string, query: ReportQuery) {
  const q = await resolveQuery(ctx, user, id, query);
  return pageOf(ctx, q, q.page, q.pageSize);
}

/**
 * Availability per UTC day from `from` to `to` (both included) of one site (its installed edge devices) or one
 * device, by the SLA report's rule and sums (its chart's series): the timeline's strip (issue 37). The caller
 * has checked the site or device is in the scope; every day is answered, null where nothing was recorded.
 */
export async function availabilityByDay(
  ctx: AppContext,
  scope: Scope,
  subject: { siteId: string } | { deviceId: string },
  from: string,
  to: string,
): Promise<TimelineDay[]> {
  const { series } = await seriesAndTotalsOf(ctx.db, 'sla', scope, { from, to, ...subject });
  const byDay = new Map(series.map((t) => [t.date, t]));
  const days: TimelineDay[] = [];
  for (let ms = Date.parse(`${from}T00:00:00.000Z`); dayOf(ms) <= to; ms += DAY_MS)
    days.push(presentAvailabilityDay(dayOf(ms), byDay.get(dayOf(ms))));
  return days;
}
