import { Grid, Skeleton, Stack } from '@mantine/core';
import { IconRouter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { useDevice } from '../api/get-device.ts';
import { DeviceVersions, DeviceVlans } from '../components/device-config.tsx';
import { DeviceHeader } from '../components/device-header.tsx';
import { DevicePorts } from '../components/device-ports.tsx';
import { DeviceSignal } from '../components/device-signal.tsx';
import { DeviceStatusCards } from '../components/device-status-cards.tsx';
import { DeviceWanChart } from '../components/device-wan-chart.tsx';

/** Roles that may change a device (the server refuses READ_ONLY; DESIGN.md §5). */
export function canChangeDevices(role: string | null | undefined): boolean {
  return role === 'ADMINISTRATOR' || role === 'USER';
}

/** Device (/sites/{id}/device/{deviceId}): status, connection, signal, ports, VLANs, versions, WAN chart. */
export function Component() {
  const { t } = useTranslation('siteDetail');
  const { deviceId = '' } = useParams();
  const { claims } = useAuth();
  const { data: device, isPending, error } = useDevice(deviceId);

  if (isPending) {
    return (
      <Stack gap="lg">
        <Skeleton height={110} />
        <Skeleton height={90} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  if (error || !device) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <PageFrame>
        <EmptyState
          icon={IconRouter}
          title={notFound ? t('device.notFoundTitle') : t('loadFailedTitle')}
          text={notFound ? t('device.notFoundText') : errorMessage(error)}
        />
      </PageFrame>
    );
  }
  return (
    <Stack gap="lg" component="section" aria-labelledby="page-title">
      <DeviceHeader device={device} />
      <DeviceStatusCards device={device} />
      <DevicePorts device={device} canRename={canChangeDevices(claims?.role)} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DeviceSignal device={device} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DeviceWanChart deviceId={device.id} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DeviceVlans device={device} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DeviceVersions device={device} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
