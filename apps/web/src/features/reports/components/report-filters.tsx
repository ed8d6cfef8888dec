import { Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReportId, SLA_DEFAULT_TARGET } from '@vnoc/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapsibleFilters } from '../../../components/collapsible-filters.tsx';
import { SearchInput } from '../../../components/data-table/search-input.tsx';
import type { ParamPatch } from '../../../components/data-table/table-params.ts';
import { ClearFiltersButton, GroupFilter, ModelTagsInput } from '../../../components/filter-fields.tsx';
import { FIVE_G_MODELS } from '../../../lib/device-kind.ts';
import { useSiteGroups } from '../../../lib/site-groups.ts';
import { useSiteOptions } from '../../../lib/site-options.ts';
import { CLEAR_FILTERS, filterCount, type ReportState } from '../utils/report-state.ts';

interface ReportFiltersProps {
  report: ReportId;
  state: ReportState;
  update: (patch: ParamPatch) => void;
  /** Models and site names seen in the rows, offered as choices. */
  seenModels: readonly string[];
  seenSites: ReadonlyMap<string, string>;
}

/** The report's filters, all in the address bar: site, site group, device models, free text (and the SLA target). */
export function ReportFilters({ report, state, update, seenModels, seenSites }: ReportFiltersProps) {
  const { t } = useTranslation('reports');
  // On a phone the filters fold behind a button, so the report is not five fields down the screen.
  const groups = useSiteGroups();
  const [siteSearch, setSiteSearch] = useState('');
  const [debounced] = useDebouncedValue(siteSearch, 300);
  const siteOptions = useSiteOptions(debounced);
  // Names of sites once seen, so the chosen one stays named whatever the search lists.
  const siteNames = useRef(new Map<string, string>());
  for (const [id, name] of seenSites) siteNames.current.set(id, name);
  for (const site of siteOptions.data?.sites ?? []) siteNames.current.set(site.id, site.name);
  const siteData = (siteOptions.data?.sites ?? []).map((site) => ({ value: site.id, label: site.name }));
  if (state.site && !siteData.some((s) => s.value === state.site))
    siteData.unshift({ value: state.site, label: siteNames.current.get(state.site) ?? t('filters.oneSite') });

  const models = [...new Set([...seenModels, ...(report === 'cellular-billing' ? FIVE_G_MODELS : [])])].sort(
    (a, b) => a.localeCompare(b),
  );
  const active = filterCount(state);
  const fields = (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: report === 'sla' ? 5 : 4 }} spacing="sm">
      <SearchInput
        label={t('filters.text')}
        placeholder={t(report === 'sla' ? 'filters.textPlaceholderSla' : 'filters.textPlaceholder')}
        value={state.q}
        onChange={(q) => update({ q })}
      />
      <Select
        label={t('filters.site')}
        placeholder={t('filters.anySite')}
        data={siteData}
        value={state.site}
        onChange={(site) => update({ site })}
        searchable
        searchValue={siteSearch}
        onSearchChange={setSiteSearch}
        clearable
        filter={({ options }) => options}
        nothingFoundMessage={t('filters.noSites')}
        data-testid="filter-site"
      />
      <GroupFilter
        labels={{ group: t('filters.group'), any: t('filters.anyGroup'), none: t('filters.noGroups') }}
        groups={groups.data}
        value={state.group}
        update={update}
      />
      {report !== 'sla' && (
        <ModelTagsInput
          label={t('filters.model')}
          anyLabel={t('filters.anyModel')}
          models={models}
          value={state.model}
          update={update}
          data-testid="filter-model"
        />
      )}
      {report === 'sla' && (
        <NumberInput
          label={t('filters.target')}
          placeholder={String(SLA_DEFAULT_TARGET)}
          value={state.target ?? ''}
          min={50}
          max={100}
          step={0.1}
          decimalScale={3}
          suffix=" %"
          onBlur={(event) => {
            const value = Number.parseFloat(event.currentTarget.value);
            update({ target: Number.isFinite(value) && value >= 50 && value <= 100 ? value : null });
          }}
          data-testid="filter-target"
        />
      )}
    </SimpleGrid>
  );

  return (
    <Stack gap="xs">
      <CollapsibleFilters id="report-filters" label={t('filters.toggle')} active={active}>
        {fields}
      </CollapsibleFilters>
      {active > 0 && (
        <Group gap="xs">
          <ClearFiltersButton onClick={() => update(CLEAR_FILTERS)} />
        </Group>
      )}
    </Stack>
  );
}
