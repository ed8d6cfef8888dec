import type { AlertSeverity } from '@vnoc/contracts';
import Supercluster, { type ClusterProperties } from 'supercluster';

/** A point to draw on a status map: a site with coordinates, its marker colour and popup text. */
export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  /** Mantine colour name of the marker (by status). */
  color: string;
  label: string;
  /** Filter value the point belongs to (a status). */
  status: string;
  /** Set for a popup: the site's worst active alert severity (null: none), alert count, maintenance. */
  severity?: AlertSeverity | null;
  alertCount?: number;
  maintenance?: boolean;
}

/** Something with optional coordinates: the input rows of a map (sites from a search). */
export interface Locatable {
  id: string;
  name: string;
  status: string;
  coordinates: { lat: number; lng: number } | null;
}

function validCoordinate(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/**
 * The map points of some rows: rows without (valid) coordinates are left out, a duplicate id keeps its
 * first row, `colorOf` gives each point its marker colour.
 */
export function toMapPoints<T extends Locatable>(
  rows: readonly T[],
  colorOf: (row: T) => string,
): MapPoint[] {
  const seen = new Set<string>();
  const points: MapPoint[] = [];
  for (const row of rows) {
    if (!row.coordinates || seen.has(row.id)) continue;
    const { lat, lng } = row.coordinates;
    if (!validCoordinate(lat, lng)) continue;
    seen.add(row.id);
    points.push({ id: row.id, lat, lng, color: colorOf(row), label: row.name, status: row.status });
  }
  return points;
}

/** Site map status choices (spec part 2): none, uninstalled, onbackup, online, offline, pending. */
export const MAP_STATUS_FILTERS = [
  'none',
  'uninstalled',
  'onbackup',
  'online',
  'offline',
  'pending',
] as const;
export type MapStatusFilter = (typeof MAP_STATUS_FILTERS)[number];

/** The points a status choice shows: 'none' is no filter (every point). */
export function filterPoints(points: readonly MapPoint[], filter: MapStatusFilter): MapPoint[] {
  return filter === 'none' ? [...points] : points.filter((point) => point.status === filter);
}

/** [[south, west], [north, east]] around the points; null when there are none. */
export function boundsOf(
  points: readonly Pick<MapPoint, 'lat' | 'lng'>[],
): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const { lat, lng } of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return [
    [south, west],
    [north, east],
  ];
}

/**
 * Worst first: the status a cluster bubble takes from the sites inside it, so an outage shows at any zoom.
 * Statuses not listed (unknown) rank after these.
 */
export const STATUS_SEVERITY_ORDER = [
  'offline',
  'rebooting',
  'onbackup',
  'pending',
  'uninstalled',
  'online',
] as const;
const severityRank = (status: string) => {
  const rank = (STATUS_SEVERITY_ORDER as readonly string[]).indexOf(status);
  return rank === -1 ? STATUS_SEVERITY_ORDER.length : rank;
};

export type ClusterItem =
  | {
      kind: 'cluster';
      id: number;
      lat: number;
      lng: number;
      count: number;
      /** The worst status among its points, and that point's marker colour. */
      status: string;
      color: string;
    }
  | { kind: 'point'; lat: number; lng: number; point: MapPoint };

type PointProps = { point: MapPoint };
/** What a cluster keeps of its points: the worst status and its colour. */
type Worst = { rank: number; status: string; color: string };

/** A clustering index over the points (supercluster; radius in pixels); clusters carry their worst status. */
export function clusterIndex(points: readonly MapPoint[], radius = 50): Supercluster<PointProps, Worst> {
  const index = new Supercluster<PointProps, Worst>({
    radius,
    maxZoom: 16,
    map: ({ point }) => ({ rank: severityRank(point.status), status: point.status, color: point.color }),
    reduce: (worst, other) => {
      if (other.rank < worst.rank)
        Object.assign(worst, { rank: other.rank, status: other.status, color: other.color });
    },
  });
  index.load(
    points.map((point) => ({
      type: 'Feature' as const,
      properties: { point },
      geometry: { type: 'Point' as const, coordinates: [point.lng, point.lat] },
    })),
  );
  return index;
}

/** What to draw at a zoom within a [west, south, east, north] box: cluster bubbles (with counts) and single points. */
export function clustersAt(
  index: Supercluster<PointProps, Worst>,
  bbox: [number, number, number, number],
  zoom: number,
): ClusterItem[] {
  return index.getClusters(bbox, Math.round(zoom)).map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties as PointProps | (ClusterProperties & Worst);
    if ('cluster' in props && props.cluster) {
      return {
        kind: 'cluster',
        id: props.cluster_id,
        lat,
        lng,
        count: props.point_count,
        status: props.status,
        color: props.color,
      };
    }
    return { kind: 'point', lat, lng, point: (props as PointProps).point };
  });
}

/** Cluster bubble diameter in pixels: grows with the count, 30 to 56. */
export function clusterSize(count: number): number {
  return Math.min(56, 30 + Math.round(Math.log10(Math.max(1, count)) * 12));
}
