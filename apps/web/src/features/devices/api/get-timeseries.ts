import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Duration, type TimeseriesSample, TimeseriesSampleSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFRESH_MS } from '../../../lib/live.ts';

/** The series of WAN ping and jitter samples. */
export const WAN_SERIES = 'wan';

/** GET timeseries/{trx}/{id}?duration=: the device's samples over the duration, oldest first. */
export function getTimeseries(
  trx: string,
  deviceId: string,
  duration: Duration,
  signal?: AbortSignal,
): Promise<TimeseriesSample[]> {
  return apiRequest(`timeseries/${encodeURIComponent(trx)}/${encodeURIComponent(deviceId)}`, {
    schema: import.meta.env.DEV ? z.array(TimeseriesSampleSchema) : undefined,
    query: { duration },
    signal,
  });
}

export function getTimeseriesQueryOptions(trx: string, deviceId: string, duration: Duration) {
  return queryOptions({
    queryKey: ['timeseries', trx, deviceId, duration] as const,
    queryFn: ({ signal }) => getTimeseries(trx, deviceId, duration, signal),
    // Samples arrive every minute.
    // WAN samples arrive every simulated minute and no event carries them: polled at the live pace always.
    refetchInterval: LIVE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useTimeseries(trx: string, deviceId: string, duration: Duration) {
  return useQuery(getTimeseriesQueryOptions(trx, deviceId, duration));
}
