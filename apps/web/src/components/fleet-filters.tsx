import { SimpleGrid } from '@mantine/core';
import type { QueryTarget } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapsibleFilters } from './collapsible-filters.tsx';
import { SearchInput } from './data-table/search-input.tsx';
import type { ParamPatch } from './data-table/table-params.ts';
import { AnyOfSelect } from './filter-fields.tsx';
import { kindOptions, type StatusFilter, statusOptions } from './fleet-filter-options.ts';
import type { FleetListState } from './fleet-search.ts';

/**
 * The fields' texts from a fleet list's own namespace (its `filters.*`: search, status, kind, "any"), through the
 * list's `t` (named `listT` here, as this file's own `t` reads the `fleet` namespace).
 */
export function fleetFilterLabels(listT: TFunction) {
  return {
    search: listT('filters.search'),
    searchPlaceholder: listT('filters.searchPlaceholder'),
    status: listT('filters.status'),
    kind: listT('filters.kind'),
    any: listT('filters.any'),
    toggle: listT('filters.toggle'),
  };
}

interface FleetFiltersProps {
  /** The list's own texts for the fields (its namespace's `filters.*`). */
  labels: ReturnType<typeof fleetFilterLabels>;
  state: FleetListState;
  update: (patch: ParamPatch) => void;
  /** The statuses offered (all by default). */
  statuses?: readonly StatusFilter[];
  statusTestId?: string;
  /** The list's own filters, after kind. */
  children?: ReactNode;
  /** How many of the list's own filters are set (counted on the phone's Filters button). */
  ownActive?: number;
  /** The list whose filters the search text's `key:value` terms set (the fleet query language). */
  queryTarget: QueryTarget;
}

/**
 * A fleet list's filter row: search text, status and kind, then the list's own filters. On a phone they fold
 * behind a Filters button that counts the set ones, so the list's first rows are on the first screen.
 */
export function FleetFilters({
  labels,
  state,
  update,
  statuses,
  statusTestId,
  children,
  ownActive = 0,
  queryTarget,
}: FleetFiltersProps) {
  // The options' texts are the fleet's status and kind names.
  const { t } = useTranslation('fleet');
  const active =
    [state.q !== '', state.status.length > 0, state.kind.length > 0].filter(Boolean).length + ownActive;
  return (
    <CollapsibleFilters id="fleet-filters" label={labels.toggle} active={active}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <SearchInput
          label={labels.search}
          placeholder={labels.searchPlaceholder}
          value={state.q}
          onChange={(q) => update({ q })}
          queryTarget={queryTarget}
        />
        <AnyOfSelect
          label={labels.status}
          anyLabel={labels.any}
          data={statusOptions(t, statuses)}
          value={state.status}
          onChange={(status) => update({ status })}
          data-testid={statusTestId}
        />
        <AnyOfSelect
          label={labels.kind}
          anyLabel={labels.any}
          data={kindOptions(t)}
          value={state.kind}
          onChange={(kind) => update({ kind })}
        />
        {children}
      </SimpleGrid>
    </CollapsibleFilters>
  );
}
