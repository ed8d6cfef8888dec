// @vitest-environment jsdom
import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { loadBasemap } from '../lib/basemap.ts';
import { loadBasemapShapes } from './map-surface.tsx';

describe("the basemap's shapes in Leaflet's coordinates", () => {
  it('one polygon per land feature and one set of lines per border mesh, each point a LatLng', async () => {
    const [basemap, shapes] = await Promise.all([loadBasemap(), loadBasemapShapes()]);
    expect(shapes.land).toHaveLength(basemap.land.features.length);
    expect(shapes.borders).toHaveLength(basemap.borders.features.length);
    basemap.land.features.forEach(({ geometry }, index) => {
      const shape = shapes.land[index];
      // A Polygon's rings, or a MultiPolygon's polygons of rings; GeoJSON is [longitude, latitude].
      const first = geometry.type === 'Polygon' ? geometry.coordinates[0]?.[0] : undefined;
      if (first) expect(shape?.[0]?.[0]).toEqual(L.latLng(first[1] as number, first[0] as number));
      if (geometry.type === 'MultiPolygon') expect(shape).toHaveLength(geometry.coordinates.length);
    });
    const texas = basemap.land.features.findIndex(
      (f) => (f.properties as { name?: string }).name === 'Texas',
    );
    const point = (shapes.land[texas] as L.LatLng[][] | L.LatLng[][][]).flat(2)[0] as L.LatLng;
    expect(point).toBeInstanceOf(L.LatLng);
    expect(
      L.latLngBounds([
        [25, -107],
        [37, -93],
      ]).contains(point),
    ).toBe(true);
    for (const lines of shapes.borders) expect(lines[0]?.[0]).toBeInstanceOf(L.LatLng);
  });

  it('converts once, for every map that opens', () => {
    expect(loadBasemapShapes()).toBe(loadBasemapShapes());
  });
});
