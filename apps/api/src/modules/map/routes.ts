import { type MapSettings, MapSettingsSchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { answers } from '../route-schemas.ts';

/** The console's maps (issue 12 part 3): where their tiles come from. */
export function mapRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings: MapSettings = {
    tileUrl: ctx.config.mapTiles?.url ?? null,
    tileAttribution: ctx.config.mapTiles?.attribution ?? null,
  };

  r.get(
    '/api/map/settings',
    {
      schema: {
        tags: ['map'],
        summary: "The map tile server the console's maps draw, if any",
        description:
          'MAP_TILE_URL and MAP_TILE_ATTRIBUTION; both null when none is configured: the console then draws its ' +
          'bundled basemap (Natural Earth country and US state outlines), which needs no network.',
        response: answers(MapSettingsSchema),
      },
      config: { auth: { steps: ['full'] } },
    },
    async () => settings,
  );
}
