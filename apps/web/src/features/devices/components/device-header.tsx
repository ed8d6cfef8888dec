import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Device } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { NamedIcon } from '../../../components/named-icon.tsx';
import { deviceKindIconName, deviceKindLabelKey } from '../../../lib/device-kind.ts';
import { FLEET_NS } from '../../../lib/fleet-text.ts';
import { paths } from '../../../lib/paths.ts';

/** The device's kind icon (default Firewall Appliance), model, MAC, status, returned flag and site; `actions` beside. */
export function DeviceHeader({ device, actions }: { device: Device; actions?: ReactNode }) {
  const { t } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  const kindLabel = tf(deviceKindLabelKey(device.kind));
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="lg" wrap="nowrap" align="flex-start">
          <ThemeIcon size={64} radius="md" variant="light">
            <NamedIcon name={deviceKindIconName(device.kind)} size={36} />
          </ThemeIcon>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="wrap">
              <Title order={1} fz={{ base: 22, sm: 26 }} id="page-title">
                {device.deviceModelType.manufacturer} {device.deviceModelType.model}
              </Title>
              <DeviceStatusBadge status={device.status} />
              {device.returnRequested && (
                <Badge color="grape" variant="outline" data-testid="device-returned">
                  {t('device.returned')}
                </Badge>
              )}
            </Group>
            <Text c="dimmed" size="sm">
              {kindLabel}
            </Text>
            <Group gap="lg" wrap="wrap">
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  {t('device.mac')}{' '}
                </Text>
                <Text span ff="monospace" size="sm" data-testid="device-mac">
                  {device.macAddress}
                </Text>
              </Text>
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  {t('device.site')}{' '}
                </Text>
                <Anchor component={Link} to={paths.site(device.site.id)} size="sm">
                  {device.site.name}
                </Anchor>
              </Text>
            </Group>
          </Stack>
        </Group>
        {actions}
      </Group>
    </Card>
  );
}
