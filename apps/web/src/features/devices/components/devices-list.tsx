import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { BATCH_MAX_DEVICES, type DeviceSummary } from '@vnoc/contracts';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CellLink } from '../../../components/data-table/cell-link.tsx';
import type { ColumnMeta } from '../../../components/data-table/column-meta.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { CHECKBOXES } from '../../../components/data-table/row-checkboxes.tsx';
import { SavedSearchesMenu } from '../../../components/data-table/saved-searches-menu.tsx';
import { serverListProps, useListParams } from '../../../components/data-table/server-list.ts';
import { DateText } from '../../../components/date-text.tsx';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ModelTagsInput } from '../../../components/filter-fields.tsx';
import { FleetFilters, fleetFilterLabels } from '../../../components/fleet-filters.tsx';
import { MonoText } from '../../../components/mono-text.tsx';
import {
  ACCESS_POINT_MODELS,
  deviceKindLabelKey,
  FIVE_G_MODELS,
  SWITCH_MODELS,
} from '../../../lib/device-kind.ts';
import { fleetText } from '../../../lib/fleet-text.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchDevices } from '../api/search-devices.ts';
import { useDeviceSelection } from '../hooks/use-device-selection.ts';
import { connectionLabelKey } from '../utils/connection.ts';
import { deviceSearchRequest, readDeviceListState } from './device-list-state.ts';

const meta = (m: ColumnMeta) => m;

interface DevicesListProps {
  /**
   * Lets the user tick devices of the page and act on them: renders the actions for the ticked devices
   * (`clear` unticks them all). Without it the table has no checkboxes.
   */
  selectionActions?: (devices: DeviceSummary[], clear: () => void) => ReactNode;
}

/** All Devices: every device of the organization, filtered by status, kind and model. */
export function DevicesList({ selectionActions }: DevicesListProps = {}) {
  const { t } = useTranslation('deviceList');
  const navigate = useNavigate();
  const { params, setParams, state, update } = useListParams(readDeviceListState);
  const request = deviceSearchRequest(state);
  const devices = useSearchDevices(request);
  const selection = useDeviceSelection(request, devices.data?.content, devices.data?.totalElements ?? 0);

  const columns = useMemo<ColumnDef<DeviceSummary>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        enableHiding: false,
        cell: ({ row }) => (
          <Text size="sm" fw={600}>
            {row.original.name}
          </Text>
        ),
      },
      {
        id: 'macAddress',
        header: t('columns.mac'),
        cell: ({ row }) => <MonoText>{row.original.macAddress}</MonoText>,
      },
      {
        id: 'siteName',
        header: t('columns.site'),
        cell: ({ row }) => (
          <CellLink to={paths.site(row.original.site.id)}>{row.original.site.name}</CellLink>
        ),
      },
      {
        id: 'manufacturer',
        header: t('columns.manufacturer'),
        // The name starts with the model by default; the manufacturer and model are one pick away.
        meta: meta({ hiddenByDefault: true }),
        cell: ({ row }) => row.original.deviceModelType.manufacturer,
      },
      {
        id: 'model',
        header: t('columns.model'),
        // Like the manufacturer: a device's default name starts with its model.
        meta: meta({ hiddenByDefault: true }),
        cell: ({ row }) => row.original.deviceModelType.model,
      },
      {
        id: 'kind',
        header: t('columns.kind'),
        cell: ({ row }) => fleetText(t, deviceKindLabelKey(row.original.kind)),
      },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row }) => <DeviceStatusBadge status={row.original.status} reach={row.original} />,
      },
      {
        id: 'connection',
        header: t('columns.connection'),
        enableSorting: false,
        meta: meta({ hiddenByDefault: true }),
        cell: ({ row }) => fleetText(t, connectionLabelKey(row.original.connection)),
      },
      {
        id: 'lastUpdate',
        header: t('columns.lastUpdate'),
        cell: ({ row }) => <DateText value={row.original.lastUpdate} />,
      },
      {
        id: 'returnRequested',
        header: t('columns.returned'),
        enableSorting: false,
        meta: meta({ hiddenByDefault: true }),
        cell: ({ row }) => (row.original.returnRequested ? t('returned') : ''),
      },
    ],
    [t],
  );

  const models = useMemo(() => {
    const seen = new Set([...SWITCH_MODELS, ...FIVE_G_MODELS, ...ACCESS_POINT_MODELS]);
    for (const d of devices.data?.content ?? []) seen.add(d.deviceModelType.model);
    return [...seen].sort((a, b) => a.localeCompare(b));
  }, [devices.data]);

  const filtered = state.status.length + state.kind.length + state.model.length > 0 || state.q !== '';
  const filters = (
    <FleetFilters
      queryTarget="devices"
      labels={fleetFilterLabels(t)}
      statusTestId="filter-status"
      state={state}
      update={update}
      ownActive={state.model.length > 0 ? 1 : 0}
    >
      <ModelTagsInput
        label={t('filters.model')}
        anyLabel={t('filters.any')}
        models={models}
        value={state.model}
        update={update}
      />
    </FleetFilters>
  );
  const toolbar = selectionActions ? (
    <Stack gap="sm">
      {filters}
      <Paper withBorder radius="md" p="sm" data-testid="selection-bar">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <div>
            <Text size="sm" fw={600} aria-live="polite" data-testid="selection-count">
              {selection.everyMatch
                ? t('selection.everyCount', { count: selection.devices.length })
                : t('selection.count', { count: selection.devices.length })}
            </Text>
            {selection.offerEvery ? (
              selection.tooMany ? (
                <Text size="xs" c="dimmed" data-testid="select-every-limit">
                  {t('selection.tooMany', { max: BATCH_MAX_DEVICES })}
                </Text>
              ) : (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  px={0}
                  loading={selection.loading}
                  onClick={() => void selection.selectEvery()}
                  data-testid="select-every"
                >
                  {t('selection.every', { count: devices.data?.totalElements ?? 0 })}
                </Button>
              )
            ) : selection.everyMatch ? (
              <Button
                variant="subtle"
                size="compact-xs"
                px={0}
                onClick={selection.clear}
                data-testid="selection-clear"
              >
                {t('selection.clear')}
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {t('selection.hint')}
              </Text>
            )}
          </div>
          {selectionActions(selection.devices, selection.clear)}
        </Group>
      </Paper>
    </Stack>
  ) : (
    filters
  );

  return (
    <DataTable<DeviceSummary>
      tableId="devices-list"
      label={t('tableLabel')}
      columns={columns}
      {...serverListProps(state.table, update, devices)}
      onOpen={(device) => navigate(paths.device(device.site.id, device.id))}
      openLabel={(device) => t('openDevice', { name: device.name, site: device.site.name })}
      empty={
        filtered ? (
          <EmptyState icon={IconDevices} title={t('empty.filteredTitle')} text={t('empty.filteredText')} />
        ) : (
          <EmptyState icon={IconDevices} title={t('empty.allTitle')} text={t('empty.allText')} />
        )
      }
      toolbar={toolbar}
      selection={
        selectionActions
          ? {
              selected: selection.ids,
              onChange: selection.onChange,
              rowLabel: (device) => t('selection.row', { name: device.name, site: device.site.name }),
              allLabel: t('selection.all'),
              checkboxes: CHECKBOXES,
            }
          : undefined
      }
      actions={
        <SavedSearchesMenu route={paths.devices} params={params} onApply={(next) => setParams(next)} />
      }
    />
  );
}
