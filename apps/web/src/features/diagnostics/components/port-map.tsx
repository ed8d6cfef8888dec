import { Badge, Checkbox, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PortLabel, PortTile } from '../../../components/port-tile.tsx';
import { isPortSelectable, isWanPort, type PortSlot } from '../../../lib/ports.ts';

interface PortMapProps {
  slots: readonly PortSlot[];
  /** Ports that are off (the device's disabledPorts, or a result's disabled ports). */
  disabledPorts: readonly number[];
  /** With `onToggle`: the ports chosen to be disabled; the map becomes a picker. */
  selected?: readonly number[];
  onToggle?: (systemNumber: number, checked: boolean) => void;
  /** Name of the map (its legend), for screen readers. */
  label: string;
  error?: string | null;
}

/**
 * The 16-port map as on the device page, with each LAN port's state (on or off); as a picker, a
 * checkbox on each port that can be disabled (not a WAN port, not padding, not already off).
 */
export function PortMap({ slots, disabledPorts, selected, onToggle, label, error }: PortMapProps) {
  const { t } = useTranslation('diagnostics');
  const picking = onToggle !== undefined;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <VisuallyHidden component="legend">{label}</VisuallyHidden>
      <SimpleGrid cols={{ base: 4, md: 8 }} spacing="xs">
        {slots.map((slot) => {
          const off = disabledPorts.includes(slot.systemNumber);
          const wan = isWanPort(slot);
          const selectable = picking && isPortSelectable(slot, disabledPorts);
          const checked = selected?.includes(slot.systemNumber) ?? false;
          const name = t('ports.port', { number: slot.systemNumber });
          return (
            <PortTile
              key={slot.systemNumber}
              slot={slot}
              bg={checked ? 'var(--mantine-color-red-light)' : undefined}
              testId={`diag-port-${slot.systemNumber}`}
              state={slot.unused ? 'unused' : off ? 'off' : 'on'}
              action={
                selectable && (
                  <Checkbox
                    size="xs"
                    checked={checked}
                    onChange={(event) => onToggle?.(slot.systemNumber, event.currentTarget.checked)}
                    aria-label={t('ports.choose', { port: name })}
                    data-testid={`pick-port-${slot.systemNumber}`}
                  />
                )
              }
            >
              <Text size="xs" c="dimmed" tt="uppercase">
                {slot.unused ? t('ports.unused') : slot.type}
              </Text>
              <PortLabel slot={slot} name={name} />
              {/* WAN ports are never switched, so they carry no on/off state. */}
              {!slot.unused && !wan && (
                <Badge
                  mt={4}
                  size="xs"
                  variant="light"
                  color={off ? 'red' : 'green'}
                  styles={{ label: { textTransform: 'none' } }}
                >
                  {off ? t('ports.off') : t('ports.on')}
                </Badge>
              )}
            </PortTile>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}
