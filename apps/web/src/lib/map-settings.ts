import { queryOptions, useQuery } from '@tanstack/react-query';
import { MapSettingsSchema } from '@vnoc/contracts';
import { apiRequest } from './api-client.ts';

export const mapSettingsQuery = queryOptions({
  queryKey: ['map', 'settings'],
  queryFn: ({ signal }) =>
    apiRequest('map/settings', { schema: import.meta.env.DEV ? MapSettingsSchema : undefined, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** GET map/settings: the tile server the deployment configured (MAP_TILE_URL), if any; fixed while it runs. */
export function useMapSettings() {
  return useQuery(mapSettingsQuery);
}
