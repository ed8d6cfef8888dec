import type { Feature, FeatureCollection, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The basemap as SVG path data, in Web Mercator (Leaflet's projection) on a square world BASEMAP_UNITS wide: the
 * land to fill, and the borders between countries and between US states as lines.
 */
export interface BasemapPaths {
  land: string;
  borders: string;
}

/**
 * The world's width and height in the paths' units: one unit is a pixel at zoom 8 (the world is 256 px wide at
 * zoom 0). Finer units cost download (2^18: 93 KB gzipped against 75) for a precision the data has not: the
 * states' 1:10m coasts are off by about a kilometre, 26 px at zoom 12, where a unit is 16 px.
 */
export const BASEMAP_UNITS = 2 ** 16;

/** Leaflet's Web Mercator stops here (L.Projection.SphericalMercator.MAX_LATITUDE): its world is square. */
export const MAX_LATITUDE = 85.0511287798;

/** ISO 3166 numeric code of the United States: drawn from the finer US atlas instead. */
const USA = '840';

/** A longitude and latitude in the paths' units, as Leaflet projects them at zoom 0 scaled to the units. */
export function project([lng, lat]: Position): [number, number] {
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat as number)) * Math.PI) / 180;
  const x = ((lng as number) + 180) / 360;
  const y = (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2;
  return [Math.round(x * BASEMAP_UNITS), Math.round(y * BASEMAP_UNITS)];
}

/**
 * One line of points as path data: an absolute move, then relative lines in whole units (short, and what gzip
 * packs best), points that fall on the same unit as the one before dropped. Closed (`z`) for a ring.
 */
function pathOf(points: Position[], close: boolean): string {
  let d = '';
  let count = 0;
  let at: [number, number] = [0, 0];
  for (const point of points) {
    const next = project(point);
    if (count === 0) d += `M${next[0]} ${next[1]}l`;
    else {
      const dx = next[0] - at[0];
      const dy = next[1] - at[1];
      if (dx === 0 && dy === 0) continue;
      d += `${count > 1 && dx >= 0 ? ' ' : ''}${dx}${dy >= 0 ? ' ' : ''}${dy}`;
    }
    at = next;
    count++;
  }
  if (count < 2) return '';
  return close ? `${d}z` : d;
}

const rings = ({ geometry }: Feature): Position[][] =>
  geometry.type === 'Polygon'
    ? geometry.coordinates
    : geometry.type === 'MultiPolygon'
      ? geometry.coordinates.flat()
      : geometry.type === 'MultiLineString'
        ? geometry.coordinates
        : [];

type Topojson = Pick<typeof import('topojson-client'), 'feature' | 'mesh'>;

/**
 * Natural Earth at 1:110m for the world (world-atlas) with the United States at 1:10m, state by state (us-atlas):
 * where the fleet is, coasts and state lines stay close at city zoom. Made once per build (vite.config.ts), not in
 * the browser: the console draws two paths, where it used to turn ~30 000 points into three sets of objects on
 * every first load (bench/README.md, 2026-12-01).
 */
export function basemapPaths(topojson: Topojson, world: Topology, us: Topology): BasemapPaths {
  const countries = world.objects.countries as GeometryCollection;
  const states = us.objects.states as GeometryCollection;
  const land = [
    ...(
      topojson.feature(world, {
        ...countries,
        geometries: countries.geometries.filter((g) => String(g.id) !== USA),
      }) as FeatureCollection
    ).features,
    ...(topojson.feature(us, states) as FeatureCollection).features,
  ];
  const borders = [
    topojson.mesh(world, countries, (a, b) => a !== b),
    topojson.mesh(us, states, (a, b) => a !== b),
  ].map((geometry): Feature => ({ type: 'Feature', geometry, properties: {} }));
  return {
    land: land
      .flatMap(rings)
      .map((ring) => pathOf(ring, true))
      .join(''),
    borders: borders
      .flatMap(rings)
      .map((line) => pathOf(line, false))
      .join(''),
  };
}
