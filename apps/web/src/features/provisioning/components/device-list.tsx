import { ActionIcon, Badge, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconKey, IconKeyOff, IconRouter } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  type CredentialState,
  PROVISIONED_DEVICE_SORT_FIELDS,
  type ProvisionedDevice,
} from '@vnoc/contracts';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { SearchInput } from '../../../components/data-table/search-input.tsx';
import { serverListProps, useListParams } from '../../../components/data-table/server-list.ts';
import { readTableParams, sortParam } from '../../../components/data-table/table-params.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MonoText } from '../../../components/mono-text.tsx';
import { deviceKindLabelKey } from '../../../lib/device-kind.ts';
import { formatDate } from '../../../lib/format.ts';
import { useProvisionedDevices } from '../api/get-provisioned-devices.ts';
import { deviceLabel } from '../utils/device-form.ts';

/** The list's state in the address bar: the organization, the search text, paging and order. */
export function readDeviceListState(params: URLSearchParams) {
  return {
    org: params.get('org') ?? null,
    q: params.get('q')?.trim() ?? '',
    table: readTableParams(params, PROVISIONED_DEVICE_SORT_FIELDS),
  };
}

const credentialColor: Record<CredentialState, string> = { active: 'green', revoked: 'red', none: 'gray' };

interface DeviceListProps {
  organizationId: string;
  organizationName: string;
  onAction: (action: 'rotate' | 'revoke', device: ProvisionedDevice) => void;
  /** The empty list's way to add the first device. */
  emptyActions: ReactNode;
}

/** The organization's devices that report for real: how each connects, its secret's state and its last report. */
export function DeviceList({ organizationId, organizationName, onAction, emptyActions }: DeviceListProps) {
  const { t } = useTranslation('provisioning');
  const { state, update } = useListParams(readDeviceListState);
  const devices = useProvisionedDevices({
    organizationId,
    q: state.q,
    sorting: sortParam(state.table.sort),
    page: state.table.page,
    pageSize: state.table.pageSize,
  });

  const columns = useMemo<ColumnDef<ProvisionedDevice>[]>(
    () => [
      {
        id: 'model',
        header: t('columns.device'),
        enableHiding: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {deviceLabel(row.original)}
            </Text>
            <Text size="xs" c="dimmed">
              {`${row.original.manufacturer} · ${t(deviceKindLabelKey(row.original.kind), { ns: 'fleet' })}`}
            </Text>
          </Stack>
        ),
      },
      { id: 'site', header: t('columns.site'), cell: ({ row }) => row.original.site.name },
      {
        id: 'macAddress',
        header: t('columns.mac'),
        cell: ({ row }) => <MonoText>{row.original.macAddress}</MonoText>,
      },
      {
        id: 'driver',
        header: t('columns.driver'),
        cell: ({ row }) => (
          <Badge variant="light" color={row.original.driver === 'agent' ? 'blue' : 'grape'} size="sm">
            {t(`driver.${row.original.driver}`)}
          </Badge>
        ),
      },
      {
        id: 'credential',
        header: t('columns.credential'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge variant="light" color={credentialColor[row.original.credential.state]} size="sm">
            {t(`credential.${row.original.credential.state}`)}
          </Badge>
        ),
      },
      {
        id: 'lastReportAt',
        header: t('columns.lastReport'),
        cell: ({ row }) =>
          row.original.lastReportAt ? (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(row.original.lastReportAt)}
            </Text>
          ) : (
            <Badge variant="outline" color="gray" size="sm">
              {t('neverConnected')}
            </Badge>
          ),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        enableHiding: false,
        enableSorting: false,
        cell: ({ row }) => (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                aria-label={t('actions.menu', { name: deviceLabel(row.original) })}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconKey size={16} aria-hidden />}
                onClick={() => onAction('rotate', row.original)}
              >
                {t(row.original.credential.state === 'active' ? 'actions.rotate' : 'actions.issue')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconKeyOff size={16} aria-hidden />}
                disabled={row.original.credential.state !== 'active'}
                onClick={() => onAction('revoke', row.original)}
              >
                {t('actions.revoke')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ),
      },
    ],
    [t, onAction],
  );

  const empty = state.q ? (
    <EmptyState
      icon={IconRouter}
      title={t('empty.noMatchTitle')}
      text={t('empty.noMatchText', { q: state.q })}
    />
  ) : (
    <EmptyState icon={IconRouter} title={t('empty.title')} text={t('empty.text')}>
      {emptyActions}
    </EmptyState>
  );

  return (
    <DataTable<ProvisionedDevice>
      tableId="provisioning-devices"
      label={t('tableLabel', { organization: organizationName })}
      columns={columns}
      {...serverListProps(state.table, update, devices)}
      getRowId={(device) => device.id}
      empty={empty}
      toolbar={
        <SearchInput
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={state.q}
          onChange={(q) => update({ q: q || null, page: null })}
        />
      }
    />
  );
}
