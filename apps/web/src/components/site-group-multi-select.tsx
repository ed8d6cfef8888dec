import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useSiteGroups } from '../lib/site-groups.ts';

type SiteGroupMultiSelectProps = Omit<
  MultiSelectProps,
  'data' | 'placeholder' | 'searchable' | 'clearable'
> & {
  /** What the field says when the organization has no site groups at all. */
  noGroups: string;
};

/** Chooses site groups of the organization by name; used where people, API keys and webhooks are limited to groups. */
export function SiteGroupMultiSelect({ noGroups, ...rest }: SiteGroupMultiSelectProps) {
  const groups = useSiteGroups();
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
