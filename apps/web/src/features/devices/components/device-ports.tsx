import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { Device } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLEET_NS } from '../../../lib/fleet-text.ts';
import { toast } from '../../../lib/notify.ts';
import { devicePortSlots, type PortSlot } from '../../../lib/ports.ts';
import { useEditPortName } from '../api/edit-port-name.ts';

const MAX_LABEL = 32;

function RenamePort({ deviceId, slot }: { deviceId: string; slot: PortSlot }) {
  const { t } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState(slot.label ?? '');
  const edit = useEditPortName(() => {
    setOpened(false);
    toast(tf('ports.labelUpdated'));
  });
  const portName = tf('ports.port', { number: slot.systemNumber });
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      position="bottom"
      withArrow
      shadow="md"
      onOpen={() => setValue(slot.label ?? '')}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('ports.rename', { port: portName })}
          onClick={() => setOpened((o) => !o)}
          data-testid={`rename-port-${slot.systemNumber}`}
        >
          <IconPencil size={14} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            edit.mutate({ deviceId, portId: Number(slot.id), name: value.trim() });
          }}
        >
          <Stack gap="xs" w={220}>
            <TextInput
              label={t('ports.labelFor', { port: portName })}
              description={t('ports.labelHint', { max: MAX_LABEL })}
              value={value}
              maxLength={MAX_LABEL}
              onChange={(event) => setValue(event.currentTarget.value)}
              data-autofocus
              data-testid="port-label-input"
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" size="xs" loading={edit.isPending} data-testid="port-label-save">
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The 16-port map: number, type, label and disabled state of each port; renaming for users who may change devices. */
export function DevicePorts({ device, canRename }: { device: Device; canRename: boolean }) {
  const { t } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  const slots = devicePortSlots(device);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="device-ports">
      <Title order={2} fz="lg" mb="md">
        {t('ports.title')}
      </Title>
      <SimpleGrid cols={{ base: 4, md: 8 }} spacing="xs">
        {slots.map((slot) => (
          <Paper
            key={slot.systemNumber}
            withBorder
            radius="sm"
            p="xs"
            // Unused slots are drawn dashed, not faded: their text keeps its contrast.
            style={slot.unused ? { borderStyle: 'dashed' } : undefined}
            data-testid={`port-${slot.systemNumber}`}
          >
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Text fw={700} size="sm">
                {slot.systemNumber}
              </Text>
              {canRename && !slot.unused && slot.id !== null && (
                <RenamePort deviceId={device.id} slot={slot} />
              )}
            </Group>
            <Text size="xs" c="dimmed" tt="uppercase">
              {slot.unused ? tf('ports.unused') : slot.type}
            </Text>
            {device.disabledPorts.includes(slot.systemNumber) && (
              <Badge color="red" variant="light" size="xs" data-testid={`port-disabled-${slot.systemNumber}`}>
                {t('ports.disabled')}
              </Badge>
            )}
            <Text
              size="xs"
              truncate="end"
              data-testid={`port-label-${slot.systemNumber}`}
              title={slot.label ?? undefined}
            >
              {slot.label ?? tf('ports.port', { number: slot.systemNumber })}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Card>
  );
}
