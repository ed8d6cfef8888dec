import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DEVICE_NAME_MAX, type Device } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { NamedIcon } from '../../../components/named-icon.tsx';
import { RenamePopover } from '../../../components/rename-popover.tsx';
import { deviceKindIconName, deviceKindLabelKey } from '../../../lib/device-kind.ts';
import { FLEET_NS } from '../../../lib/fleet-text.ts';
import { toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useEditDeviceName } from '../api/edit-device.ts';

function RenameDevice({ device }: { device: Device }) {
  const { t } = useTranslation('siteDetail');
  const edit = useEditDeviceName();
  return (
    <RenamePopover
      buttonLabel={t('device.rename')}
      label={t('device.nameLabel')}
      description={t('device.nameHint', { max: DEVICE_NAME_MAX })}
      value={device.name}
      maxLength={DEVICE_NAME_MAX}
      pending={edit.isPending}
      onSave={(name, close) =>
        edit.mutate(
          { deviceId: device.id, name },
          {
            onSuccess: () => {
              close();
              toast(t('device.renamed'));
            },
          },
        )
      }
      testIds={{ button: 'rename-device', input: 'device-name-input', save: 'device-name-save' }}
    />
  );
}

/**
 * The device's kind icon (default Firewall Appliance), name (renamed here by those who may change devices),
 * model and kind, MAC, status, returned flag and site; `actions` beside.
 */
export function DeviceHeader({
  device,
  canRename,
  actions,
}: {
  device: Device;
  canRename: boolean;
  actions?: ReactNode;
}) {
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
              <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                <Title order={1} fz={{ base: 22, sm: 26 }} id="page-title" data-testid="device-name">
                  {device.name}
                </Title>
                {canRename && <RenameDevice device={device} />}
              </Group>
              <DeviceStatusBadge status={device.status} reach={device} />
              {device.returnRequested && (
                <Badge color="grape" variant="outline" data-testid="device-returned">
                  {t('device.returned')}
                </Badge>
              )}
            </Group>
            <Text c="dimmed" size="sm" data-testid="device-model">
              {device.deviceModelType.manufacturer} {device.deviceModelType.model} · {kindLabel}
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
