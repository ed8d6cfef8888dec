import { MultiSelect, SimpleGrid } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from './data-table/search-input.tsx';
import type { ParamPatch } from './data-table/table-params.ts';
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
  };
}

interface FleetFiltersProps {
  /** The list's own texts for the fields (its namespace's `filters.*`). */
  labels: { search: string; searchPlaceholder: string; status: string; kind: string; any: string };
  state: FleetListState;
  update: (patch: ParamPatch) => void;
  /** The statuses offered (all by default). */
  statuses?: readonly StatusFilter[];
  statusTestId?: string;
  /** The list's own filters, after kind. */
  children?: ReactNode;
}

/** A fleet list's filter row: search text, status and kind, then the list's own filters. */
export function FleetFilters({ labels, state, update, statuses, statusTestId, children }: FleetFiltersProps) {
  // The options' texts are the fleet's status and kind names.
  const { t } = useTranslation('fleet');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      <SearchInput
        label={labels.search}
        placeholder={labels.searchPlaceholder}
        value={state.q}
        onChange={(q) => update({ q })}
      />
      <MultiSelect
        label={labels.status}
        placeholder={state.status.length ? undefined : labels.any}
        data={statusOptions(t, statuses)}
        value={state.status}
        onChange={(status) => update({ status })}
        clearable
        data-testid={statusTestId}
      />
      <MultiSelect
        label={labels.kind}
        placeholder={state.kind.length ? undefined : labels.any}
        data={kindOptions(t)}
        value={state.kind}
        onChange={(kind) => update({ kind })}
        clearable
      />
      {children}
    </SimpleGrid>
  );
}
