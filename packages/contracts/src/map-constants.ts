/** The maps' constants, apart from their schemas: the dashboard's map reads them and loads no zod with them. */

/** The attribution of the bundled basemap. */
export const BASEMAP_ATTRIBUTION = 'Natural Earth';

/** The zoom levels a map view may ask for (Leaflet's). */
export const MAP_MAX_ZOOM = 20;
/** From this zoom on, every site is its own marker (a view then holds few enough). */
export const MAP_UNCLUSTERED_ZOOM = 15;
/** A cluster gathers the sites of one square cell of this many pixels at the view's zoom. */
export const MAP_CELL_PX = 64;

/**
 * A cluster bubble's diameter in pixels, as the console draws it: grows with the count, 30 to 56. The server keeps
 * the bubbles of one answer from overlapping by it (each stays a target of its own).
 */
export function mapClusterSizePx(count: number): number {
  return Math.min(56, 30 + Math.round(Math.log10(Math.max(1, count)) * 12));
}
