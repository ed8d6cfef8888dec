import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_OPTIONS, useSiteOptions } from '../lib/site-options.ts';

type SiteMultiSelectProps = Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> & {
  value: string[];
  onChange: (siteIds: string[]) => void;
  /** Names of chosen sites known beforehand (stored choices), so they show before any search lists them. */
  knownNames?: ReadonlyMap<string, string>;
};

/**
 * Chooses sites of the organization at any fleet size: the server searches as the user types (name, alias,
 * account, address) and offers the first SITE_OPTIONS matches; chosen sites keep their names whatever the
 * search lists. Used by notification profiles, maintenance windows and site groups.
 */
export function SiteMultiSelect({ value, onChange, knownNames, description, ...rest }: SiteMultiSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useSiteOptions(debounced);
  const chosen = useRef(new Map<string, string>());
  const data = new Map<string, string>();
  for (const id of value) data.set(id, chosen.current.get(id) ?? knownNames?.get(id) ?? id);
  for (const site of options.data?.sites ?? []) data.set(site.id, site.name);
  const more = (options.data?.total ?? 0) - (options.data?.sites.length ?? 0);
  return (
    <MultiSelect
      {...rest}
      description={more > 0 ? t('sitePicker.more', { count: SITE_OPTIONS }) : description}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
      data={[...data].map(([id, label]) => ({ value: id, label }))}
      value={value}
      onChange={(ids) => {
        for (const id of ids) {
          const name = data.get(id);
          if (name) chosen.current.set(id, name);
        }
        onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text (name, alias, account, address): show what it answered.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? t('sitePicker.loading') : t('sitePicker.none')}
      clearable
      hidePickedOptions
    />
  );
}
