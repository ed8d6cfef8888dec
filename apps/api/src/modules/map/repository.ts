import {
  type DeviceStatus,
  MAP_CELL_PX,
  MAP_SITES_MAX,
  MAP_UNCLUSTERED_ZOOM,
  type MapScopeQuery,
  type MapSitesQuery,
} from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { onlyRow } from '../../sql/rows.ts';
import { inSiteGroups, type Scope, siteInScope } from '../../sql/scope.ts';

const located = sql`s.latitude between -90 and 90 and s.longitude between -180 and 180`;

/** A site `s` of the query's status: by rank, which the map indexes hold (vnoc_status_rank is immutable). */
const ofStatus = (query: MapScopeQuery): SQL =>
  query.status ? sql`s.status_rank = vnoc_status_rank(${query.status})` : sql`true`;

function siteConditions(scope: Scope, query: MapScopeQuery): { base: SQL; status: SQL } {
  const base = [siteInScope(scope), ...(query.groupId ? [inSiteGroups(query.groupId)] : [])];
  return { base: sql.join(base, sql` and `), status: ofStatus(query) };
}

export type MapTotalsRow = {
  located: number;
  matching: number;
  without_location: number;
  south: number | null;
  west: number | null;
  north: number | null;
  east: number | null;
};

/**
 * How many sites the map has (located, of the status, without coordinates) and where the matching ones lie. For
 * a caller who sees the whole organization, with no group filter, the counts are kept ones and each edge one
 * index probe (keptTotals); otherwise the caller's sites are counted.
 */
export async function mapTotals(db: DbOrTx, scope: Scope, query: MapScopeQuery): Promise<MapTotalsRow> {
  if (!scope.restricted && !query.groupId) return keptTotals(db, scope.organizationId, query);
  const { base, status } = siteConditions(scope, query);
  const { rows } = await db.execute<MapTotalsRow>(sql`
    select count(*) filter (where ${located})::int as located,
      count(*) filter (where ${located} and ${status})::int as matching,
      count(*) filter (where not coalesce(${located}, false) and ${status})::int as without_location,
      min(s.latitude) filter (where ${located} and ${status}) as south,
      max(s.latitude) filter (where ${located} and ${status}) as north,
      min(s.longitude) filter (where ${located} and ${status}) as west,
      max(s.longitude) filter (where ${located} and ${status}) as east
    from sites s where ${base}`);
  return onlyRow(rows, 'an aggregate answers one row');
}

/**
 * mapTotals of a whole organization: the counts from `org_site_status_counts` (its `located` column, migration
 * 0023), the edges of the matching sites from the first entry of `sites_map_idx` (west, east) and
 * `sites_map_lat_idx` (south, north) in each direction.
 */
async function keptTotals(db: DbOrTx, organizationId: string, query: MapScopeQuery): Promise<MapTotalsRow> {
  const counted = query.status
    ? sql`vnoc_status_rank(c.status) = vnoc_status_rank(${query.status})`
    : sql`true`;
  const edge = (column: SQL, direction: SQL) => sql`(select ${column} from sites s
    where s.organization_id = ${organizationId} and ${located} and ${ofStatus(query)}
    order by ${column} ${direction} limit 1)`;
  const { rows } = await db.execute<MapTotalsRow>(sql`
    with c as (
      select coalesce(sum(c.located), 0)::int as located,
        coalesce(sum(c.located) filter (where ${counted}), 0)::int as matching,
        coalesce(sum(c.n - c.located) filter (where ${counted}), 0)::int as without_location
      from org_site_status_counts c where c.organization_id = ${organizationId})
    select c.located, c.matching, c.without_location,
      case when c.matching > 0 then ${edge(sql`s.latitude`, sql`asc`)} end as south,
      case when c.matching > 0 then ${edge(sql`s.latitude`, sql`desc`)} end as north,
      case when c.matching > 0 then ${edge(sql`s.longitude`, sql`asc`)} end as west,
      case when c.matching > 0 then ${edge(sql`s.longitude`, sql`desc`)} end as east
    from c`);
  return onlyRow(rows, 'an aggregate answers one row');
}

export type MapCellRow = {
  n: number;
  lat: number;
  lng: number;
  south: number;
  west: number;
  north: number;
  east: number;
  /** The worst status among the cell's sites, as `sites.status_rank` (0 offline … 7 online). */
  status_rank: number;
  /** The worst active alert among the cell's sites (0 critical … 3 info); null: none. */
  severity_rank: number | null;
};

/**
 * The matching sites in the view, gathered into square cells of MAP_CELL_PX pixels at its zoom (Web Mercator,
 * as Leaflet draws): one row per cell with its sites' count, centre, extent, worst status and worst active
 * alert; from MAP_UNCLUSTERED_ZOOM on, one row per site (at most MAP_SITES_MAX). Read from `sites_map_idx`
 * alone (migration 0017), hashed by cell, never sorted.
 */
export async function mapCells(db: DbOrTx, scope: Scope, query: MapSitesQuery): Promise<MapCellRow[]> {
  const { base, status } = siteConditions(scope, query);
  // Cells across the world at this zoom.
  const cells = (2 ** query.zoom * 256) / MAP_CELL_PX;
  const longitudes =
    query.west <= query.east
      ? sql`s.longitude between ${query.west} and ${query.east}`
      : sql`(s.longitude >= ${query.west} or s.longitude <= ${query.east})`;
  const lat = sql`greatest(-85.05, least(85.05, s.latitude))`;
  const cell = sql`floor((s.longitude + 180) / 360 * ${cells}::float8)::int,
    floor((1 - ln(tan(radians(${lat})) + 1 / cos(radians(${lat}))) / pi()) / 2 * ${cells}::float8)::int`;
  const clustered = query.zoom < MAP_UNCLUSTERED_ZOOM;
  const { rows } = await db.execute<MapCellRow>(sql`
    select count(*)::int as n, avg(s.latitude) as lat, avg(s.longitude) as lng,
      min(s.latitude) as south, max(s.latitude) as north, min(s.longitude) as west, max(s.longitude) as east,
      min(s.status_rank)::int as status_rank, min(severity.rank)::int as severity_rank
    from sites s
    left join (
      select a.site_id, min(case a.severity when 'critical' then 0 when 'major' then 1 when 'minor' then 2
        else 3 end) as rank
      from alerts a
      where a.organization_id = ${scope.organizationId} and a.state = 'active' and a.site_id is not null
      group by a.site_id
    ) severity on severity.site_id = s.id
    where ${base} and ${located} and ${status}
      and s.latitude between ${query.south} and ${query.north} and ${longitudes}
    group by ${clustered ? cell : sql`s.id`}
    ${clustered ? sql`` : sql`limit ${MAP_SITES_MAX}`}`);
  return rows;
}

export type SiteAtRow = {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  status: DeviceStatus;
};

/**
 * The sites alone in their cells, found by their exact place (a cell of one site has it as its extent): id and
 * name from the map index and the row, for those places only.
 */
export async function sitesAt(
  db: DbOrTx,
  scope: Scope,
  query: MapScopeQuery,
  places: readonly { lat: number; lng: number }[],
): Promise<SiteAtRow[]> {
  if (places.length === 0) return [];
  const { base, status } = siteConditions(scope, query);
  const { rows } = await db.execute<SiteAtRow>(sql`
    select distinct s.id, s.name, s.latitude, s.longitude, s.status from sites s
    join unnest(${`{${places.map((p) => p.lng).join(',')}}`}::float8[],
                ${`{${places.map((p) => p.lat).join(',')}}`}::float8[]) as p(lng, lat)
      on s.longitude = p.lng and s.latitude = p.lat
    where ${base} and ${status}`);
  return rows;
}
