import { Anchor, Card, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBellCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertMiniList } from '../../../components/alert-mini-list.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { sortAlerts } from '../../../lib/alert-display.ts';
import { alertListPath } from '../../../lib/alert-list-link.ts';
import { useDeviceAlerts } from '../api/get-device-alerts.ts';

/** The device page's alerts panel: its active alerts worst first, and links to them and to its history. */
export function DeviceAlerts({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('alerts');
  const { data: alerts, isPending, isFetching, error } = useDeviceAlerts(deviceId);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="device-alerts">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg">
          {t('device.title')}
        </Title>
        <Group gap="md">
          {isFetching && !isPending && <Loader size="xs" aria-label={t('loading')} />}
          <Anchor component={Link} to={alertListPath('device', deviceId, 'cleared')} size="sm">
            {t('device.history')}
          </Anchor>
        </Group>
      </Group>
      {error ? (
        <FormError error={error} />
      ) : isPending ? (
        <Skeleton height={48} />
      ) : alerts.length === 0 ? (
        <Group gap="sm" wrap="nowrap" data-testid="device-alerts-empty">
          <IconBellCheck size={22} aria-hidden />
          <Text fw={600}>{t('device.empty')}</Text>
        </Group>
      ) : (
        <Stack gap="sm">
          <AlertMiniList alerts={sortAlerts(alerts)} label={t('device.title')} testId="device-alert-list" />
          <Anchor component={Link} to={alertListPath('device', deviceId)} size="sm">
            {t('device.showAll', { count: alerts.length })}
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}
