import { useQuery } from '@tanstack/react-query';
import { ActivityEntrySchema, PagedSchema } from '@vnoc/contracts';
import { pageQueryOptions } from '../../../../lib/page-query.ts';
import type { ActivityFilterParams } from '../utils/activity-list-state.ts';

const ActivityPageSchema = PagedSchema(ActivityEntrySchema);

export interface ActivityParams extends ActivityFilterParams {
  page: number;
  pageSize: number;
}

export const activityQueryKey = ['activity'] as const;

/** GET organization/{id}/activity: one page of the organization's activity log, newest first. */
export function useActivity(organizationId: string | undefined, params: ActivityParams) {
  const path = `organization/${encodeURIComponent(organizationId ?? '')}/activity`;
  const page = pageQueryOptions([...activityQueryKey, organizationId, params], path, {
    query: { ...params },
    schema: ActivityPageSchema,
  });
  return useQuery({ ...page, enabled: Boolean(organizationId) });
}
