import { z } from 'zod';

/**
 * How the console draws its maps (`GET map/settings`): a raster tile server (MAP_TILE_URL, with `{z}`, `{x}`,
 * `{y}` and optionally `{s}`) and its attribution, or none — then the bundled basemap (Natural Earth country
 * and US state outlines) is drawn, so maps work offline.
 */
export const MapSettingsSchema = z.object({
  tileUrl: z.string().nullable(),
  tileAttribution: z.string().nullable(),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;

/** The attribution of the bundled basemap. */
export const BASEMAP_ATTRIBUTION = 'Natural Earth';
