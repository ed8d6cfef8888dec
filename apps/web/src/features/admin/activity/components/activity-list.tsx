import { Anchor, Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { type ActivityEntry, AUDIT_ACTIONS } from '@vnoc/contracts';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CollapsibleFilters } from '../../../../components/collapsible-filters.tsx';
import { DataTable } from '../../../../components/data-table/data-table.tsx';
import { SearchInput } from '../../../../components/data-table/search-input.tsx';
import { serverListProps, useListParams } from '../../../../components/data-table/server-list.ts';
import { DateText } from '../../../../components/date-text.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { AnyOfSelect, DateRangeInputs } from '../../../../components/filter-fields.tsx';
import { FilteredEmpty } from '../../../../components/filtered-empty.tsx';
import { MonoText } from '../../../../components/mono-text.tsx';
import { actorName } from '../../../../lib/actor-name.ts';
import { useActivity } from '../api/get-activity.ts';
import {
  actionLabel,
  detailLabel,
  detailValue,
  sentenceKey,
  targetPath,
  targetText,
} from '../utils/action-label.ts';
import {
  activityFilterRequest,
  CLEAR_FILTERS,
  filterCount,
  rangeReversed,
  readActivityState,
} from '../utils/activity-list-state.ts';

/**
 * What happened, as a sentence in the reader's language (issue 37): "Sam Support (vNOC support) for Uriel
 * Operator acknowledged the alert Site offline at Acme Raleigh Westgate", the target linked to its page.
 */
function Sentence({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation('adminOrganization');
  const actor = entry.actor
    ? actorName({ name: entry.actor.name, support: entry.impersonator, apiKey: entry.apiKey })
    : t('activity.someone');
  const target = entry.target;
  const path = target ? targetPath(target) : null;
  const targetElement = path ? <Anchor component={Link} to={path} fw={500} /> : <Text span fw={500} />;
  return (
    <Stack gap={0}>
      <Text size="sm" data-testid="activity-sentence">
        {i18n.exists(sentenceKey(entry.action), { ns: 'adminOrganization' }) ? (
          <Trans
            t={t}
            i18nKey={sentenceKey(entry.action)}
            values={{ actor, target: target ? targetText(t, target, i18n.language) : '—' }}
            components={{ target: targetElement }}
          />
        ) : (
          // An action newer than this console: who, and the action as stored.
          `${actor} · ${entry.action}`
        )}
      </Text>
      {entry.actor?.email && (
        <Text size="xs" c="dimmed">
          {entry.actor.email}
        </Text>
      )}
    </Stack>
  );
}

function useColumns() {
  const { t } = useTranslation('adminOrganization');
  return useMemo<ColumnDef<ActivityEntry>[]>(
    // The sentence first: on a phone it is the card's title, read before when and where.
    () => [
      {
        id: 'event',
        header: t('activity.columns.event'),
        enableSorting: false,
        enableHiding: false,
        meta: { wrapAt: 320 },
        cell: ({ row }) => <Sentence entry={row.original} />,
      },
      {
        id: 'at',
        header: t('activity.columns.at'),
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => <DateText value={row.original.at} />,
      },
      {
        id: 'ip',
        header: t('activity.columns.ip'),
        enableSorting: false,
        cell: ({ row }) => <MonoText>{row.original.ip ?? '—'}</MonoText>,
      },
      {
        id: 'detail',
        header: t('activity.columns.detail'),
        enableSorting: false,
        meta: { wrapAt: 220 },
        cell: ({ row }) => {
          const detail = row.original.detail;
          if (detail.length === 0) return <Text size="sm">—</Text>;
          return (
            <Stack gap={0} data-testid="activity-detail">
              {detail.map(({ key, value }) => (
                <Text size="xs" key={key}>
                  <Text span c="dimmed" inherit>
                    {detailLabel(t, key)}:
                  </Text>{' '}
                  {detailValue(t, value)}
                </Text>
              ))}
            </Stack>
          );
        },
      },
    ],
    [t],
  );
}

/** The activity log: server-paged, filtered in the address bar (person, action, days, support sessions only). */
export function ActivityList({ organizationId }: { organizationId: string | undefined }) {
  const { t } = useTranslation('adminOrganization');
  const { state, update } = useListParams(readActivityState);
  const activity = useActivity(organizationId, {
    page: state.table.page,
    pageSize: state.table.pageSize,
    ...activityFilterRequest(state),
  });
  const columns = useColumns();
  const reversed = rangeReversed(state);
  const active = filterCount(state);
  const actionOptions = [...new Set([...AUDIT_ACTIONS, ...state.actions])]
    .map((value) => ({ value, label: actionLabel(t, value) }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const toolbar = (
    <CollapsibleFilters id="activity-filters" label={t('activity.filters.toggle')} active={active}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <SearchInput
          label={t('activity.filters.person')}
          placeholder={t('activity.filters.personPlaceholder')}
          value={state.person}
          onChange={(person) => update({ person })}
        />
        <AnyOfSelect
          label={t('activity.filters.action')}
          anyLabel={t('activity.filters.anyAction')}
          data={actionOptions}
          value={state.actions}
          onChange={(action) => update({ action })}
          searchable
          data-testid="activity-filter-action"
        />
        <DateRangeInputs
          type="date"
          range={state}
          labels={{ from: t('activity.filters.from'), to: t('activity.filters.to') }}
          reversedError={reversed ? t('activity.filters.rangeReversed') : undefined}
          update={update}
          testIdPrefix="activity-filter"
        />
      </SimpleGrid>
      <Checkbox
        mt="sm"
        label={t('activity.filters.impersonated')}
        checked={state.impersonated}
        onChange={(event) => update({ impersonated: event.currentTarget.checked ? 'true' : null })}
        data-testid="activity-filter-impersonated"
      />
    </CollapsibleFilters>
  );

  const empty =
    active > 0 ? (
      <FilteredEmpty
        title={t('activity.empty.filteredTitle')}
        text={t('activity.empty.filteredText')}
        onClear={() => update(CLEAR_FILTERS)}
      />
    ) : (
      <EmptyState icon={IconHistory} title={t('activity.empty.title')} text={t('activity.empty.text')} />
    );

  return (
    <DataTable<ActivityEntry>
      tableId="activity-log"
      label={t('activity.tableLabel')}
      columns={columns}
      {...serverListProps(state.table, update, activity)}
      empty={empty}
      toolbar={toolbar}
    />
  );
}
