import type { Feature, FeatureCollection } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

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
 * state (us-atlas, ~36 KB): where the fleet is, coasts and state lines stay close at city zoom.
 */
export function toBasemap(topojson: Topojson, world: Topology, us: Topology): Basemap {
  const countries = world.objects.countries as GeometryCollection;
  const states = us.objects.states as GeometryCollection;
  const worldLand = topojson.feature(world, {
    ...countries,
    geometries: countries.geometries.filter((g) => String(g.id) !== USA),
  }) as FeatureCollection;
  const usLand = topojson.feature(us, states) as FeatureCollection;
  return {
    land: { type: 'FeatureCollection', features: [...worldLand.features, ...usLand.features] as Feature[] },
    borders: {
      type: 'FeatureCollection',
      features: [
        topojson.mesh(world, countries, (a, b) => a !== b),
        topojson.mesh(us, states, (a, b) => a !== b),
      ].map((geometry) => ({ type: 'Feature', geometry, properties: {} })),
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
