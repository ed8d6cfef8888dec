import type { Feature, FeatureCollection, MultiLineString, Position } from 'geojson';
import * as topojson from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import usAtlas from 'us-atlas/states-10m.json';
import { describe, expect, it } from 'vitest';
import worldAtlas from 'world-atlas/countries-110m.json';
import { BASEMAP_UNITS, basemapPaths, MAX_LATITUDE, project } from './basemap.ts';
import * as loaded from './basemap-paths.ts';

const world = worldAtlas as unknown as Topology;
const us = usAtlas as unknown as Topology;
const paths = basemapPaths(topojson, world, us);

/** A path's subpaths read back from `M x y l dx dy …[z]`: each one's absolute points, and whether it is closed. */
function decode(d: string): { points: [number, number][]; closed: boolean }[] {
  return d
    .split('M')
    .slice(1)
    .map((subpath) => {
      const closed = subpath.endsWith('z');
      const [start = '', relative = ''] = subpath.replace(/z$/, '').split('l');
      const [x = Number.NaN, y = Number.NaN] = start.split(' ').map(Number);
      const points: [number, number][] = [[x, y]];
      const steps = relative.match(/-?\d+/g)?.map(Number) ?? [];
      for (let i = 0; i < steps.length; i += 2) {
        const [px, py] = points.at(-1) as [number, number];
        points.push([px + (steps[i] as number), py + (steps[i + 1] as number)]);
      }
      return { points, closed };
    });
}

/** What a line of the atlas becomes: its points projected, each repeat of the unit before it dropped. */
const projected = (line: Position[]) =>
  line.map(project).filter((p, i, all) => i === 0 || p[0] !== all[i - 1]?.[0] || p[1] !== all[i - 1]?.[1]);

const countries = world.objects.countries as GeometryCollection;
const states = us.objects.states as GeometryCollection;
const ringsOf = (collection: FeatureCollection) =>
  collection.features.flatMap(({ geometry: g }: Feature) =>
    g.type === 'Polygon' ? g.coordinates : g.type === 'MultiPolygon' ? g.coordinates.flat() : [],
  );

describe('the bundled basemap as SVG paths (issue 12 part 3, issue 39)', () => {
  it("projects a longitude and latitude on Web Mercator's square, clamped where Leaflet's stops", () => {
    expect(project([-180, MAX_LATITUDE])).toEqual([0, 0]);
    expect(project([180, -MAX_LATITUDE])).toEqual([BASEMAP_UNITS, BASEMAP_UNITS]);
    expect(project([0, 0])).toEqual([BASEMAP_UNITS / 2, BASEMAP_UNITS / 2]);
    // Antarctica's and the Arctic's last points, beyond the square, sit on its edge.
    expect(project([10, 89.9])).toEqual(project([10, MAX_LATITUDE]));
    expect(project([10, -90])).toEqual(project([10, -MAX_LATITUDE]));
  });

  it('fills the world at 1:110m less the United States, and the states at 1:10m, every ring closed', () => {
    const worldLand = topojson.feature(world, {
      ...countries,
      geometries: countries.geometries.filter((g) => String(g.id) !== '840'),
    }) as FeatureCollection;
    const usLand = topojson.feature(us, states) as FeatureCollection;
    const rings = [...ringsOf(worldLand), ...ringsOf(usLand)].map(projected).filter((r) => r.length > 1);
    const land = decode(paths.land);
    expect(land.map((ring) => ring.points)).toEqual(rings);
    expect(land.every((ring) => ring.closed)).toBe(true);
    // Canada, Mexico, Brazil and the rest; Texas's rings among the states'; the 1:110m United States nowhere.
    expect(land.length).toBeGreaterThan(176 + 50);
    const usa = topojson.feature(world, {
      ...countries,
      geometries: countries.geometries.filter((g) => String(g.id) === '840'),
    }) as FeatureCollection;
    const text = JSON.stringify(land.map((ring) => ring.points));
    for (const ring of ringsOf(usa)) expect(text).not.toContain(JSON.stringify(projected(ring)));
  });

  it('draws the borders between countries and between states once, as open lines', () => {
    const lines = [
      topojson.mesh(world, countries, (a, b) => a !== b),
      topojson.mesh(us, states, (a, b) => a !== b),
    ].flatMap((mesh: MultiLineString) => mesh.coordinates.map(projected).filter((l) => l.length > 1));
    const borders = decode(paths.borders);
    expect(borders.map((line) => line.points)).toEqual(lines);
    expect(borders.some((line) => line.closed)).toBe(false);
    expect(borders.length).toBeGreaterThan(50);
  });

  it('is what the module the map loads holds (a build makes it once, vite.config.ts)', () => {
    expect(loaded.land).toBe(paths.land);
    expect(loaded.borders).toBe(paths.borders);
  });
});
