import {
  MapScopeQuerySchema,
  type MapSettings,
  MapSettingsSchema,
  MapSitesQuerySchema,
  MapSitesSchema,
  MapSummarySchema,
} from '@vnoc/contracts';
import { signedIn } from '../../http/auth-rules.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as map from './service.ts';

/** The console's maps (issue 12 part 3): where their tiles come from, and what a view of the fleet shows. */
export const mapRoutes = moduleRoutes(['map'], (r, route, ctx) => {
  const settings: MapSettings = {
    tileUrl: ctx.config.mapTiles?.url ?? null,
    tileAttribution: ctx.config.mapTiles?.attribution ?? null,
  };

  r.get(
    '/api/map/settings',
    route(signedIn, {
      summary: "The map tile server the console's maps draw, if any",
      description:
        'MAP_TILE_URL and MAP_TILE_ATTRIBUTION; both null when none is configured: the console then draws its ' +
        'bundled basemap (Natural Earth country and US state outlines), which needs no network.',
      answer: MapSettingsSchema,
    }),
    async () => settings,
  );

  r.get(
    '/api/map/sites',
    route(signedIn, {
      summary: "The caller's sites in a map's view, clustered for its zoom",
      description:
        "Sites of the caller's scope (and `groupId` site groups, and `status`) with coordinates inside the view " +
        '(`west` east of `east` crosses the antimeridian), gathered into square cells of 64 px at `zoom` (Web ' +
        'Mercator): a cell of one site is a site, of several a cluster with its count, centre, extent, worst ' +
        'status and worst active alert. From zoom 15 on every site stands alone (at most 2 000).',
      querystring: MapSitesQuerySchema,
      answer: MapSitesSchema,
    }),
    async (request) => map.mapSites(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/map/summary',
    route(signedIn, {
      summary: "How many of the caller's sites a map has, and where",
      description:
        "Of the caller's scope (and `groupId` site groups): the sites with coordinates, those of `status` " +
        'among them, those without coordinates, and the extent of the matching ones (a map fits itself to it).',
      querystring: MapScopeQuerySchema,
      answer: MapSummarySchema,
    }),
    async (request) => map.mapSummary(ctx, authOf(request).user, request.query),
  );
});
