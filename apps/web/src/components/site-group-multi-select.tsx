import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSiteGroups } from '../lib/site-groups.ts';

type SiteGroupMultiSelectProps = Omit<MultiSelectProps, 'data' | 'placeholder' | 'searchable' | 'clearable'>;

/**
 * Chooses site groups of the organization by name, labelled "Site groups" unless told otherwise; used where people,
 * API keys and webhooks are limited to groups. It says so when the organization has none.
 */
export function SiteGroupMultiSelect(props: SiteGroupMultiSelectProps) {
  const { t } = useTranslation();
  const groups = useSiteGroups();
  return (
    <MultiSelect
      label={t('common.siteGroups')}
      {...props}
      data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
      placeholder={groups.data?.length === 0 ? t('common.noSiteGroups') : undefined}
      searchable
      clearable
    />
  );
}
