import { Card, ColorSwatch, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4, IconCloud, IconCloudOff, IconPlugConnected, IconPower } from '@tabler/icons-react';
import type { Device } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ageMs } from '../../../lib/age.ts';
import { lastBootColour, lastUpdateColour } from '../../../lib/age-colours.ts';
import { FLEET_NS } from '../../../lib/fleet-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatAge } from '../../../lib/relative-age.ts';
import { useNow } from '../../../lib/use-now.ts';
import { isCloudConnected } from '../utils/cloud-connection.ts';
import { connectionLabelKey, deviceConnection } from '../utils/connection.ts';

function StatCard({
  label,
  icon,
  color,
  value,
  detail,
  testId,
}: {
  label: string;
  icon: ReactNode;
  color: string;
  value: ReactNode;
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color={color} variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fw={700} component="div">
            {value}
          </Text>
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}

const connectionColour = { primary: 'green', secondary: 'yellow', none: 'red' } as const;

/** Connection, cloud connection, last update and last boot, each with the spec's colour rule. */
export function DeviceStatusCards({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  const now = useNow();
  const cloud = isCloudConnected(device.lastUpdate, now);
  const updateColour = lastUpdateColour(device.lastUpdate, now);
  const bootColour = lastBootColour(device.lastBoot, now);
  const age = (at: string | null) => formatAge(ageMs(at, now), i18n.language) ?? t('never');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        testId="device-connection"
        label={t('device.connection')}
        icon={<IconPlugConnected size={22} aria-hidden />}
        color={connectionColour[deviceConnection(device.connection)]}
        value={tf(connectionLabelKey(device.connection))}
      />
      <StatCard
        testId="device-cloud"
        label={t('device.cloud')}
        icon={cloud ? <IconCloud size={22} aria-hidden /> : <IconCloudOff size={22} aria-hidden />}
        color={cloud ? 'green' : 'red'}
        value={tf(cloud ? 'cloud.connected' : 'cloud.notConnected')}
      />
      <StatCard
        testId="device-last-update"
        label={t('device.lastUpdate')}
        icon={<IconClockHour4 size={22} aria-hidden />}
        color={updateColour}
        value={
          <Group gap={6} wrap="nowrap">
            <ColorSwatch
              color={`var(--mantine-color-${updateColour}-filled)`}
              size={10}
              withShadow={false}
              aria-hidden
            />
            <span>{age(device.lastUpdate)}</span>
          </Group>
        }
        detail={device.lastUpdate ? formatDate(device.lastUpdate) : undefined}
      />
      <StatCard
        testId="device-last-boot"
        label={t('device.lastBoot')}
        icon={<IconPower size={22} aria-hidden />}
        color={bootColour}
        value={
          <Group gap={6} wrap="nowrap">
            <ColorSwatch
              color={`var(--mantine-color-${bootColour}-filled)`}
              size={10}
              withShadow={false}
              aria-hidden
            />
            <span>{age(device.lastBoot)}</span>
          </Group>
        }
        detail={device.lastBoot ? formatDate(device.lastBoot) : undefined}
      />
    </SimpleGrid>
  );
}
