import { Badge } from '@mantine/core';
import { IconCheck, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const MARKS = {
  maintenance: { color: 'grape', Icon: IconTool },
  acknowledged: { color: 'green', Icon: IconCheck },
} as const;

/**
 * A mark beside an alert's severity, or a site's on the map: in maintenance (grape, a tool) or acknowledged
 * (green, a check); the words are the caller's, in sentence case.
 */
export function AlertMarkBadge({ mark, children }: { mark: keyof typeof MARKS; children: ReactNode }) {
  const { color, Icon } = MARKS[mark];
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      leftSection={<Icon size={12} aria-hidden />}
      styles={{ label: { textTransform: 'none' } }}
    >
      {children}
    </Badge>
  );
}
