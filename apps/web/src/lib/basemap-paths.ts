/**
 * The bundled basemap's paths (lib/basemap.ts), a module of their own that only a screen drawing a map loads. A
 * build replaces this module with the paths it made once (vite.config.ts, `prebuiltBasemap`): the atlases and
 * topojson stay out of the browser. Run as it is (the unit tests), it makes them from the atlases as it loads.
 */
import * as topojson from 'topojson-client';
import type { Topology } from 'topojson-specification';
import us from 'us-atlas/states-10m.json';
import world from 'world-atlas/countries-110m.json';
import { basemapPaths } from './basemap.ts';

export const { land, borders } = basemapPaths(
  topojson,
  world as unknown as Topology,
  us as unknown as Topology,
);
