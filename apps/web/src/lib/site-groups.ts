import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';

/** Where the organization's site groups are cached: every screen that lists them shares it, so a change in Settings → Groups shows everywhere. */
export const siteGroupsQueryKey = ['groups'] as const;

/**
 * GET group: the organization's site groups (filters' choices, scopes of people, keys, webhooks, dashboards, reports,
 * maintenance). Checked against its schema in dev only: it is on the first load of most screens, which zod would
 * otherwise join (issue 39).
 */
export const siteGroupsQueryOptions = () =>
  queryOptions({
    queryKey: siteGroupsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('group', { schema: import.meta.env.DEV ? z.array(GroupSchema) : undefined, signal }),
  });

/** The organization's site groups; `enabled` false waits (a closed form asks nothing). */
export function useSiteGroups(enabled = true) {
  return useQuery({ ...siteGroupsQueryOptions(), enabled });
}
