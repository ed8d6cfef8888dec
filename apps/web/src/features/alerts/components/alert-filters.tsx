import { CloseButton, Group, Pill, SimpleGrid, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapsibleFilters } from '../../../components/collapsible-filters.tsx';
import { SearchInput } from '../../../components/data-table/search-input.tsx';
import type { ParamPatch } from '../../../components/data-table/table-params.ts';
import {
  AnyOfSelect,
  ClearFiltersButton,
  DateRangeInputs,
  GroupFilter,
} from '../../../components/filter-fields.tsx';
import { alertName } from '../../../lib/alert-display.ts';
import { useSiteGroups } from '../../../lib/site-groups.ts';
import { useAlertCodes } from '../api/get-alert-codes.ts';
import {
  type AlertListState,
  CLEAR_FILTERS,
  filterCount,
  hasFilters,
  rangeReversed,
} from '../utils/alert-list-state.ts';

interface AlertFiltersProps {
  state: AlertListState;
  update: (patch: ParamPatch) => void;
  /** Names of the site and device filters (from the rows), when the address names them by id. */
  siteName?: string | null;
  deviceName?: string | null;
}

/** A filter set by a link (a site's or a device's alerts) as a pill that removes it. */
function LinkedFilter({
  label,
  onRemove,
  removeLabel,
}: {
  label: string;
  onRemove: () => void;
  removeLabel: string;
}) {
  return (
    <Pill size="md" data-testid="linked-filter">
      <Group gap={4} wrap="nowrap" component="span">
        {label}
        <CloseButton size="xs" aria-label={removeLabel} onClick={onRemove} />
      </Group>
    </Pill>
  );
}

/**
 * The Alerts screen's filters, all held in the address bar: alert codes (named in the user's language),
 * site group, site text, and a raised-between date range; site and device filters come from links.
 */
function AlertFilterFields({ state, update, siteName, deviceName }: AlertFiltersProps) {
  const { t, i18n } = useTranslation('alerts');
  // On a phone the filters fold behind a button, so the list is not five fields down the screen.
  const codes = useAlertCodes();
  const groups = useSiteGroups();
  const reversed = rangeReversed(state);
  const codeOptions = (codes.data ?? [])
    .map((info) => ({ value: info.code, label: alertName(info.code, i18n.language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));

  const active = filterCount(state);
  return (
    <Stack gap="xs">
      <CollapsibleFilters id="alert-filters" label={t('filters.toggle')} active={active}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 5 }} spacing="sm">
          <AnyOfSelect
            label={t('filters.code')}
            anyLabel={t('filters.any')}
            data={codeOptions}
            value={state.code}
            onChange={(code) => update({ code })}
            searchable
            data-testid="filter-code"
          />
          <GroupFilter
            labels={{ group: t('filters.group'), any: t('filters.anyGroup'), none: t('filters.noGroups') }}
            groups={groups.data}
            value={state.group}
            update={update}
          />
          <SearchInput
            label={t('filters.site')}
            placeholder={t('filters.sitePlaceholder')}
            value={state.q}
            onChange={(q) => update({ q })}
            queryTarget="alerts"
          />
          <DateRangeInputs
            type="datetime-local"
            range={state}
            labels={{ from: t('filters.from'), to: t('filters.to') }}
            reversedError={reversed ? t('filters.rangeReversed') : undefined}
            update={update}
            testIdPrefix="filter"
          />
        </SimpleGrid>
      </CollapsibleFilters>
      {hasFilters(state) && (
        <Group gap="xs" wrap="wrap">
          {state.site && (
            <LinkedFilter
              label={siteName ? t('filters.siteIs', { name: siteName }) : t('filters.oneSite')}
              removeLabel={t('filters.removeSite')}
              onRemove={() => update({ site: null })}
            />
          )}
          {state.device && (
            <LinkedFilter
              label={deviceName ? t('filters.deviceIs', { name: deviceName }) : t('filters.oneDevice')}
              removeLabel={t('filters.removeDevice')}
              onRemove={() => update({ device: null })}
            />
          )}
          <ClearFiltersButton onClick={() => update(CLEAR_FILTERS)} />
          {reversed && (
            <Text size="xs" c="red.8" role="status">
              {t('filters.rangeIgnored')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** Drawn again only when the address or the named site or device change, not on each live refresh of the list. */
export const AlertFilters = memo(AlertFilterFields);
