import { Badge, Button, SimpleGrid, Text } from '@mantine/core';
import type { Device } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/detail-card.tsx';
import { PortLabel, PortTile } from '../../../components/port-tile.tsx';
import { RenamePopover } from '../../../components/rename-popover.tsx';
import { FLEET_NS } from '../../../lib/fleet-text.ts';
import { toast } from '../../../lib/notify.ts';
import { devicePortSlots, isPortSelectable, type PortSlot } from '../../../lib/ports.ts';
import { useEditPortName } from '../api/edit-device.ts';

const MAX_LABEL = 32;

function RenamePort({ deviceId, slot }: { deviceId: string; slot: PortSlot }) {
  const { t } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  const edit = useEditPortName();
  const portName = tf('ports.port', { number: slot.systemNumber });
  return (
    <RenamePopover
      buttonLabel={t('ports.rename', { port: portName })}
      label={t('ports.labelFor', { port: portName })}
      description={t('ports.labelHint', { max: MAX_LABEL })}
      value={slot.label ?? ''}
      maxLength={MAX_LABEL}
      pending={edit.isPending}
      onSave={(name, close) =>
        edit.mutate(
          { deviceId, portId: Number(slot.id), name },
          {
            onSuccess: () => {
              close();
              toast(tf('ports.labelUpdated'));
            },
          },
        )
      }
      testIds={{
        button: `rename-port-${slot.systemNumber}`,
        input: 'port-label-input',
        save: 'port-label-save',
      }}
    />
  );
}

/** A port action asked for from a tile: the troubleshooting panel takes it from there (inputs, confirmation). */
export type PortAction = 'disableLanPorts' | 'revertLanPorts';

/** A tile's small action (turn a port off, turn the ports back on). */
function PortActionButton({
  label,
  testId,
  ...button
}: {
  color?: string;
  disabled: boolean;
  onClick: () => void;
  label: string;
  testId: string;
  children: string;
}) {
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      mt={4}
      px={0}
      h="auto"
      maw="100%"
      // Its words wrap in a narrow tile rather than being cut ("Apagar puer…" at 390 px).
      styles={{ label: { whiteSpace: 'normal', textAlign: 'start', overflow: 'visible' } }}
      aria-label={label}
      data-testid={testId}
      {...button}
    />
  );
}

type PortState = 'enabled' | 'disabled' | 'unused';
const stateColour: Record<PortState, string> = { enabled: 'green', disabled: 'red', unused: 'gray' };

/**
 * The device's own ports (not the spec's padding to 16, which stays in the data): number, type, state (enabled, disabled or unused, by colour and word) and label of each
 * port; renaming for users who may change devices; with `onPortAction` (port-control), a LAN port's tile
 * offers to turn it off, and a disabled one to turn the LAN ports back on. Whether a link is up is not
 * reported by the devices, so no tile claims it.
 */
export function DevicePorts({
  device,
  canRename,
  onPortAction,
  blockedReason,
}: {
  device: Device;
  canRename: boolean;
  onPortAction?: (action: PortAction, port: number) => void;
  /** Why the port actions cannot run now (the device is offline): their buttons are disabled with it. */
  blockedReason?: string | null;
}) {
  const { t } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  const slots = devicePortSlots(device);
  const stateOf = (slot: PortSlot): PortState =>
    slot.unused ? 'unused' : device.disabledPorts.includes(slot.systemNumber) ? 'disabled' : 'enabled';
  return (
    <DetailCard title={t('ports.title')} data-testid="device-ports">
      {slots.length === 0 && <Text c="dimmed">{t('ports.none')}</Text>}
      {onPortAction && blockedReason && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="ports-blocked">
          {blockedReason}
        </Text>
      )}
      {/* Two a row on a phone: three left each tile ~100 px, too narrow for its action's words. */}
      <SimpleGrid cols={{ base: 2, xs: 4, md: 8 }} spacing="xs">
        {slots.map((slot) => {
          const state = stateOf(slot);
          const portName = tf('ports.port', { number: slot.systemNumber });
          return (
            <PortTile
              key={slot.systemNumber}
              slot={slot}
              // A strip on the left gives the state's colour at a glance; the badge says it in words.
              style={
                slot.unused
                  ? undefined
                  : { borderLeft: `4px solid var(--mantine-color-${stateColour[state]}-6)` }
              }
              testId={`port-${slot.systemNumber}`}
              state={state}
              action={
                canRename &&
                !slot.unused &&
                slot.id !== null && <RenamePort deviceId={device.id} slot={slot} />
              }
            >
              {!slot.unused && (
                <Text size="xs" c="dimmed" tt="uppercase">
                  {slot.type}
                </Text>
              )}
              <Badge
                color={stateColour[state]}
                variant="light"
                size="xs"
                data-testid={
                  state === 'disabled'
                    ? `port-disabled-${slot.systemNumber}`
                    : `port-state-${slot.systemNumber}`
                }
              >
                {state === 'unused' ? tf('ports.unused') : t(`ports.${state}`)}
              </Badge>
              <PortLabel slot={slot} name={portName} testId={`port-label-${slot.systemNumber}`} />
              {onPortAction && isPortSelectable(slot, device.disabledPorts) && (
                <PortActionButton
                  color="red"
                  disabled={Boolean(blockedReason)}
                  onClick={() => onPortAction('disableLanPorts', slot.systemNumber)}
                  label={t('ports.turnOffLabel', {
                    port: slot.label ? `${slot.label} (${portName})` : portName,
                  })}
                  testId={`port-turn-off-${slot.systemNumber}`}
                >
                  {t('ports.turnOff')}
                </PortActionButton>
              )}
              {onPortAction && state === 'disabled' && (
                <PortActionButton
                  disabled={Boolean(blockedReason)}
                  onClick={() => onPortAction('revertLanPorts', slot.systemNumber)}
                  label={t('ports.turnOnLabel')}
                  testId={`port-turn-on-${slot.systemNumber}`}
                >
                  {t('ports.turnOn')}
                </PortActionButton>
              )}
            </PortTile>
          );
        })}
      </SimpleGrid>
    </DetailCard>
  );
}
