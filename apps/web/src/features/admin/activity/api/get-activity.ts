import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ActivityEntrySchema, PagedSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../../lib/api-client.ts';
import type { ActivityFilterParams } from '../utils/activity-list-state.ts';

const ActivityPageSchema = PagedSchema(ActivityEntrySchema);

export interface ActivityParams extends ActivityFilterParams {
  page: number;
  pageSize: number;
}

export const activityQueryKey = ['activity'] as const;

/** GET organization/{id}/activity: one page of the organization's activity log, newest first. */
export function getActivity(organizationId: string, params: ActivityParams, signal?: AbortSignal) {
  return apiRequest(`organization/${encodeURIComponent(organizationId)}/activity`, {
    query: { ...params },
    schema: ActivityPageSchema,
    signal,
  });
}

export function useActivity(organizationId: string | undefined, params: ActivityParams) {
  return useQuery(
    queryOptions({
      queryKey: [...activityQueryKey, organizationId, params],
      queryFn: ({ signal }) => getActivity(organizationId ?? '', params, signal),
      enabled: Boolean(organizationId),
      placeholderData: keepPreviousData,
    }),
  );
}
