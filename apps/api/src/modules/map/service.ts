import {
  ALERT_SEVERITIES,
  type DeviceStatus,
  type MapCluster,
  type MapScopeQuery,
  type MapSite,
  type MapSites,
  type MapSitesQuery,
  type MapSummary,
  mapClusterSizePx,
} from '@vnoc/contracts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { type Scope, scopeOf } from '../../sql/scope.ts';
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
  const clusters: MapCluster[] = apart(
    cells.filter((cell) => cell.n > 1),
    query.zoom,
  ).map((cell) => ({
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

/** Where Leaflet draws a place at `zoom` (Web Mercator pixels of the whole world, 256 px at zoom 0). */
function pixelOf(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const world = 256 * 2 ** zoom;
  const phi = (Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * world,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * world,
  };
}

/**
 * The clusters of neighbouring cells, merged until no two bubbles overlap at the view's zoom (each bubble a
 * square of `mapClusterSizePx(count)` px around its centre): sites near a cell's edge made two bubbles drawn over
 * each other, which a pointer or a finger cannot tell apart (axe's target-size). A merge adds the counts, keeps
 * the worst status and alert, joins the extents and centres on the sites' mean place.
 */
export function apart(cells: repo.MapCellRow[], zoom: number): repo.MapCellRow[] {
  // Busiest first, then by place: the same view merges the same way whatever order the cells came in.
  const kept = cells
    .map((cell) => ({ cell, ...pixelOf(cell.lat, cell.lng, zoom), size: mapClusterSizePx(cell.n) }))
    .sort((a, b) => b.cell.n - a.cell.n || a.cell.lat - b.cell.lat || a.cell.lng - b.cell.lng);
  // A merged bubble is checked again against every other (it grew and moved); a view holds a few hundred cells.
  for (let i = 0; i < kept.length; i++) {
    for (let j = 0; j < kept.length; j++) {
      const a = kept[i];
      const b = kept[j];
      if (i === j || !a || !b) continue;
      const reach = (a.size + b.size) / 2;
      if (Math.abs(a.x - b.x) >= reach || Math.abs(a.y - b.y) >= reach) continue;
      const merged = join(a.cell, b.cell);
      kept[i] = { cell: merged, ...pixelOf(merged.lat, merged.lng, zoom), size: mapClusterSizePx(merged.n) };
      kept.splice(j, 1);
      if (j < i) i -= 1;
      j = -1;
    }
  }
  return kept.map((k) => k.cell);
}

/** Two cells as one: counts added, worst status and alert, extents joined, centred on their sites' mean place. */
function join(a: repo.MapCellRow, b: repo.MapCellRow): repo.MapCellRow {
  const n = a.n + b.n;
  const worst = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.min(x, y));
  return {
    n,
    lat: (a.lat * a.n + b.lat * b.n) / n,
    lng: (a.lng * a.n + b.lng * b.n) / n,
    south: Math.min(a.south, b.south),
    west: Math.min(a.west, b.west),
    north: Math.max(a.north, b.north),
    east: Math.max(a.east, b.east),
    status_rank: Math.min(a.status_rank, b.status_rank),
    severity_rank: worst(a.severity_rank, b.severity_rank),
  };
}
