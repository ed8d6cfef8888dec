import * as topojson from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { describe, expect, it, vi } from 'vitest';
import { nextTask } from './after-paint.ts';
import { loadBasemap, toBasemap } from './basemap.ts';

describe('the bundled basemap (issue 12 part 3)', () => {
  it('fills the world at 1:110m and the United States state by state at 1:10m', async () => {
    const basemap = await loadBasemap();
    const ids = basemap.land.features.map((f) => String(f.id));
    // 177 countries less the United States, then 50 states, DC and the territories of us-atlas.
    expect(ids).not.toContain('840');
    expect(ids).toEqual(expect.arrayContaining(['124', '484', '076'])); // Canada, Mexico, Brazil
    const states = basemap.land.features.filter((f) => (f.properties as { name?: string }).name === 'Texas');
    expect(states).toHaveLength(1);
    expect(basemap.land.features.length).toBeGreaterThan(176 + 50);
    for (const feature of basemap.land.features) {
      expect(['Polygon', 'MultiPolygon']).toContain(feature.geometry.type);
    }
  });

  it('draws the borders between countries and between states once, as lines', async () => {
    const { borders } = await loadBasemap();
    expect(borders.features).toHaveLength(2);
    for (const border of borders.features) {
      expect(border.geometry.type).toBe('MultiLineString');
      if (border.geometry.type === 'MultiLineString')
        expect(border.geometry.coordinates.length).toBeGreaterThan(50);
    }
  });

  it('loads once, whoever asks', async () => {
    expect(loadBasemap()).toBe(loadBasemap());
  });

  it("is built in four tasks, the world's land, the states', then each border mesh, not in one long one (issue 39)", async () => {
    const [world, us] = await Promise.all([
      import('world-atlas/countries-110m.json'),
      import('us-atlas/states-10m.json'),
    ]);
    const features = vi.fn(topojson.feature);
    const meshes = vi.fn(topojson.mesh);
    const built = toBasemap(
      // `feature`'s overloads are more than a mock's type keeps.
      { ...topojson, feature: features as unknown as typeof topojson.feature, mesh: meshes },
      world.default as unknown as Topology,
      us.default as unknown as Topology,
    );
    expect(features).toHaveBeenCalledTimes(1);
    await nextTask();
    expect(features).toHaveBeenCalledTimes(2);
    expect(meshes).toHaveBeenCalledTimes(0);
    await nextTask();
    expect(meshes).toHaveBeenCalledTimes(1);
    await nextTask();
    expect(meshes).toHaveBeenCalledTimes(2);
    expect((await built).borders.features).toHaveLength(2);
  });
});
