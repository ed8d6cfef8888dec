import { Badge } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoverTooltip } from './hover-tooltip.tsx';

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

const MARK_ICONS = {
  maintenance: { Icon: IconTool, color: undefined },
  acknowledged: { Icon: IconCircleCheck, color: 'var(--mantine-color-green-7)' },
} as const;

/** The same marks as a bare icon beside an alert's name (a list, a widget's row), named and explained on hover. */
export function AlertMarkIcon({ mark, size = 16 }: { mark: keyof typeof MARK_ICONS; size?: number }) {
  const { t } = useTranslation('alerts');
  const { Icon, color } = MARK_ICONS[mark];
  const label = mark === 'maintenance' ? t('marks.maintenance') : t('marks.acknowledged');
  const { handlers, tooltip } = useHoverTooltip(label);
  return (
    <>
      <Icon size={size} aria-label={label} role="img" color={color} style={{ flexShrink: 0 }} {...handlers} />
      {tooltip}
    </>
  );
}
