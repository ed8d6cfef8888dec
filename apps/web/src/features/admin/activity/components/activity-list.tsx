import { Badge, Checkbox, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconHistory, IconLifebuoy } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ActivityEntry } from '@vnoc/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapsibleFilters } from '../../../../components/collapsible-filters.tsx';
import { DataTable } from '../../../../components/data-table/data-table.tsx';
import { SearchInput } from '../../../../components/data-table/search-input.tsx';
import { serverListProps, useListParams } from '../../../../components/data-table/server-list.ts';
import { DateText } from '../../../../components/date-text.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { AnyOfSelect, DateRangeInputs } from '../../../../components/filter-fields.tsx';
import { FilteredEmpty } from '../../../../components/filtered-empty.tsx';
import { actorName } from '../../../../lib/actor-name.ts';
import { useActivity } from '../api/get-activity.ts';
import { actionLabel, KNOWN_ACTIONS } from '../utils/action-label.ts';
import {
  activityFilterRequest,
  CLEAR_FILTERS,
  filterCount,
  rangeReversed,
  readActivityState,
} from '../utils/activity-list-state.ts';

/** Who acted: the person, as "Sam Support (vNOC support) for Uriel Operator" in a support session (issue 37). */
function Person({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation('adminOrganization');
  const person = entry.actor;
  if (!person) return <Text size="sm">—</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" data-testid="activity-person">
        {actorName(t, { name: person.name, support: entry.impersonator })}
      </Text>
      {person.email && person.email !== person.name && (
        <Text size="xs" c="dimmed">
          {person.email}
        </Text>
      )}
    </Stack>
  );
}

function useColumns() {
  const { t } = useTranslation('adminOrganization');
  return useMemo<ColumnDef<ActivityEntry>[]>(
    () => [
      {
        id: 'at',
        header: t('activity.columns.at'),
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => <DateText value={row.original.at} />,
      },
      {
        id: 'actor',
        header: t('activity.columns.actor'),
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => <Person entry={row.original} />,
      },
      {
        id: 'action',
        header: t('activity.columns.action'),
        enableSorting: false,
        enableHiding: false,
        meta: { wrapAt: 200 },
        cell: ({ row }) => (
          <Text size="sm" fw={500} title={row.original.action} data-testid="activity-action">
            {actionLabel(t, row.original.action)}
          </Text>
        ),
      },
      {
        id: 'impersonator',
        header: t('activity.columns.impersonator'),
        enableSorting: false,
        cell: ({ row }) => {
          const support = row.original.impersonator;
          if (!support) return <Text size="sm">—</Text>;
          return (
            <Tooltip label={support.email}>
              <Badge
                variant="light"
                color="orange"
                tt="none"
                leftSection={<IconLifebuoy size={12} aria-hidden />}
                data-testid="activity-impersonator"
              >
                {t('activity.bySupport', { name: support.name })}
              </Badge>
            </Tooltip>
          );
        },
      },
      {
        id: 'target',
        header: t('activity.columns.target'),
        enableSorting: false,
        meta: { wrapAt: 180 },
        cell: ({ row }) => <Text size="sm">{row.original.target ?? '—'}</Text>,
      },
      {
        id: 'ip',
        header: t('activity.columns.ip'),
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" ff="monospace">
            {row.original.ip ?? '—'}
          </Text>
        ),
      },
      {
        id: 'detail',
        header: t('activity.columns.detail'),
        enableSorting: false,
        meta: { wrapAt: 220 },
        cell: ({ row }) => {
          const entries = Object.entries(row.original.detail);
          if (entries.length === 0) return <Text size="sm">—</Text>;
          return (
            <Text size="xs" c="dimmed">
              {entries.map(([k, v]) => `${k}: ${v}`).join(' · ')}
            </Text>
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
  const actionOptions = [...new Set([...KNOWN_ACTIONS, ...state.actions])]
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
        clearLabel={t('activity.filters.clear')}
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
