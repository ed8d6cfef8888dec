import { useQuery } from '@tanstack/react-query';
import { MapSettingsSchema } from '@vnoc/contracts';
import { apiRequest } from './api-client.ts';
import { queryClient } from './query-client.ts';

const mapSettingsQuery = {
  queryKey: ['map', 'settings'],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiRequest('map/settings', { schema: MapSettingsSchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
};

/** GET map/settings: the tile server the deployment configured (MAP_TILE_URL), if any; fixed while it runs. */
export function useMapSettings() {
  return useQuery(mapSettingsQuery);
}

/** Asks for the map settings ahead of a map (a screen that will show one), so the map does not wait for them. */
export function prefetchMapSettings(): void {
  void queryClient.prefetchQuery(mapSettingsQuery);
}
