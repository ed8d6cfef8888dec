import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DeviceTelemetry, DeviceTelemetrySchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { deviceQueryKey } from './keys.ts';

/**
 * How often the latest report is asked again while the event stream is open: a device reports every 60 s
 * (docs/device-protocol.md, "Cadence") and no event carries a report, only a status change.
 */
export const TELEMETRY_REFRESH_MS = 60_000;

/**
 * Cached under the device's own key, so a `device.status` event for the device (app/live-invalidations.ts)
 * refreshes it with the device.
 */
export const deviceTelemetryQueryKey = (deviceId: string) =>
  [...deviceQueryKey(deviceId), 'telemetry'] as const;

/** GET device/{id}/telemetry: what a device that reports for real said last. */
export function getDeviceTelemetry(deviceId: string, signal?: AbortSignal): Promise<DeviceTelemetry> {
  return apiRequest(`device/${encodeURIComponent(deviceId)}/telemetry`, {
    schema: import.meta.env.DEV ? DeviceTelemetrySchema : undefined,
    signal,
  });
}

export function getDeviceTelemetryQueryOptions(deviceId: string) {
  return queryOptions({
    queryKey: deviceTelemetryQueryKey(deviceId),
    queryFn: ({ signal }) => getDeviceTelemetry(deviceId, signal),
    // Every 60 s while the page is visible (a hidden tab does not poll: refetchIntervalInBackground is off);
    // while the stream is down, at the live pace like every live screen.
    refetchInterval: () => liveRefetchInterval(TELEMETRY_REFRESH_MS),
  });
}

/** The device's latest report; asked only when `enabled` (a simulated device has none). */
export function useDeviceTelemetry(deviceId: string, enabled: boolean) {
  return useQuery({ ...getDeviceTelemetryQueryOptions(deviceId), enabled });
}
