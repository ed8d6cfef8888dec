import { Anchor, Badge, Group, Skeleton, Table, Text } from '@mantine/core';
import type { DeviceSummary } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/detail-card.tsx';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { NamedIcon } from '../../../components/named-icon.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { ageMs } from '../../../lib/age.ts';
import { lastUpdateColour } from '../../../lib/age-colours.ts';
import { deviceKindIconName, deviceKindLabelKey } from '../../../lib/device-kind.ts';
import { FLEET_NS } from '../../../lib/fleet-text.ts';
import { paths } from '../../../lib/paths.ts';
import { formatAge } from '../../../lib/relative-age.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useSiteDevices } from '../api/get-site-devices.ts';

/** The site's devices with kind, model, MAC, status and last update; each links to its device page. */
export function SiteDevices({ siteId, deviceIds }: { siteId: string; deviceIds: string[] }) {
  const { t, i18n } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  const { data: devices = [], isPending } = useSiteDevices(siteId);
  const now = useNow();

  return (
    <DetailCard title={t('devices.title', { count: deviceIds.length })}>
      {deviceIds.length === 0 ? (
        <Text c="dimmed">{t('devices.empty')}</Text>
      ) : isPending && devices.length === 0 ? (
        <Skeleton height={120} />
      ) : (
        <ScrollTable
          minWidth={300}
          verticalSpacing="sm"
          highlightOnHover
          data-testid="site-devices"
          head={
            <>
              <Table.Th>{t('devices.device')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('devices.mac')}</Table.Th>
              <Table.Th>{t('devices.status')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('devices.lastUpdate')}</Table.Th>
            </>
          }
        >
          {devices.map((device: DeviceSummary) => {
            const age = ageMs(device.lastUpdate, now);
            return (
              <Table.Tr key={device.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <NamedIcon
                      name={deviceKindIconName(device.kind)}
                      title={tf(deviceKindLabelKey(device.kind))}
                    />
                    <div>
                      <Anchor component={Link} to={paths.device(siteId, device.id)} fw={600}>
                        {device.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {device.deviceModelType.manufacturer} {device.deviceModelType.model}
                      </Text>
                      <Text ff="monospace" size="xs" c="dimmed" hiddenFrom="sm">
                        {device.macAddress}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text ff="monospace" size="sm">
                    {device.macAddress}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <DeviceStatusBadge status={device.status} reach={device} />
                    {device.returnRequested && (
                      <Badge color="grape" variant="outline">
                        {t('device.returned')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c={lastUpdateColour(device.lastUpdate, now)} hiddenFrom="sm" mt={4}>
                    {formatAge(age, i18n.language) ?? t('never')}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge color={lastUpdateColour(device.lastUpdate, now)} variant="dot" tt="none">
                    {formatAge(age, i18n.language) ?? t('never')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ScrollTable>
      )}
    </DetailCard>
  );
}
