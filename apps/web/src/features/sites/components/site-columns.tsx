import type { ColumnDef } from '@tanstack/react-table';
import type { SiteSummary } from '@vnoc/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellLink } from '../../../components/data-table/cell-link.tsx';
import type { ColumnMeta } from '../../../components/data-table/column-meta.ts';
import { DateText } from '../../../components/date-text.tsx';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { MonoText } from '../../../components/mono-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { cityState } from '../../../lib/site-options.ts';

export type SiteRow = SiteSummary & { usa?: { lastVisited: string } };

const meta = (m: ColumnMeta) => m;

/** The site list's columns; `sortable` false leaves ordering to the server's view (recently viewed). */
export function useSiteColumns(options: { sortable: boolean; lastVisited?: boolean }): ColumnDef<SiteRow>[] {
  const { t } = useTranslation('sites');
  const { sortable, lastVisited } = options;
  return useMemo(() => siteColumns(t, sortable, lastVisited === true), [t, sortable, lastVisited]);
}

function siteColumns(
  t: (key: string) => string,
  enableSorting: boolean,
  withLastVisited: boolean,
): ColumnDef<SiteRow>[] {
  const columns: ColumnDef<SiteRow>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      enableSorting,
      enableHiding: false,
      cell: ({ row }) => (
        <CellLink to={paths.site(row.original.id)} fw={600}>
          {row.original.name}
        </CellLink>
      ),
    },
    { id: 'alias', header: t('columns.alias'), enableSorting, cell: ({ row }) => row.original.alias ?? '' },
    {
      id: 'backOfficeAccountId',
      header: t('columns.account'),
      enableSorting,
      cell: ({ row }) => <MonoText>{row.original.backOfficeAccountId ?? ''}</MonoText>,
    },
    {
      id: 'accountHolders',
      header: t('columns.accountHolders'),
      enableSorting: false,
      meta: meta({ hiddenByDefault: true }),
      cell: ({ row }) => row.original.accountHolders.map((h) => h.name).join(', '),
    },
    {
      id: 'street',
      header: t('columns.street'),
      enableSorting: false,
      meta: meta({ hiddenByDefault: true }),
      cell: ({ row }) => row.original.address.street ?? '',
    },
    { id: 'city', header: t('columns.cityState'), enableSorting, cell: ({ row }) => cityState(row.original) },
    {
      id: 'zip',
      header: t('columns.zip'),
      enableSorting,
      meta: meta({ hiddenByDefault: true }),
      cell: ({ row }) => row.original.address.zip ?? '',
    },
    {
      id: 'status',
      header: t('columns.status'),
      enableSorting,
      cell: ({ row }) => <DeviceStatusBadge status={row.original.status} />,
    },
    {
      id: 'deviceCount',
      header: t('columns.devices'),
      enableSorting,
      cell: ({ row }) => row.original.deviceCount,
    },
  ];
  if (withLastVisited) {
    columns.push({
      id: 'lastVisited',
      header: t('columns.lastVisited'),
      enableSorting: true,
      cell: ({ row }) => <DateText value={row.original.usa?.lastVisited ?? row.original.lastVisited} />,
    });
  }
  return columns;
}
