import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';

/** GET group: the organization's site groups (same key as Settings → Groups, so its changes show here). */
export const siteGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['groups'] as const,
    queryFn: ({ signal }) => apiRequest('group', { schema: z.array(GroupSchema), signal }),
  });

type SiteGroupMultiSelectProps = Omit<
  MultiSelectProps,
  'data' | 'placeholder' | 'searchable' | 'clearable'
> & {
  /** What the field says when the organization has no site groups at all. */
  noGroups: string;
};

/** Chooses site groups of the organization by name; used where people, API keys and webhooks are limited to groups. */
export function SiteGroupMultiSelect({ noGroups, ...rest }: SiteGroupMultiSelectProps) {
  const groups = useQuery(siteGroupsQueryOptions());
  return (
    <MultiSelect
      {...rest}
      data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
      placeholder={groups.data?.length === 0 ? noGroups : undefined}
      searchable
      clearable
    />
  );
}
