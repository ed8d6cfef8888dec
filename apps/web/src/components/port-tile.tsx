import { Group, Paper, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { PortSlot } from '../lib/ports.ts';

interface PortTileProps {
  slot: PortSlot;
  /** Beside the port's number: what can be done to it (rename, pick). */
  action?: ReactNode;
  /** A strip on the tile's edge, for a map that colours ports by state. */
  style?: CSSProperties;
  bg?: string;
  state: string;
  testId: string;
  children?: ReactNode;
}

/**
 * One tile of a device's port map (the device page's and the troubleshooting picker's): the port's number, the
 * caller's action beside it; the caller adds its type, state and label (`PortLabel`). Unused slots are drawn dashed, not
 * faded, so their text keeps its contrast.
 */
export function PortTile({ slot, action, style, bg, state, testId, children }: PortTileProps) {
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      style={{ ...style, borderStyle: slot.unused ? 'dashed' : undefined }}
      bg={bg}
      data-testid={testId}
      data-state={state}
    >
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text fw={700} size="sm">
          {slot.systemNumber}
        </Text>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** A port's label, cut to its tile (whole in its title), or its name when it has none. */
export function PortLabel({ slot, name, testId }: { slot: PortSlot; name: string; testId?: string }) {
  return (
    <Text size="xs" truncate="end" data-testid={testId} title={slot.label ?? undefined}>
      {slot.label ?? name}
    </Text>
  );
}
