import { useQueries } from '@tanstack/react-query';
import { type Device, DeviceSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../../../lib/live.ts';

/** GET device/{id}: the site overview reads each of the site's (few) devices for model, MAC and last update. */
export function getSiteDevice(id: string, signal?: AbortSignal): Promise<Device> {
  return apiRequest(`device/${encodeURIComponent(id)}`, { schema: DeviceSchema, signal });
}

/** The site's devices, in the site's order (sorted by id); pending while any is loading. */
export function useSiteDevices(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['device', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => getSiteDevice(id, signal),
      refetchInterval: LIVE_REFRESH_MS,
    })),
    combine: (results) => ({
      devices: results.map((r) => r.data).filter((d): d is Device => d !== undefined),
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}
