import { Card, ColorSwatch, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4, IconCloud, IconCloudOff, IconPlugConnected, IconPower } from '@tabler/icons-react';
import { type Device, KIND_TRAITS } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from '../../../components/field.tsx';
import { ageMs } from '../../../lib/age.ts';
import { lastBootColour, lastUpdateColour } from '../../../lib/age-colours.ts';
import { deviceStatusColour, deviceStatusLabelKey, isNeverConnected } from '../../../lib/device-status.ts';
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
          <FieldLabel>{label}</FieldLabel>
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

/** A time as its age, with a swatch of its colour rule's colour, and the date itself under it. */
// The two times a device reports, each with its icon and its spec colour rule.
const ageCards = {
  lastUpdate: { testId: 'device-last-update', Icon: IconClockHour4, colour: lastUpdateColour },
  lastBoot: { testId: 'device-last-boot', Icon: IconPower, colour: lastBootColour },
} as const;

/** A time of the device as its age, with a swatch of its colour rule's colour, and the date itself under it. */
function AgeCard({ device, time }: { device: Device; time: keyof typeof ageCards }) {
  const { t, i18n } = useTranslation('siteDetail');
  const now = useNow();
  const { testId, Icon, colour } = ageCards[time];
  const at = device[time];
  const color = colour(at, now);
  return (
    <StatCard
      testId={testId}
      label={t(`device.${time}`)}
      icon={<Icon size={22} aria-hidden />}
      color={color}
      value={
        <Group gap={6} wrap="nowrap">
          <ColorSwatch
            color={`var(--mantine-color-${color}-filled)`}
            size={10}
            withShadow={false}
            aria-hidden
          />
          <span>{formatAge(ageMs(at, now), i18n.language) ?? t('never')}</span>
        </Group>
      }
      detail={at ? formatDate(at) : undefined}
    />
  );
}

const connectionColour = { primary: 'green', secondary: 'yellow', none: 'red' } as const;

/** The cloud connection: connected, not connected, or (a real device that never reported) never connected. */
function CloudCard({ device }: { device: Device }) {
  const { t } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  const now = useNow();
  const cloud = isCloudConnected(device.lastUpdate, now);
  const never = isNeverConnected(device);
  return (
    <StatCard
      testId="device-cloud"
      label={t('device.cloud')}
      icon={cloud ? <IconCloud size={22} aria-hidden /> : <IconCloudOff size={22} aria-hidden />}
      color={never ? deviceStatusColour(device.status, null, device) : cloud ? 'green' : 'red'}
      value={
        never
          ? tf(deviceStatusLabelKey(device.status, null, device))
          : tf(cloud ? 'cloud.connected' : 'cloud.notConnected')
      }
    />
  );
}

/**
 * Connection, cloud connection, last update and last boot, each with the spec's colour rule. The connection
 * (primary, secondary, No Service) is a WAN's: a switch or access point has none of its own, so it has no
 * such card rather than a red "No Service" (issue 37 point 7).
 */
export function DeviceStatusCards({ device }: { device: Device }) {
  const { t } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  const wan = KIND_TRAITS[device.kind].wan;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: wan ? 4 : 3 }} spacing="md">
      {wan && (
        <StatCard
          testId="device-connection"
          label={t('device.connection')}
          icon={<IconPlugConnected size={22} aria-hidden />}
          color={connectionColour[deviceConnection(device.connection)]}
          value={tf(connectionLabelKey(device.connection))}
        />
      )}
      <CloudCard device={device} />
      <AgeCard device={device} time="lastUpdate" />
      <AgeCard device={device} time="lastBoot" />
    </SimpleGrid>
  );
}
