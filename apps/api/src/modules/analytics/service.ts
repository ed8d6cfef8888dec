import {
  type AnalyticsDuration,
  type AnalyticsQuery,
  type CellularHealthTrend,
  DURATION_SECONDS,
  type FailoversTrend,
  type TopUsage,
  type TopUsageQuery,
  TREND_BUCKET_SECONDS,
  type TroubledSite,
  type TroubledSites,
  type TroubledSitesQuery,
  type Uptime,
  type Van,
  type VanList,
  type VanListQuery,
  type WanLatencyTrend,
} from '@vnoc/contracts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { downtimePercent } from '../../fleet/simulator/intervals.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { paged } from '../../sql/paging.ts';
import { scopeOf } from '../../sql/scope.ts';
import { dashboardGroupIds } from '../dashboards/service.ts';
import * as repo from './repository.ts';

export const DURATION_MS: Readonly<Record<AnalyticsDuration, number>> = Object.fromEntries(
  Object.entries(DURATION_SECONDS).map(([k, s]) => [k, s * 1000]),
) as Record<AnalyticsDuration, number>;

/** The caller's scope narrowed to the dashboard's groups; 404 for a dashboard the caller cannot see. */
async function analyticsScope(
  ctx: AppContext,
  user: UserWithOrg,
  dashboardId: string | undefined,
): Promise<repo.AnalyticsScope> {
  const [scope, groupIds] = await Promise.all([
    scopeOf(ctx.db, user),
    dashboardGroupIds(ctx.db, user, dashboardId),
  ]);
  return { scope, groupIds };
}

/**
 * The answer of a call for a caller who sees the whole organization, shared with every such caller of it
 * (ctx.sharedAnswers: computed at most once per 15 s); a restricted caller's own groups are read at each
 * call, so their answers are computed for them.
 */
function shared<T>(
  ctx: AppContext,
  call: string,
  where: repo.AnalyticsScope,
  params: object,
  load: () => Promise<T>,
): Promise<T> {
  const groups = [...(where.groupIds ?? [])].sort();
  return ctx.sharedAnswers.forScope(where.scope, [call, where.scope.organizationId, groups, params], load);
}

const windowOf = (duration: AnalyticsDuration, now: Date) => ({
  from: new Date(now.getTime() - DURATION_MS[duration]),
  to: now,
});

/** What a windowed call answers from: the (dashboard's) scope, the query, and its window ending now. */
type WindowAnswer<Q, T> = (
  ctx: AppContext,
  where: repo.AnalyticsScope,
  query: Q,
  window: { from: Date; to: Date },
) => Promise<T>;

/** An analytics call over the query's window ending `now`, for the caller. */
type WindowCall<Q, T> = (ctx: AppContext, user: UserWithOrg, query: Q, now?: Date) => Promise<T>;

/**
 * An analytics call over the query's window ending `now` (the request's time unless given), for the caller's scope
 * narrowed to the query's dashboard, its answer shared as `call`.
 */
function windowCall<Q extends AnalyticsQuery, T>(call: string, answer: WindowAnswer<Q, T>): WindowCall<Q, T> {
  return async (ctx, user, query, now = new Date()) => {
    const where = await analyticsScope(ctx, user, query.dashboardId);
    return shared(ctx, call, where, query, () => answer(ctx, where, query, windowOf(query.duration, now)));
  };
}

/** GET analytics/network/uptime: uptime in the (dashboard's) scope over the window ending now. */
export const networkUptime = windowCall<AnalyticsQuery, Uptime>(
  'uptime',
  async (ctx, where, query, { from, to }) => {
    const row = await repo.uptime(ctx.db, where.scope, from, to, where.groupIds);
    // Nothing recorded in the window: no downtime seen.
    const uptime = row.uptime ?? 100;
    return { duration: query.duration, uptime, downtime: downtimePercent(uptime), devices: row.devices };
  },
);

/** GET analytics/widget/vanList/{id}: the devices ("vans") of the dashboard's scope, paged. */
export async function vanList(
  ctx: AppContext,
  user: UserWithOrg,
  dashboardId: string,
  query: VanListQuery,
): Promise<VanList> {
  const where = await analyticsScope(ctx, user, dashboardId);
  return shared(ctx, 'vanList', where, { dashboardId, ...query }, async () => {
    const { rows, total, types } = await repo.vanList(ctx.db, where, query.page, query.pageSize);
    return {
      dashboardId,
      ...paged(rows as Van[], total, query.page, query.pageSize),
      types,
    };
  });
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * GET analytics/sites/usage/top/usage: top sites by WAN bytes received + transmitted. Bytes are kept
 * per device per UTC day, so the answer covers the whole UTC days the window touches (`from`, `to`).
 */
export const topUsage = windowCall<TopUsageQuery, TopUsage>(
  'topUsage',
  async (ctx, where, query, { from, to }) => {
    const sites = await repo.topUsage(ctx.db, where, day(from), day(to), query.limit);
    return { duration: query.duration, from: `${day(from)}T00:00:00.000Z`, to: to.toISOString(), sites };
  },
);

/** GET analytics/widget/vanTroubledSites/{id}: the dashboard's sites with the most offline/backup time. */
export async function troubledSites(
  ctx: AppContext,
  user: UserWithOrg,
  dashboardId: string,
  query: TroubledSitesQuery,
  now = new Date(),
): Promise<TroubledSites> {
  const where = await analyticsScope(ctx, user, dashboardId);
  return shared(ctx, 'troubledSites', where, { dashboardId, ...query }, async () => {
    const { from, to } = windowOf(query.duration, now);
    const sites = await repo.troubledSites(ctx.db, where, from, to, query.limit);
    return { duration: query.duration, dashboardId, sites: sites as TroubledSite[] };
  });
}

const iso = (epochSeconds: string) => new Date(Number(epochSeconds) * 1000).toISOString();

/**
 * A trend (shared as `call`): the repository's `read` of the window in buckets of TREND_BUCKET_SECONDS, its
 * rows presented as the trend's points (and totals).
 */
function bucketTrend<R, T extends object>(
  call: string,
  read: (db: DbOrTx, where: repo.AnalyticsScope, from: Date, to: Date, bucketSeconds: number) => Promise<R[]>,
  present: (rows: R[]) => T,
) {
  return windowCall(call, async (ctx, where, query: AnalyticsQuery, { from, to }) => {
    const bucketSeconds = TREND_BUCKET_SECONDS[query.duration];
    const rows = await read(ctx.db, where, from, to, bucketSeconds);
    return { duration: query.duration, bucketSeconds, ...present(rows) };
  });
}

/** WAN latency trend: average and p95 ping per bucket of the window. */
export const wanLatencyTrend: WindowCall<AnalyticsQuery, WanLatencyTrend> = bucketTrend(
  'wanLatency',
  repo.wanLatencyTrend,
  (rows) => ({
    points: rows.map((r) => ({ t: iso(r.t), avgLatencyMs: r.avg, p95LatencyMs: r.p95, samples: r.samples })),
  }),
);

/** Failovers over time: on-backup periods starting per bucket of the window. */
export const failoversTrend: WindowCall<AnalyticsQuery, FailoversTrend> = bucketTrend(
  'failovers',
  repo.failoversTrend,
  (rows) => ({
    points: rows.map((r) => ({ t: iso(r.t), failovers: r.failovers })),
    total: rows.reduce((n, r) => n + r.failovers, 0),
  }),
);

/**
 * Cellular health: no history of modem readings is stored (only each device's present reading), so
 * this answers the present averages and says there is no history, rather than inventing one.
 */
export const cellularHealthTrend: WindowCall<AnalyticsQuery, CellularHealthTrend> = windowCall(
  'cellularHealth',
  async (ctx, where, query, { to }) => {
    const current = await repo.cellularNow(ctx.db, where);
    return {
      duration: query.duration,
      historyAvailable: false,
      points: [],
      current: { at: to.toISOString(), ...current },
    };
  },
);
