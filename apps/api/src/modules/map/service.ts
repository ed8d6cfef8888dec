import {
  ALERT_SEVERITIES,
  type DeviceStatus,
  type MapCluster,
  type MapScopeQuery,
  type MapSite,
  type MapSites,
  type MapSitesQuery,
  type MapSummary,
} from '@vnoc/contracts';
import type { AppContext } from '../../context.ts';
import { type Scope, scopeOf } from '../sites/scope.ts';
import type { UserWithOrg } from '../users/repository.ts';
import * as repo from './repository.ts';

/** `sites.status_rank` back to its status (migration 0003's vnoc_status_rank: 7 is online and anything else). */
const STATUS_OF_RANK: readonly DeviceStatus[] = [
  'offline',
  'rebooting',
  'error',
  'onbackup',
  'pending',
  'uninstalled',
  'unknown',
  'online',
];

/** GET map/summary: how many of the caller's sites a map has (located, of the status, without coordinates), and where. */
export async function mapSummary(
  ctx: AppContext,
  user: UserWithOrg,
  query: MapScopeQuery,
): Promise<MapSummary> {
  const totals = await repo.mapTotals(ctx.db, await scopeOf(ctx.db, user), query);
  const { south, west, north, east } = totals;
  return {
    located: totals.located,
    matching: totals.matching,
    withoutLocation: totals.without_location,
    bounds:
      south === null || west === null || north === null || east === null
        ? null
        : { south, west, north, east },
  };
}

/**
 * GET map/sites: what a map shows of the caller's sites in its view — clusters and single sites, computed in
 * SQL for the view's zoom, so a 30 000-site organization sends a few dozen items, not its fleet. A caller who
 * sees the whole organization shares the answer for the same view with every such caller (ctx.liveAnswers:
 * until an alert changes, at most 2 s): every open map refetches on the same live events.
 */
export async function mapSites(ctx: AppContext, user: UserWithOrg, query: MapSitesQuery): Promise<MapSites> {
  const scope = await scopeOf(ctx.db, user);
  return ctx.liveAnswers.forScope('map/sites', scope, query, () => sitesInView(ctx, scope, query));
}

async function sitesInView(ctx: AppContext, scope: Scope, query: MapSitesQuery): Promise<MapSites> {
  const cells = await repo.mapCells(ctx.db, scope, query);
  // A cell of one site has that site's place as its extent: the sites are looked up by place.
  const alone = cells.filter((cell) => cell.n === 1);
  const found = await repo.sitesAt(
    ctx.db,
    scope,
    query,
    alone.map((cell) => ({ lat: cell.south, lng: cell.west })),
  );
  const sites: MapSite[] = found.map((row) => ({
    id: row.id,
    name: row.name,
    lat: row.latitude,
    lng: row.longitude,
    status: row.status,
  }));
  const clusters: MapCluster[] = cells
    .filter((cell) => cell.n > 1)
    .map((cell) => ({
      lat: cell.lat,
      lng: cell.lng,
      count: cell.n,
      status: STATUS_OF_RANK[cell.status_rank] ?? 'online',
      severity: cell.severity_rank === null ? null : (ALERT_SEVERITIES[cell.severity_rank] ?? null),
      bounds: { south: cell.south, west: cell.west, north: cell.north, east: cell.east },
    }));
  // Busiest first, then by place; sites by name: a stable order for the same view.
  clusters.sort((a, b) => b.count - a.count || a.lat - b.lat || a.lng - b.lng);
  sites.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { clusters, sites };
}
