import { Button, Stack } from '@mantine/core';
import { IconBuildingStore, IconHistory, IconMapPinExclamation, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { SavedSearchesMenu } from '../../../components/data-table/saved-searches-menu.tsx';
import {
  queryStateProps,
  urlPagingProps,
  useListParams,
} from '../../../components/data-table/server-list.ts';
import { sortParam } from '../../../components/data-table/table-params.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { AnyOfSelect } from '../../../components/filter-fields.tsx';
import type { StatusFilter } from '../../../components/fleet-filter-options.ts';
import { FleetFilters, fleetFilterLabels } from '../../../components/fleet-filters.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { paths } from '../../../lib/paths.ts';
import { useSiteGroups } from '../../../lib/site-groups.ts';
import { useStatusCounts } from '../../../lib/status-counts.ts';
import { useRecentSites } from '../api/get-recent-sites.ts';
import { useUserSites } from '../api/get-user-sites.ts';
import { useSearchSites } from '../api/search-sites.ts';
import { favoritePage } from './favorite-page.ts';
import { type SiteRow, useSiteColumns } from './site-columns.tsx';
import { PROBLEM_STATUSES, readSiteListState, siteSearchRequest } from './site-list-state.ts';
import { StatusCountsBar } from './status-counts-bar.tsx';

/** All Sites and the menu's views of it (Problem Sites, Favorite Sites, Recently Viewed). */
export function SitesList() {
  const { t } = useTranslation('sites');
  const navigate = useNavigate();
  const { params, setParams, state, update } = useListParams(readSiteListState);
  const { view, table } = state;
  const userId = useAuth().user?.id;

  const searchable = view === 'all' || view === 'problem';
  const search = useSearchSites(siteSearchRequest(state), searchable);
  const recent = useRecentSites(
    { page: table.page, pageSize: table.pageSize, sorting: table.sort ? sortParam(table.sort) : undefined },
    view === 'recent',
  );
  const favorites = useUserSites(userId, view === 'favorites');
  const counts = useStatusCounts(state.group);
  const groups = useSiteGroups();

  const columns = useSiteColumns({ sortable: view !== 'recent', lastVisited: view === 'recent' });

  let rows: SiteRow[] | undefined;
  let total = 0;
  let query: {
    isLoading: boolean;
    isFetching: boolean;
    isPlaceholderData?: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  if (view === 'recent') {
    rows = recent.data?.content;
    total = recent.data?.totalElements ?? 0;
    query = recent;
  } else if (view === 'favorites') {
    const page = favorites.data ? favoritePage(favorites.data, table) : undefined;
    rows = page?.rows;
    total = page?.total ?? 0;
    query = favorites;
  } else {
    rows = search.data?.content;
    total = search.data?.totalElements ?? 0;
    query = search;
  }

  const filtered = state.status.length + state.kind.length + state.group.length > 0 || state.q !== '';
  const empty = filtered ? (
    <EmptyState icon={IconBuildingStore} title={t('empty.filteredTitle')} text={t('empty.filteredText')} />
  ) : view === 'recent' ? (
    <EmptyState icon={IconHistory} title={t('empty.recentTitle')} text={t('empty.recentText')}>
      <Button component={Link} to={paths.sites} variant="light">
        {t('empty.goToAllSites')}
      </Button>
    </EmptyState>
  ) : view === 'problem' ? (
    <EmptyState icon={IconMapPinExclamation} title={t('empty.problemTitle')} text={t('empty.problemText')} />
  ) : view === 'favorites' ? (
    <EmptyState icon={IconStar} title={t('empty.favoriteTitle')} text={t('empty.favoriteText')} />
  ) : (
    <EmptyState icon={IconBuildingStore} title={t('empty.allTitle')} text={t('empty.allText')} />
  );

  const onlyStatus = state.status.length === 1 ? (state.status[0] as StatusFilter) : null;
  const filters = searchable && (
    <FleetFilters
      queryTarget="sites"
      labels={fleetFilterLabels(t)}
      state={state}
      update={update}
      statuses={view === 'problem' ? PROBLEM_STATUSES : undefined}
      statusTestId="filter-status"
      ownActive={state.group.length > 0 ? 1 : 0}
    >
      <AnyOfSelect
        label={t('filters.group')}
        anyLabel={t('filters.any')}
        data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
        value={state.group}
        onChange={(group) => update({ group })}
        nothingFoundMessage={t('filters.noGroups')}
        searchable
      />
    </FleetFilters>
  );

  return (
    <Stack gap="md">
      {view === 'all' && (
        <StatusCountsBar
          counts={counts.data}
          loading={counts.isLoading}
          active={onlyStatus}
          onSelect={(status) => update({ status: status ? [status] : null })}
        />
      )}
      <DataTable<SiteRow>
        tableId={`sites-${view === 'recent' ? 'recent' : 'list'}`}
        label={t(`tableLabel.${view}`)}
        columns={columns}
        data={rows}
        total={total}
        {...urlPagingProps(table, update)}
        {...queryStateProps(query)}
        onOpen={(site) => navigate(paths.site(site.id))}
        openLabel={(site) => t('openSite', { name: site.name })}
        empty={empty}
        toolbar={filters}
        actions={
          searchable && (
            <SavedSearchesMenu route={paths.sites} params={params} onApply={(next) => setParams(next)} />
          )
        }
      />
    </Stack>
  );
}
