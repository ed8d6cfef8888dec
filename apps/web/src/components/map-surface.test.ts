// @vitest-environment jsdom
import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { BASEMAP_UNITS, MAX_LATITUDE, project } from '../lib/basemap.ts';

describe("the basemap's paths in Leaflet's coordinates", () => {
  it('put every point where Leaflet puts it, at the zoom whose world is BASEMAP_UNITS wide', () => {
    const zoom = Math.log2(BASEMAP_UNITS / 256);
    expect(L.CRS.EPSG3857.scale(zoom)).toBe(BASEMAP_UNITS);
    // Corners, the equator, a US city, the far south and north, the date line.
    for (const [lat, lng] of [
      [MAX_LATITUDE, -180],
      [-MAX_LATITUDE, 180],
      [0, 0],
      [35.08, -106.65],
      [-54.8, -68.3],
      [78.2, 15.6],
      [-16.5, 179.9],
    ] as const) {
      const leaflet = L.CRS.EPSG3857.latLngToPoint(L.latLng(lat, lng), zoom);
      const [x, y] = project([lng, lat]);
      expect(Math.abs(x - leaflet.x)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(y - leaflet.y)).toBeLessThanOrEqual(0.5);
    }
  });

  it("stops at the latitude where Leaflet's square world stops", () => {
    const mercator = L.Projection.SphericalMercator as L.Projection & { MAX_LATITUDE: number };
    expect(mercator.MAX_LATITUDE).toBeCloseTo(MAX_LATITUDE, 9);
  });
});
