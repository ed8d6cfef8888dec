import { z } from 'zod';
import { AlertSeveritySchema } from './alerts.ts';
import { wholeNumber } from './fields.ts';
import { CoordinatesSchema, DeviceStatusSchema, GroupIdsSchema } from './fleet.ts';
import { MAP_MAX_ZOOM } from './map-constants.ts';

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

/** At most this many single sites in one view's answer (sites sharing one spot at the deepest zoom). */
export const MAP_SITES_MAX = 2000;

const ZOOM_ERROR = `Enter the zoom as a whole number from 0 to ${MAP_MAX_ZOOM}.`;

const longitude = (label: string) =>
  z.coerce
    .number({ error: `Enter the ${label} edge as a longitude.` })
    .min(-180, { error: `The ${label} edge is a longitude from -180 to 180.` })
    .max(180, { error: `The ${label} edge is a longitude from -180 to 180.` });
const latitude = (label: string) =>
  z.coerce
    .number({ error: `Enter the ${label} edge as a latitude.` })
    .min(-90, { error: `The ${label} edge is a latitude from -90 to 90.` })
    .max(90, { error: `The ${label} edge is a latitude from -90 to 90.` });

/** Which sites a map shows: a status (none: every status) and site groups (none: every site in scope). */
export const MapScopeQuerySchema = z.object({
  status: DeviceStatusSchema.optional(),
  groupId: GroupIdsSchema,
});
export type MapScopeQuery = z.infer<typeof MapScopeQuerySchema>;

/**
 * GET map/sites: the view of a map — its edges (a west edge east of the east edge crosses the antimeridian)
 * and zoom — and which sites (a status, site groups).
 */
export const MapSitesQuerySchema = MapScopeQuerySchema.extend({
  west: longitude('west'),
  south: latitude('south'),
  east: longitude('east'),
  north: latitude('north'),
  zoom: wholeNumber(ZOOM_ERROR, 0, MAP_MAX_ZOOM),
}).refine((q) => q.south <= q.north, {
  error: 'The south edge must not be north of the north edge.',
  path: ['south'],
});
export type MapSitesQuery = z.infer<typeof MapSitesQuerySchema>;

export const MapBoundsSchema = z.object({
  south: z.number(),
  west: z.number(),
  north: z.number(),
  east: z.number(),
});
export type MapBounds = z.infer<typeof MapBoundsSchema>;

/** Several sites close together at the view's zoom: their centre, count, worst status and worst active alert. */
export const MapClusterSchema = z.object({
  ...CoordinatesSchema.shape,
  count: z.number().int(),
  status: DeviceStatusSchema,
  severity: AlertSeveritySchema.nullable(),
  /** Around its sites: a click zooms to them. */
  bounds: MapBoundsSchema,
});
export type MapCluster = z.infer<typeof MapClusterSchema>;

export const MapSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  ...CoordinatesSchema.shape,
  status: DeviceStatusSchema,
});
export type MapSite = z.infer<typeof MapSiteSchema>;

/** GET map/summary: how many sites a map has, and where (the map fits itself to them). */
export const MapSummarySchema = z.object({
  /** Sites of the scope (and groups) that have coordinates, whatever their status. */
  located: z.number().int(),
  /** Of those, the ones of the status asked for (all of them without one). */
  matching: z.number().int(),
  /** Sites of the scope (and groups, and status) without coordinates: on no map. */
  withoutLocation: z.number().int(),
  /** Around every matching site; null when there is none. */
  bounds: MapBoundsSchema.nullable(),
});
export type MapSummary = z.infer<typeof MapSummarySchema>;

/** GET map/sites: what one view of a map shows. */
export const MapSitesSchema = z.object({
  clusters: z.array(MapClusterSchema),
  sites: z.array(MapSiteSchema),
});
export type MapSites = z.infer<typeof MapSitesSchema>;
