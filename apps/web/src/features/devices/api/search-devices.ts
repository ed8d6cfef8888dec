import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DeviceSummarySchema, PagedSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const DevicePageSchema = PagedSchema(DeviceSummarySchema);

/** GET device/search/filtered: lists are sent comma-separated, empty filters left out. */
export interface DeviceSearchParams {
  page: number;
  pageSize: number;
  sorting?: string;
  status?: readonly string[];
  kind?: readonly string[];
  model?: readonly string[];
  groupId?: readonly string[];
  q?: string;
}

function list(values: readonly string[] | undefined): string | undefined {
  return values && values.length > 0 ? values.join(',') : undefined;
}

export function searchDevices(params: DeviceSearchParams, signal?: AbortSignal) {
  return apiRequest('device/search/filtered', {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      sorting: params.sorting,
      status: list(params.status),
      kind: list(params.kind),
      model: list(params.model),
      groupId: list(params.groupId),
      q: params.q?.trim() || undefined,
    },
    schema: DevicePageSchema,
    signal,
  });
}

export function searchDevicesQueryOptions(params: DeviceSearchParams) {
  return queryOptions({
    queryKey: ['devices', 'search', params],
    queryFn: ({ signal }) => searchDevices(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSearchDevices(params: DeviceSearchParams) {
  return useQuery(searchDevicesQueryOptions(params));
}
