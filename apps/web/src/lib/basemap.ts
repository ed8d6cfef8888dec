import type { Feature, FeatureCollection } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { nextTask } from './after-paint.ts';

/** The bundled basemap: land to fill, and the borders between countries and between US states. */
export interface Basemap {
  land: FeatureCollection;
  borders: FeatureCollection;
}

/** ISO 3166 numeric code of the United States: drawn from the finer US atlas instead. */
const USA = '840';

type Topojson = typeof import('topojson-client');

/**
 * Natural Earth at 1:110m for the world (world-atlas, ~38 KB gzipped) with the United States at 1:10m, state by
 * state (us-atlas, ~36 KB): where the fleet is, coasts and state lines stay close at city zoom. Built in four
 * tasks — the world's land, the states' land, the world's borders, the states' borders (each mesh stitches every
 * arc) — not in one long
 * task of the map's first draw (topojson ~16 ms of /dashboard's profile at 1×, bench/README.md).
 */
export async function toBasemap(topojson: Topojson, world: Topology, us: Topology): Promise<Basemap> {
  const countries = world.objects.countries as GeometryCollection;
  const states = us.objects.states as GeometryCollection;
  const worldLand = topojson.feature(world, {
    ...countries,
    geometries: countries.geometries.filter((g) => String(g.id) !== USA),
  }) as FeatureCollection;
  // The states at 1:10m in a task of their own: with the world's land, one task of ~175 ms on Lighthouse's mobile
  // CPU (×4) of /dashboard's first seconds (bench/README.md, 2026-11-30, branch dash).
  await nextTask();
  const usLand = topojson.feature(us, states) as FeatureCollection;
  await nextTask();
  const worldBorders = topojson.mesh(world, countries, (a, b) => a !== b);
  await nextTask();
  const usBorders = topojson.mesh(us, states, (a, b) => a !== b);
  return {
    land: { type: 'FeatureCollection', features: [...worldLand.features, ...usLand.features] as Feature[] },
    borders: {
      type: 'FeatureCollection',
      features: [worldBorders, usBorders].map((geometry) => ({ type: 'Feature', geometry, properties: {} })),
    },
  };
}

let loading: Promise<Basemap> | undefined;

/** The basemap, loaded once and only by a screen that draws a map (its data is a chunk of its own). */
export function loadBasemap(): Promise<Basemap> {
  loading ??= Promise.all([
    import('topojson-client'),
    import('world-atlas/countries-110m.json'),
    import('us-atlas/states-10m.json'),
  ]).then(([topojson, world, us]) =>
    toBasemap(topojson, world.default as unknown as Topology, us.default as unknown as Topology),
  );
  // A failed load (a new deployment, a network blip) is tried again by the next map.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
